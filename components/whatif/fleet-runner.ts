"use client";

// Runs a pool/fleet what-if in a Web Worker (components/whatif/fleet-whatif.worker.ts) when the
// browser can start one, else on the main thread in 8 ms slices. Both run lib/fleet-whatif.
import type { ClusterOverview, NodeRow } from "@/lib/dto";
import type { WhatIf } from "@/lib/eviction";
import { type FleetWhatIfResult, fleetWhatIf } from "@/lib/fleet-whatif";

export type FleetRunnerMessage = { type: "rows"; rows: readonly NodeRow[]; configs: ClusterOverview["configs"] } | { type: "run"; id: number; whatIf: WhatIf };

const SLICE_MS = 8;
const pause = () => {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise<void>((r) => setTimeout(r, 0));
};

type Pending = { resolve: (r: FleetWhatIfResult | null) => void; fallback: () => void };
let worker: Worker | null | undefined;
let rowsInWorker: readonly NodeRow[] | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL("./fleet-whatif.worker.ts", import.meta.url), { type: "module" });
  } catch {
    return (worker = null);
  }
  worker.onmessage = (e: MessageEvent<{ id: number; result: FleetWhatIfResult }>) => {
    performance.mark("headroom:what-if-fleet-worker"); // which path ran, for the e2e test and DevTools
    pending.get(e.data.id)?.resolve(e.data.result);
    pending.delete(e.data.id);
  };
  // A worker that cannot start (an old browser, a policy) or dies: every run goes to the main thread.
  worker.onerror = (e) => {
    e.preventDefault();
    worker?.terminate();
    worker = null;
    for (const p of pending.values()) p.fallback();
    pending.clear();
  };
  return worker;
}

function onMainThread(overview: Pick<ClusterOverview, "configs">, rows: readonly NodeRow[], whatIf: WhatIf, signal: AbortSignal) {
  return fleetWhatIf(overview, rows, whatIf, { signal, yieldEvery: SLICE_MS, pause });
}

/** Applies a what-if to the rows, in a worker when possible; resolves null when `signal` aborts first. */
export function runFleetWhatIf(overview: Pick<ClusterOverview, "configs">, rows: readonly NodeRow[], whatIf: WhatIf, signal: AbortSignal): Promise<FleetWhatIfResult | null> {
  const w = typeof Worker === "undefined" ? null : startWorker();
  if (!w) return onMainThread(overview, rows, whatIf, signal);
  return new Promise((resolve) => {
    const id = nextId++;
    const fallback = () => void onMainThread(overview, rows, whatIf, signal).then(resolve);
    pending.set(id, { resolve, fallback });
    signal.addEventListener("abort", () => {
      pending.delete(id);
      resolve(null);
    });
    try {
      if (rowsInWorker !== rows) {
        w.postMessage({ type: "rows", rows, configs: overview.configs } satisfies FleetRunnerMessage);
        rowsInWorker = rows;
      }
      w.postMessage({ type: "run", id, whatIf } satisfies FleetRunnerMessage);
    } catch {
      pending.delete(id);
      fallback();
    }
  });
}
