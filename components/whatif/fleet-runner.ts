"use client";

// Runs a pool/fleet what-if in a Web Worker (components/whatif/fleet-whatif.worker.ts) when the
// browser can start one, else on the main thread in 8 ms slices. Both load the fleet document
// through fleet-source.ts and run lib/whatif/fleet.
import type { WhatIf } from "@/lib/eviction";
import { fleetWhatIf } from "@/lib/whatif/fleet";
import type { ConfigGroup } from "@/lib/whatif/kubelet-fragment";

import { loadSource, type FleetSource } from "./fleet-source";
import { forPage, type PageResult } from "./fleet-trim";

export type FleetRunnerMessage = { id: number; whatIf: WhatIf; source: FleetSource };
export type FleetRun = {
  result: PageResult;
  pods: number;
  groups: ConfigGroup[];
  /** Time spent loading the fleet document before the run (0 once loaded). */ loadMs: number;
};
export type FleetRunnerReply = ({ id: number } & FleetRun) | { id: number; error: string };

const SLICE_MS = 8;
const pause = () => {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise<void>((r) => setTimeout(r, 0));
};

type Pending = { resolve: (r: FleetRun | null) => void; reject: (e: Error) => void; fallback: () => void };
let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL("./fleet-whatif.worker.ts", import.meta.url), { type: "module" });
  } catch {
    return (worker = null);
  }
  worker.onmessage = (e: MessageEvent<FleetRunnerReply>) => {
    performance.mark("headroom:what-if-fleet-worker"); // which path ran, for the e2e test and DevTools
    const p = pending.get(e.data.id);
    pending.delete(e.data.id);
    if ("error" in e.data) p?.reject(new Error(e.data.error));
    else p?.resolve(e.data);
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

async function onMainThread(source: FleetSource, whatIf: WhatIf, signal: AbortSignal): Promise<FleetRun | null> {
  const t0 = performance.now();
  const loaded = await loadSource(source);
  const loadMs = performance.now() - t0;
  const result = await fleetWhatIf({ configs: loaded.configs }, loaded.rows, whatIf, { signal, yieldEvery: SLICE_MS, pause });
  return result && { result: forPage(result), pods: loaded.pods, groups: loaded.groups, loadMs };
}

/**
 * Applies a what-if to the nodes of `source`, in a worker when possible; resolves null when
 * `signal` aborts first, rejects when the fleet document cannot be loaded.
 */
export function runFleetWhatIf(source: FleetSource, whatIf: WhatIf, signal: AbortSignal): Promise<FleetRun | null> {
  const w = typeof Worker === "undefined" ? null : startWorker();
  if (!w) return onMainThread(source, whatIf, signal);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const fallback = () => void onMainThread(source, whatIf, signal).then(resolve, reject);
    pending.set(id, { resolve, reject, fallback });
    signal.addEventListener("abort", () => {
      pending.delete(id);
      resolve(null);
    });
    try {
      w.postMessage({ id, whatIf, source } satisfies FleetRunnerMessage);
    } catch {
      pending.delete(id);
      fallback();
    }
  });
}
