// How deep the nodes' history rings are when a bench's CPU window starts: a row's trend fits
// (lib/forecast/trend.ts) run from a few samples on and read up to TREND_WINDOW_SAMPLES, so the
// CPU a Summary costs depends on it. The data and replicas benches print it beside their CPU.
import { TREND_WINDOW_SAMPLES } from "../../lib/forecast/trend";

/** The deepest ring among the cache's nodes (a loop: 100 000 nodes would overflow a spread). */
export function historyDepth(states: Iterable<{ history: { size: number } }>): number {
  let deepest = 0;
  for (const s of states) deepest = Math.max(deepest, s.history.size);
  return deepest;
}

/** The depth as both benches print it. */
export const historyDepthText = (samples: number): string =>
  `${samples} history samples a node (the trend fits read up to ${TREND_WINDOW_SAMPLES})`;
