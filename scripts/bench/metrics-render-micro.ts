// Microbench of the /metrics renderers alone (no collection running): the memory-pressure sim's
// nodes copied to BENCH_NODES (5 000) with every value moved per copy, as after a collection cycle;
// the renderer before round five and today's, interleaved, in process CPU (BENCH_ONLY=now: today's
// alone). Prints medians; asserts nothing.
export {};

await import("../../bin/register-server-only.mjs");
const { startSim } = await import("../../lib/sim");
const { ClusterCache } = await import("../../lib/k8s/store/cache");
const { ClusterClient, loadKubeConfig } = await import("../../lib/k8s/io/client");
const { renderCacheMetrics } = await import("../../lib/k8s/metrics/exposition");
const { fleetFindings } = await import("../../lib/k8s/documents/findings");
const { renderCacheMetricsBefore } = await import("../../tests/k8s/metrics-reference");

const NODES = Number(process.env.BENCH_NODES ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const sim = await startSim({ scenario: "memory-pressure" });
sim.advance(270);
const cache = new ClusterCache({
  client: new ClusterClient(loadKubeConfig({ kind: "text", yaml: sim.kubeconfigFor("full") })),
  settings: {
    mode: "direct",
    summaryIntervalMs: 500,
    configzIntervalMs: 60_000,
    historySeconds: 60,
    concurrency: 8,
    kubeletTimeoutMs: 1000,
    kubeletInsecureSkipVerify: false,
  },
  profiles: [],
  demo: false,
  now: () => sim.clock.now(),
});
cache.start();
await cache.whenReady(30_000);
cache.stop();
const src = [...cache.states.values()].filter((s) => s.row);
let seed = 1;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
// Copies of the sim's nodes, made once; each run gives every copy new signal and pressure objects
// with moved values, as a recompute from a new Summary does.
const copies = Array.from({ length: NODES }, (_, i) => {
  const s = src[i % src.length]!;
  return [
    `${s.name}-${i}`,
    Object.create(s, { signals: { value: s.signals, writable: true }, pressure: { value: s.pressure, writable: true } }),
  ] as const;
});
function fleet(): Map<string, unknown> {
  for (const [i, [, copy]] of copies.entries()) {
    const s = src[i % src.length]!;
    const jitter = (v: number) => Math.round(v * (0.9 + 0.2 * rnd()));
    copy.signals = (s.signals ?? []).map((sig) => {
      const available = jitter(sig.available);
      return { ...sig, available, thresholds: sig.thresholds.map((t) => ({ ...t, margin: available - t.value })) };
    });
    const p = s.pressure;
    copy.pressure = p && { ...p, totals: p.totals && p.totals.map((t) => t + Math.round(rnd() * 1e6)) };
  }
  return new Map(copies);
}
const big = Object.create(cache, { states: { value: fleet(), writable: true } }) as InstanceType<typeof ClusterCache>;
fleetFindings(big, Infinity);
const before: number[] = [];
const now: number[] = [];
let same = 0;
for (let i = 0; i < RUNS; i++) {
  (big as unknown as { states: unknown }).states = fleet();
  fleetFindings(big, 0);
  const wall = big.clock.now();
  const run = (f: typeof renderCacheMetrics, into: number[]) => {
    const t = process.cpuUsage();
    const text = f(big, wall);
    const d = process.cpuUsage(t);
    into.push((d.user + d.system) / 1000);
    return text;
  };
  if (process.env.BENCH_ONLY === "now") {
    run(renderCacheMetrics, now);
    continue;
  }
  let a: string;
  let b: string;
  if (i % 2) {
    a = run(renderCacheMetricsBefore, before);
    b = run(renderCacheMetrics, now);
  } else {
    b = run(renderCacheMetrics, now);
    a = run(renderCacheMetricsBefore, before);
  }
  if (a.replace(/^headroom_collection_(lag|held).*$/gm, "") === b.replace(/^headroom_collection_(lag|held).*$/gm, "")) same++;
}
const med = (xs: number[]) => (xs.length ? [...xs].sort((x, y) => x - y)[xs.length >> 1]!.toFixed(1) : "-");
const lines = renderCacheMetrics(big).split("\n").length;
console.log(
  `${NODES} nodes, ${lines} lines: process CPU before median ${med(before)} ms, now median ${med(now)} ms (${RUNS} interleaved runs; identical text in ${same})`,
);
await sim.close();
process.exit(0);
