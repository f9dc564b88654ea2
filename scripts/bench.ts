// `npm run bench`: engine speed on a synthetic 5 000-node / 150 000-pod fleet. Prints figures;
// asserts nothing (targets are checked by reading the output, not by timed tests).
import { performance } from "node:perf_hooks";

import { analyzeNode } from "../lib/eviction/index";
import { printedLines, recordBench } from "./bench/report";
import { syntheticNode } from "./bench/synthetic";

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

const one = syntheticNode(42, 110);
const oneInput = {
  node: JSON.parse(one.node),
  pods: JSON.parse(one.pods),
  summary: JSON.parse(one.summary),
  kubeletConfig: JSON.parse(one.configz),
};
for (let i = 0; i < 50; i++) analyzeNode(oneInput);
const runs = 500;
const t0 = performance.now();
for (let i = 0; i < runs; i++) analyzeNode(oneInput);
const perOne = (performance.now() - t0) / runs;
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const mib = (b: number) => (b / 1024 / 1024).toFixed(0);
console.log(`engine bench: ${NODES} nodes, ${perNode * NODES} pods (${perNode}/node)`);
console.log(`  JSON.parse of all inputs:   ${parseMs.toFixed(0)} ms`);
console.log(
  `  analyzeNode for all nodes:  ${analyzeMs.toFixed(0)} ms  (ratio ${(analyzeMs / parseMs).toFixed(2)} x parse; target <= 1.0)`,
);
console.log(`  one node with 110 pods:     ${perOne.toFixed(3)} ms  (target < 1 ms)`);
console.log(`  peak RSS:                   ${mib(peakRss)} MiB`);
recordBench("Engine (scripts/bench.ts)", printedLines());
