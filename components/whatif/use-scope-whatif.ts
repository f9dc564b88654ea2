"use client";

import { useQuery } from "@tanstack/react-query";
import { startTransition, useEffect, useMemo, useState } from "react";

import { nodeDocumentsOptions } from "@/lib/client/queries";
import type { NodeDetail } from "@/lib/contract/dto";
import type { MissingDocument } from "@/lib/contract/node-documents";
import { analyze, parseAnalyzeInput, withWhatIf, type AnalyzeInput, type AnalyzeOutput, type WhatIf } from "@/lib/eviction";
import type { ConfigGroup } from "@/lib/whatif/kubelet-fragment";
import { detailInput, detailOutcome } from "@/lib/whatif/node";
import { concernsPods, type NodeOutcome } from "@/lib/whatif/outcome";

import { runFleetWhatIf } from "./fleet-runner";
import { sourceKey, type FleetSource } from "./fleet-source";
// Pod detail is loaded for the first PODS_FOR_NODES concerned nodes; the rest are named with their
// node-level result and link to their own page.
import { PODS_FOR_NODES, type PageResult } from "./fleet-trim";
import { useSettledValue } from "./use-settled-value";

const SLICE_MS = 8;
const DETAIL_SETTLE_MS = 300;
const RUN_SETTLE_MS = 150;

// A node document is validated and analyzed live once; each what-if re-runs only `analyze`.
const liveOf = new WeakMap<NodeDetail, { parsed: AnalyzeInput; live: AnalyzeOutput }>();
function liveDetail(d: NodeDetail) {
  let hit = liveOf.get(d);
  if (!hit) {
    const parsed = parseAnalyzeInput(detailInput(d));
    hit = { parsed, live: analyze(parsed) };
    liveOf.set(d, hit);
  }
  return hit;
}

export interface ScopeWhatIf {
  result:
    | (PageResult & {
        outcomes: NodeOutcome[];
        pods: number;
        groups: ConfigGroup[];
        /** Concerned nodes whose document (pods) could not be had, with why (an owner replica not answering). */
        detailMissing: MissingDocument[];
      })
    | null;
  pending: boolean;
  error: Error | null;
}

/**
 * Runs a what-if over a pool or the fleet: every node through the engine, in a Web Worker (else in
 * slices on the main thread) so the sliders stay responsive on 5 000 nodes (a newer what-if aborts
 * the run in flight), then the pods of
 * the first concerned nodes from their node documents, through the same engine run as the node page.
 */
export function useScopeWhatIf(whatIf: WhatIf, scope: "pool" | "all", pool: string | null, nodeName: string): ScopeWhatIf {
  // The fleet document is fetched and parsed inside the what-if's Web Worker (fleet-source.ts): on
  // the main thread, parsing 9 MB (or copying it into the worker) is a task of hundreds of ms.
  const source = useMemo(
    (): FleetSource => (scope === "all" ? { scope } : { scope, pool, node: nodeName }),
    [scope, pool, nodeName],
  );
  const key = sourceKey(source);
  const [run, setRun] = useState<{
    whatIf: WhatIf;
    key: string;
    result: PageResult;
    pods: number;
    groups: ConfigGroup[];
  } | null>(null);
  const [failed, setFailed] = useState<{ key: string; error: Error } | null>(null);
  // A run starts once the slider pauses: runs abandoned a step later would only take CPU from the
  // main thread on a busy machine.
  const runWhatIf = useSettledValue(whatIf, RUN_SETTLE_MS);
  useEffect(() => {
    const whatIf = runWhatIf;
    const ac = new AbortController();
    const start = performance.now();
    runFleetWhatIf(source, whatIf, ac.signal).then(
      (r) => {
        if (!r || ac.signal.aborted) return;
        // the what-if itself, without the one-off load of the fleet document before the first run
        performance.measure("headroom:what-if-fleet", { start: start + r.loadMs, end: performance.now() });
        // a transition: the result's list renders in slices, never in one task the slider would wait for
        startTransition(() => setRun({ whatIf, key, result: r.result, pods: r.pods, groups: r.groups }));
      },
      (error: Error) => {
        if (!ac.signal.aborted) setFailed({ key, error });
      },
    );
    return () => ac.abort();
  }, [key, source, runWhatIf]);
  const current = run?.whatIf === whatIf && run.key === key;
  // Pods are loaded once the result rests (not on every slider step): fetching and analyzing a dozen
  // node documents is work the slider must not wait for.
  const settled = useSettledValue(run, DETAIL_SETTLE_MS);
  const concerned = useMemo(
    () =>
      (settled?.result.changed ?? [])
        .filter(concernsPods)
        .slice(0, PODS_FOR_NODES)
        .map((o) => o.node),
    [settled],
  );
  // One request for all of them (GET /api/nodes?names=…): with several replicas, one peer request
  // per owner instead of one forwarded request per node.
  const details = useQuery({ ...nodeDocumentsOptions(concerned), staleTime: 60_000 });
  const docs = details.data?.documents ?? [];
  const docsKey = details.dataUpdatedAt;
  const [detailed, setDetailed] = useState<{ run: typeof run; byNode: Map<string, NodeOutcome> } | null>(null);
  useEffect(() => {
    if (!settled) return;
    let cancelled = false;
    const byNode = new Map<string, NodeOutcome>();
    const ready: NodeDetail[] = docs;
    let i = 0;
    // one slice per task, as the fleet run does
    const step = () => {
      if (cancelled) return;
      const t0 = performance.now();
      while (i < ready.length && performance.now() - t0 < SLICE_MS) {
        const d = ready[i++]!;
        try {
          const { parsed, live } = liveDetail(d);
          byNode.set(d.row.name, detailOutcome(d, live, analyze(withWhatIf(parsed, settled.whatIf))));
        } catch {
          // the node-level outcome stays; the engine's message is in result.errors
        }
      }
      if (i < ready.length) setTimeout(step, 0);
      else startTransition(() => setDetailed({ run: settled, byNode }));
    };
    step();
    return () => void (cancelled = true);
    // keyed by when each document arrived: useQueries returns new result objects every render
    // eslint-disable-next-line react-hooks/exhaustive-deps -- docsKey stands for docs (see above)
  }, [settled, docsKey]);
  const byNode = detailed && detailed.run === run ? detailed.byNode : null;
  const result = useMemo(
    () =>
      run
        ? {
            ...run.result,
            outcomes: run.result.changed.map((o) => byNode?.get(o.node) ?? o),
            pods: run.pods,
            groups: run.groups,
            detailMissing:
              details.data?.missing ?? (details.error ? concerned.map((name) => ({ name, error: details.error.message })) : []),
          }
        : null,
    [run, byNode, details.data, details.error, concerned],
  );
  // A failed fleet document says so, unless a result for this scope is already shown.
  const error = failed?.key === key && run?.key !== key ? failed.error : null;
  return { result: run?.key === key ? result : null, pending: !current, error };
}
