// The pool/fleet what-if off the main thread: the same lib/fleet-whatif run (the engine per node),
// so dragging a slider never waits for 5 000 nodes. Rows arrive once per fleet document; each run
// message carries only the what-if, and a newer run makes the one in flight stop at its next slice.
import type { NodeRow } from "@/lib/dto";
import type { WhatIf } from "@/lib/eviction";
import { fleetWhatIf } from "@/lib/fleet-whatif";
import type { FleetRunnerMessage } from "./fleet-runner";

let rows: readonly NodeRow[] = [];
let configs: Parameters<typeof fleetWhatIf>[0]["configs"] = {};
let latest = 0;

self.onmessage = async (e: MessageEvent<FleetRunnerMessage>) => {
  const m = e.data;
  if (m.type === "rows") {
    rows = m.rows;
    configs = m.configs;
    return;
  }
  latest = m.id;
  const id = m.id;
  const whatIf: WhatIf = m.whatIf;
  const signal = { get aborted() { return latest !== id; } } as AbortSignal;
  const result = await fleetWhatIf({ configs }, rows, whatIf, { signal, yieldEvery: 20, pause: () => new Promise((r) => setTimeout(r, 0)) });
  if (result) (self as unknown as { postMessage(m: unknown): void }).postMessage({ id, result });
};
