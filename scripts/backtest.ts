// npm run backtest [-- --hours 3] [-- --scenario slow-leak,bursts]: plays each scenario on the
// simulated clock, records every forecast Headroom makes at every 10 s step and scores it against
// the evictions the simulated kubelets performed (lib/forecast/backtest). Prints a Markdown table.
import { parseArgs } from "node:util";

import { SHAPES, table } from "@/lib/forecast/backtest/report";
import { record } from "@/lib/forecast/backtest/run";
import { score, type Score } from "@/lib/forecast/backtest/score";

const { values } = parseArgs({ options: { hours: { type: "string", default: "3" }, scenario: { type: "string" } } });
const hours = Number(values.hours);
if (!(hours > 0)) throw new Error(`--hours: expected a positive number of simulated hours, got ${values.hours}`);
const names = values.scenario ? values.scenario.split(",") : SHAPES.map((s) => s.scenario);
const unknown = names.filter((n) => !SHAPES.some((s) => s.scenario === n));
if (unknown.length)
  throw new Error(`--scenario: unknown ${unknown.join(", ")} (known: ${SHAPES.map((s) => s.scenario).join(", ")})`);

const scores: Score[] = [];
for (const name of names) {
  const t0 = performance.now();
  const s = score(await record(name, hours * 3600));
  scores.push(s);
  console.error(
    `${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s${s.examples.length ? `; e.g. ${s.examples.join(" | ")}` : ""}`,
  );
}
console.log(table(scores));
