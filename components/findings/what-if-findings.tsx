"use client";

import { useMemo } from "react";

import { MUTED } from "@/components/ui/styles";
import type { NodeDetail } from "@/lib/contract/dto";
import type { Node, Pod, Summary, WhatIf } from "@/lib/eviction";
import { cn } from "@/lib/format";
import { adviseNode, findingsDiff, type Finding } from "@/lib/whatif/advisor-fixes";

import { SeverityBadge } from "./finding-item";

/** The advisor run on the node's document as the browser holds it, with or without the what-if. */
function adviseDetail(d: NodeDetail, whatIf: WhatIf | null): Finding[] {
  const memory = d.history.signals["memory.available"];
  const nodeInfo = (d.node as { status?: { nodeInfo?: { kubeletVersion?: string } } }).status?.nodeInfo;
  return adviseNode({
    name: d.row.name,
    kubeletConfig: d.kubeletConfig,
    kubeletFlags: d.kubeletFlags,
    node: d.node as Node,
    kubeletVersion: nodeInfo?.kubeletVersion ?? null,
    pods: d.pods as Pod[],
    summary: d.summary as Summary | null,
    memoryHistory: memory
      ? { start: d.history.start, intervalSeconds: d.history.intervalSeconds, available: memory.available }
      : null,
    whatIf,
  });
}

/** The what-if's effect on the advisor: the findings its change adds and removes on this node (pool drift is the fleet's). */
export function WhatIfFindings({ detail, whatIf }: { detail: NodeDetail; whatIf: WhatIf }) {
  const diff = useMemo(() => findingsDiff(adviseDetail(detail, null), adviseDetail(detail, whatIf)), [detail, whatIf]);
  if (diff.added.length + diff.removed.length === 0)
    return (
      <p className={cn("text-sm", MUTED)} data-testid="what-if-findings">
        This change adds and removes no configuration findings.
      </p>
    );
  const list = (fs: Finding[], verb: string) =>
    fs.length > 0 && (
      <div>
        <h4 className="text-sm font-medium">
          {verb} {fs.length} finding{fs.length > 1 ? "s" : ""}
        </h4>
        <ul className="space-y-1 text-sm">
          {fs.map((f, i) => (
            <li key={`${f.rule}-${i}`} className="flex gap-2">
              <SeverityBadge severity={f.severity} />
              <span>{f.message}</span>
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <section className="space-y-2" data-testid="what-if-findings" aria-label="Configuration findings this change adds or removes">
      <h3 className="font-medium">Configuration findings</h3>
      {list(diff.removed, "Removes")}
      {list(diff.added, "Adds")}
    </section>
  );
}
