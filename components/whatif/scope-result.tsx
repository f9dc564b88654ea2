"use client";

import Link from "next/link";
import { memo, useMemo } from "react";

import { ErrorNote } from "@/components/ui/error-note";
import { serializeUrlState, type UrlState } from "@/lib/client/url-state";
import type { WhatIf } from "@/lib/eviction";
import { formatCount, formatResource } from "@/lib/format";
import type { NodeOutcome } from "@/lib/whatif/outcome";
import { whatIfVerdict } from "@/lib/words/whatif";

import { LISTED } from "./fleet-trim";
import { KubeletChangesByGroup } from "./kubelet-change";
import { useScopeWhatIf } from "./use-scope-whatif";
import { useSettledValue } from "./use-settled-value";
import { WhatIfVerdict } from "./what-if-verdict";

function arrow(before: string, after: string) {
  return before === after ? after : `${before} → ${after}`;
}

function NodeLine({ o, href }: { o: NodeOutcome; href: string }) {
  const pressure = arrow(o.pressureBefore.join(", ") || "no pressure", o.pressureAfter.join(", ") || "no pressure");
  const mem = arrow(
    formatResource("memory", o.allocatableBefore.memory ?? 0),
    formatResource("memory", o.allocatableAfter.memory ?? 0),
  );
  const evicted = o.pods?.evictions.flatMap((r) => r.pods.map((p) => `${p.namespace}/${p.name}`)) ?? [];
  return (
    <li className="border-t border-zinc-200 py-1 dark:border-zinc-800" data-testid="scope-node" data-node={o.node}>
      {/* No prefetch: the href changes with every slider step, and 50 prefetched routes per step would load the main thread. */}
      <Link href={href} prefetch={false} className="font-mono text-blue-700 underline dark:text-blue-300">
        {o.node}
      </Link>
      <span className="ml-2">{pressure}</span>
      <span className="ml-2 text-zinc-600 dark:text-zinc-400">allocatable memory {mem}</span>
      {o.pods && o.pods.noLongerFit.length > 0 && (
        <p data-testid="scope-nofit">no longer fit: {o.pods.noLongerFit.map((p) => `${p.namespace}/${p.name}`).join(", ")}</p>
      )}
      {!o.pods && o.overBy > 0 && <p>pod memory requests {formatResource("memory", o.overBy)} above the new allocatable</p>}
      {evicted.length > 0 && <p data-testid="scope-evicted">would evict: {evicted.join(", ")}</p>}
    </li>
  );
}

// The links carry the what-if; they follow it once the slider rests, not on every step (50 links
// re-rendered per key press would be most of a step's main-thread time).
const LINKS_SETTLE_MS = 300;

const NodeList = memo(function NodeList({
  outcomes,
  changedCount,
  query,
}: {
  outcomes: NodeOutcome[];
  changedCount: number;
  query: string;
}) {
  return (
    <ul className="min-w-0" aria-label="Nodes whose state changes">
      {outcomes.slice(0, LISTED).map((o) => (
        <NodeLine key={o.node} o={o} href={`/nodes/${encodeURIComponent(o.node)}?${query}`} />
      ))}
      {changedCount > LISTED && (
        <li className="py-1 text-zinc-600 dark:text-zinc-400">and {formatCount(changedCount - LISTED)} more nodes</li>
      )}
    </ul>
  );
});

/** A pool- or fleet-wide what-if: the verdict, then each node whose state changes, linking to its page with the same what-if. */
export function ScopeResult({
  whatIf,
  state,
  pool,
  nodeName,
}: {
  whatIf: WhatIf;
  state: UrlState;
  pool: string | null;
  nodeName: string;
}) {
  const scope = state.whatIf.scope === "pool" ? "pool" : "all";
  const { result, pending, error } = useScopeWhatIf(whatIf, scope, pool, nodeName);
  const verdict = useMemo(
    () => result && whatIfVerdict(result.outcomes, { nodes: result.size, pods: result.pods, single: false }),
    [result],
  );
  const query = useSettledValue(serializeUrlState({ ...state, whatIfPanel: "open" }).toString(), LINKS_SETTLE_MS);
  // A failed fleet document says so; it must not read as a load that never ends.
  if (error)
    return (
      <ErrorNote className="text-sm" data-testid="fleet-impact-error">
        Could not load the fleet: {error.message}
      </ErrorNote>
    );
  if (!result || !verdict)
    return (
      <p role="status" className="text-sm">
        Loading the fleet…
      </p>
    );
  const where = scope === "pool" ? `pool ${pool ?? "(none)"}` : "every node";
  return (
    <section className="min-w-0 space-y-2 text-sm" data-testid="fleet-impact" aria-busy={pending}>
      <h3 className="font-semibold">
        Across {formatCount(result.size)} node{result.size === 1 ? "" : "s"} ({where})
        {pending && <span className="ml-2 font-normal text-zinc-500">recomputing…</span>}
      </h3>
      <WhatIfVerdict verdict={verdict} testId="scope-verdict" pending={pending} />
      {result.errors.map((e) => (
        <ErrorNote key={e}>{e}</ErrorNote>
      ))}
      {result.detailMissing.length > 0 && (
        <ErrorNote data-testid="fleet-detail-missing">
          Pods not shown for {result.detailMissing.map((m) => `${m.name} (${m.error})`).join(", ")}.
        </ErrorNote>
      )}
      {result.withoutStats.length > 0 && (
        <p className="text-zinc-600 dark:text-zinc-400">
          {result.withoutStats.length} node(s) without kubelet stats were not evaluated.
        </p>
      )}
      {result.outcomes.length > 0 && <NodeList outcomes={result.outcomes} changedCount={result.changedCount} query={query} />}
      <KubeletChangesByGroup whatIf={whatIf} groups={result.groups} />
    </section>
  );
}
