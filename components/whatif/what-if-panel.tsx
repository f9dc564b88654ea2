"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { Pod } from "@/lib/eviction/k8s-types";
import type { AnalyzeOutput } from "@/lib/eviction/types";
import { fleetWhatIf } from "@/lib/fleet-whatif";
import { timed } from "@/lib/perf";
import { clusterOptions } from "@/lib/queries";
import { type WhatIfState, emptyWhatIf, hasWhatIf, serializeUrlState, type UrlState, toEngineWhatIf } from "@/lib/url-state";
import { WhatIfControls } from "./what-if-controls";
import { WhatIfDiff } from "./what-if-diff";

interface Props {
  nodeName: string;
  pool: string | null;
  live: AnalyzeOutput;
  next: AnalyzeOutput | null;
  nextError: string | null;
  pods: Pod[];
  capacity: Record<string, number>;
  requested: Record<string, number>;
  state: UrlState;
  setState: (f: (s: UrlState) => UrlState) => void;
}

function FleetImpact({ w, pool, nodeName }: { w: WhatIfState; pool: string | null; nodeName: string }) {
  const { data, error } = useQuery(clusterOptions());
  const result = useMemo(() => {
    if (!data) return null;
    const rows = w.scope === "pool" ? data.nodes.filter((r) => r.pool === pool || r.name === nodeName) : data.nodes;
    return { size: rows.length, ...timed("headroom:what-if-fleet", () => fleetWhatIf(data, rows, toEngineWhatIf(w))) };
  }, [data, w, pool, nodeName]);
  // A failed fleet document says so; it must not read as a load that never ends.
  if (!result && error) return <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="fleet-impact-error">Could not load the fleet: {error.message}</p>;
  if (!result) return <p role="status" className="text-sm">Loading the fleet…</p>;
  return (
    <div className="text-sm" data-testid="fleet-impact">
      <p>
        Across {result.size} node{result.size === 1 ? "" : "s"} ({w.scope === "pool" ? `pool ${pool ?? "(none)"}` : "every node"}): {result.newlyPressured.length} would come under pressure,{" "}
        {result.overcommitted.length} would have pod memory requests above allocatable.
      </p>
      {result.newlyPressured.length > 0 && <p className="text-red-600">Newly under pressure: {result.newlyPressured.slice(0, 20).join(", ")}{result.newlyPressured.length > 20 ? " …" : ""}</p>}
      {result.errors.map((e) => (
        <p key={e} role="alert" className="text-red-600">{e}</p>
      ))}
    </div>
  );
}

/** What-if: change reservations, thresholds and usage; the engine recomputes in the browser on every change. */
export function WhatIfPanel(p: Props) {
  const [copied, setCopied] = useState(false);
  const w = p.state.whatIf;
  const update = (f: (w: WhatIfState) => WhatIfState) => p.setState((s) => ({ ...s, whatIf: f(s.whatIf) }));
  const copy = async () => {
    const qs = serializeUrlState(p.state).toString();
    await navigator.clipboard.writeText(`${window.location.origin}${window.location.pathname}${qs ? `?${qs}` : ""}`);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <section aria-labelledby="whatif-h" className="space-y-3 rounded border border-blue-200 p-3 dark:border-blue-900">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="whatif-h" className="text-lg font-medium">
          What if…
        </h2>
        <button type="button" className="rounded border border-zinc-300 px-2 py-0.5 text-sm dark:border-zinc-700" onClick={() => p.setState((s) => ({ ...s, whatIf: emptyWhatIf() }))} disabled={!hasWhatIf(w)}>
          Reset to live values
        </button>
        <button type="button" className="rounded border border-zinc-300 px-2 py-0.5 text-sm dark:border-zinc-700" onClick={copy}>
          {copied ? "Link copied" : "Copy link"}
        </button>
      </div>
      <WhatIfControls live={p.live} capacity={p.capacity} w={w} update={update} />
      {p.nextError && (
        <p role="alert" data-testid="what-if-error" className="text-sm text-red-600">
          {p.nextError}
        </p>
      )}
      {p.next && <WhatIfDiff live={p.live} next={p.next} pods={p.pods} requested={p.requested} />}
      {hasWhatIf(w) && w.scope !== "node" && <FleetImpact w={w} pool={p.pool} nodeName={p.nodeName} />}
    </section>
  );
}
