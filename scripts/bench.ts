// `npm run bench`: engine speed on a synthetic 5 000-node / 150 000-pod fleet. Prints figures;
// asserts nothing; each figure is printed beside its target (scripts/bench/targets.ts), MISSED when it misses.
import { performance } from "node:perf_hooks";

import { analyzeNode } from "../lib/eviction/index";
import { printedLines, recordBench } from "./bench/report";
import { syntheticNode } from "./bench/synthetic";
import { againstTarget } from "./bench/targets";

const NODES = Number(process.env.BENCH_NODES ?? 5000);
const PODS = Number(process.env.BENCH_PODS ?? 150_000);
const perNode = Math.round(PODS / NODES);

let parseMs = 0;
let analyzeMs = 0;
let peakRss = 0;
for (let i = 0; i < NODES; i++) {
  const docs = syntheticNode(i, perNode);
  const t0 = performance.now();
  const input = {
    node: JSON.parse(docs.node),
    pods: JSON.parse(docs.pods),
    summary: JSON.parse(docs.summary),
    kubeletConfig: JSON.parse(docs.configz),
  };
  const t1 = performance.now();
  analyzeNode(input);
  const t2 = performance.now();
  parseMs += t1 - t0;
  analyzeMs += t2 - t1;
  if (i % 250 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

/** Mean time of one analyzeNode on one synthetic node with `pods` pods, after a warm-up. */
function oneNodeMs(pods: number): number {
  const one = syntheticNode(42, pods);
  const input = {
    node: JSON.parse(one.node),
    pods: JSON.parse(one.pods),
    summary: JSON.parse(one.summary),
    kubeletConfig: JSON.parse(one.configz),
  };
  for (let i = 0; i < 50; i++) analyzeNode(input);
  const runs = 1000;
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) analyzeNode(input);
  return (performance.now() - t0) / runs;
}
const perThirty = oneNodeMs(30);
const perFull = oneNodeMs(110);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const mib = (b: number) => (b / 1024 / 1024).toFixed(0);
console.log(`engine bench: ${NODES} nodes, ${perNode * NODES} pods (${perNode}/node)`);
console.log(`  JSON.parse of all inputs:   ${parseMs.toFixed(0)} ms`);
const ratio = analyzeMs / parseMs;
console.log(
  `  analyzeNode for all nodes:  ${analyzeMs.toFixed(0)} ms  (ratio ${ratio.toFixed(2)} x parse) ${againstTarget("engineOverParse", ratio)}`,
);
console.log(`  one node with 30 pods:      ${perThirty.toFixed(3)} ms ${againstTarget("engineOneNode", perThirty)}`);
console.log(`  one node with 110 pods:     ${perFull.toFixed(3)} ms  (for information: a full node)`);
console.log(`  peak RSS:                   ${mib(peakRss)} MiB`);
recordBench("Engine (scripts/bench.ts)", printedLines());
