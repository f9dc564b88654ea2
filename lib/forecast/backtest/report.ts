// The backtest's table, in Markdown, one row per scenario and workload shape.
import type { Score } from "./score";

/** The scenarios the backtest plays, each with the workload shape it stands for. */
export const SHAPES: readonly { scenario: string; shape: string; forecastable: boolean }[] = [
  { scenario: "memory-pressure", shape: "fast leak (memory, 16Mi/s)", forecastable: true },
  { scenario: "slow-leak", shape: "slow leak (memory, 2Mi/s)", forecastable: true },
  { scenario: "disk-pressure", shape: "leak (disk: build cache, logs)", forecastable: true },
  { scenario: "pid-pressure", shape: "leak (pids: a fork bomb)", forecastable: true },
  { scenario: "sawtooth", shape: "sawtooth batch jobs", forecastable: false },
  { scenario: "bursts", shape: "bursts", forecastable: false },
  { scenario: "oom-loop", shape: "container in an OOM-kill loop", forecastable: true },
  { scenario: "steady", shape: "steady load", forecastable: true },
  { scenario: "demo", shape: "the demo (mixed)", forecastable: true },
];

const pct = (x: number | null) => (x == null ? "–" : x.toFixed(2));

/** The Markdown table of the scores. */
export function table(scores: readonly Score[]): string {
  const rows = scores.map((s) => {
    const shape = SHAPES.find((x) => x.scenario === s.scenario)?.shape ?? s.scenario;
    return `| ${shape} | \`${s.scenario}\` | ${s.hours} h | ${s.evictions} | ${pct(s.recall)} (${s.foreseen}) | ${pct(s.precision)} (${s.cameTrue}/${s.due}) | ${s.medianLeadSeconds == null ? "–" : `${Math.round(s.medianLeadSeconds)} s`} | ${s.lowerBounds ? `${s.lowerBoundsHeld}/${s.lowerBounds}` : "–"} | ${s.contradictions} | ${s.warned} |`;
  });
  return [
    "| shape | scenario | simulated | evictions | recall (foreseen) | precision (true/due ≤ 5 min) | median lead | lower bounds held | contradictions | unforeseen but warned |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}
