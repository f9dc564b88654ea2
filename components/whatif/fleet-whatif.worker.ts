// The pool/fleet what-if off the main thread: the same lib/whatif/fleet run (the engine per node),
// so dragging a slider never waits for 5 000 nodes. The worker fetches and parses the fleet
// document itself (once a minute at most), so the main thread never holds the 9 MB document nor
// copies it into the worker; each run message carries only the what-if and its scope, and a newer
// run makes the one in flight stop at its next slice.
import { fleetWhatIf } from "@/lib/whatif/fleet";

import type { FleetRunnerMessage, FleetRunnerReply } from "./fleet-runner";
import { loadSource } from "./fleet-source";
import { forPage } from "./fleet-trim";

let latest = 0;
const reply = (m: FleetRunnerReply) => (self as unknown as { postMessage(m: FleetRunnerReply): void }).postMessage(m);

self.onmessage = async (e: MessageEvent<FleetRunnerMessage>) => {
  const { id, whatIf, source } = e.data;
  latest = id;
  const t0 = performance.now();
  let loaded;
  try {
    loaded = await loadSource(source);
  } catch (err) {
    if (latest === id) reply({ id, error: (err as Error).message });
    return;
  }
  if (latest !== id) return;
  const loadMs = performance.now() - t0;
  const signal = {
    get aborted() {
      return latest !== id;
    },
  } as AbortSignal;
  const result = await fleetWhatIf({ configs: loaded.configs }, loaded.rows, whatIf, {
    signal,
    yieldEvery: 20,
    pause: () => new Promise((r) => setTimeout(r, 0)),
  });
  if (result) reply({ id, result: forPage(result), pods: loaded.pods, groups: loaded.groups, loadMs });
};
