"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { MUTED } from "@/components/ui/styles";
import type { FindingEntry } from "@/lib/contract/findings";
import { cn } from "@/lib/format";

import { FindingItem, SeverityBadge } from "./finding-item";
import { findingsOptions } from "./findings-query";

const NO_POOL = "(no pool label)";

interface RuleGroup {
  rule: string;
  title: string;
  severity: FindingEntry["severity"];
  source: string;
  pools: { pool: string; findings: FindingEntry[]; nodes: string[] }[];
  count: number;
}

/** Groups findings by rule (errors first, as the server sorts them), then by pool, with each pool's nodes. */
function groupFindings(findings: readonly FindingEntry[]): RuleGroup[] {
  const rules = new Map<string, RuleGroup>();
  for (const f of findings) {
    let g = rules.get(f.rule);
    if (!g)
      rules.set(f.rule, (g = { rule: f.rule, title: f.title, severity: f.severity, source: f.source, pools: [], count: 0 }));
    const poolName = f.pool ?? NO_POOL;
    let p = g.pools.find((x) => x.pool === poolName);
    if (!p) g.pools.push((p = { pool: poolName, findings: [], nodes: [] }));
    p.findings.push(f);
    if (f.node && !p.nodes.includes(f.node)) p.nodes.push(f.node);
    g.count++;
  }
  for (const g of rules.values()) g.pools.sort((a, b) => a.pool.localeCompare(b.pool));
  return [...rules.values()];
}

export function FleetFindingsView() {
  const { data, error } = useQuery(findingsOptions());
  if (error)
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-200">
        Findings unavailable: {error.message}
      </p>
    );
  if (!data) return <p role="status">Loading…</p>;
  if (data.findings.length === 0) return <p className={cn("text-sm", MUTED)}>No kubelet-configuration findings on any node.</p>;
  const groups = groupFindings(data.findings);
  return (
    <ul className="space-y-4">
      {groups.map((g) => (
        <li key={g.rule} className="space-y-2" data-testid="rule-group" data-rule={g.rule}>
          <h2 className="flex flex-wrap items-baseline gap-2 text-lg font-semibold">
            <SeverityBadge severity={g.severity} />
            <span>{g.title}</span>
            <span className={cn("text-sm font-normal", MUTED)} data-testid="rule-count">
              {g.count} finding{g.count > 1 ? "s" : ""} on {new Set(g.pools.flatMap((p) => p.nodes)).size} node
              {new Set(g.pools.flatMap((p) => p.nodes)).size > 1 ? "s" : ""}
            </span>
          </h2>
          <p className={cn("text-xs [overflow-wrap:anywhere]", MUTED)}>
            <code>{g.rule}</code> · Kubelet source: {g.source}
          </p>
          {g.pools.map((p) => (
            <details key={p.pool} className="rounded border border-zinc-200 p-2 dark:border-zinc-800" data-testid="pool-group">
              {/* the summary holds no link (axe nested-interactive): the node links come first inside */}
              <summary className="cursor-pointer text-sm">
                <span className="font-medium">Pool {p.pool}</span>: {p.findings.length} finding{p.findings.length > 1 ? "s" : ""}{" "}
                on {p.nodes.length} node{p.nodes.length > 1 ? "s" : ""}
              </summary>
              <p className="text-sm">
                {p.nodes.map((n, i) => (
                  <span key={n}>
                    {i > 0 && ", "}
                    <Link
                      className="font-mono text-blue-800 underline dark:text-blue-300"
                      href={`/nodes/${encodeURIComponent(n)}`}
                    >
                      {n}
                    </Link>
                  </span>
                ))}
              </p>
              <ul className="mt-2 space-y-2">
                {p.findings.map((f, i) => (
                  <FindingItem key={`${f.node}-${i}`} f={f} heading={<span className="font-mono">{f.node}</span>} />
                ))}
              </ul>
            </details>
          ))}
        </li>
      ))}
    </ul>
  );
}
