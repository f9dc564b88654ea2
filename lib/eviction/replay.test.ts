// replaySignal: the kubelet's loop of one eviction per cycle for one starved signal (spec §1 steps 6, 15-16,
// §5.2 min-reclaim stickiness, §8.2 pods without stats, §9.1 critical pods). No kubelet unit test covers
// this loop directly (eviction_manager_test.go drives the whole manager), so these cases come from the spec.
import { describe, expect, it } from "vitest";

import type { Threshold } from "./config/thresholds";
import type { Pod, PodStats } from "./k8s-types";
import type { Observations } from "./observe";
import { rankPods } from "./pods/rank";
import { replaySignal } from "./replay";
import type { Signal } from "./signals";
import { factsFor, Gi, LAYOUTS, Mi, observation, pod, podStats, threshold } from "./testing";

const MEM: Signal = "memory.available";

/** Ranks the pods for the signal (input order breaks ties) and replays. */
function replay(signal: Signal, thresholds: Threshold[], available: number, pods: Pod[], stats: PodStats[], capacity = 8 * Gi) {
  const observations: Observations = { [signal]: observation(available, capacity) };
  return replaySignal(signal, thresholds, observations, rankPods(factsFor(pods, stats), signal, LAYOUTS.singleFs));
}

const evicted = (r: ReturnType<typeof replaySignal>) => r.evicted.map((s) => s.name);
const trio = ["a", "b", "c"].map((name) => pod({ name }));
const using = (bytes: number) => trio.map((p) => podStats(p, { workingSet: bytes }));

describe("replaySignal: where it stops (strict >, spec §5.1-5.2)", () => {
  it.each([
    [
      "stops once available reaches threshold + min-reclaim exactly",
      threshold(MEM, "100Mi", { minReclaim: "50Mi" }),
      50 * Mi,
      ["a", "b"],
    ], // 50 → 100 → 150 = 150: not met
    [
      "goes on while one byte short of threshold + min-reclaim",
      threshold(MEM, "100Mi", { minReclaim: "50Mi" }),
      50 * Mi - 1,
      ["a", "b", "c"],
    ], // 150Mi − 1 < 150Mi
    ["without min-reclaim, stops at the threshold itself", threshold(MEM, "100Mi"), 50 * Mi, ["a"]], // 100 = 100: not met
  ] as const)("%s", (_name, t, start, want) => {
    const r = replay(MEM, [t], start, trio, using(50 * Mi));
    expect(evicted(r)).toEqual(want);
    expect(r.recovered).toBe(true);
  });
  it("reports each step's reclaimed usage", () => {
    const r = replay(MEM, [threshold(MEM, "100Mi", { minReclaim: "50Mi" })], 50 * Mi, trio, using(50 * Mi));
    expect(r.evicted).toEqual([
      { namespace: "default", name: "a", uid: "a", reclaimed: 50 * Mi },
      { namespace: "default", name: "b", uid: "b", reclaimed: 50 * Mi },
    ]);
  });
  it("runs out of pods before recovering", () => {
    const r = replay(MEM, [threshold(MEM, "1Gi")], 0, trio, using(10 * Mi));
    expect(evicted(r)).toEqual(["a", "b", "c"]);
    expect(r.recovered).toBe(false);
  });
  it("evicts nothing when no threshold on the signal is met", () => {
    const r = replay(MEM, [threshold(MEM, "100Mi", { minReclaim: "1Gi" })], 200 * Mi, trio, using(Mi));
    expect(r).toMatchObject({ evicted: [], recovered: true });
  });
  it("evicts nothing without an observation of the signal", () => {
    const ranked = rankPods(factsFor(trio, using(Mi)), MEM, LAYOUTS.singleFs);
    expect(replaySignal(MEM, [threshold(MEM, "1Gi")], {}, ranked)).toMatchObject({ evicted: [], recovered: true });
  });
  it("resolves % thresholds against the observation's capacity", () => {
    // 10% of 1000Mi = 104857601 bytes (float32) > 100Mi after one eviction, so a second pod goes.
    const r = replay(MEM, [threshold(MEM, { percentage: Math.fround(0.1) })], 50 * Mi, trio, using(50 * Mi), 1000 * Mi);
    expect(evicted(r)).toEqual(["a", "b"]);
  });
});

describe("replaySignal: which thresholds keep it going (spec §5.2)", () => {
  it("ignores thresholds on other signals", () => {
    const r = replay(MEM, [threshold(MEM, "100Mi"), threshold("nodefs.available", "100Gi")], 50 * Mi, trio, using(50 * Mi));
    expect(evicted(r)).toEqual(["a"]);
  });
  it("a met soft threshold stays until its own min-reclaim is cleared", () => {
    const ts = [threshold(MEM, "100Mi"), threshold(MEM, "300Mi", { minReclaim: "200Mi", gracePeriodSeconds: 60 })];
    const r = replay(MEM, ts, 250 * Mi, trio, using(100 * Mi)); // 250 → 350 → 450 → 550 ≥ 500
    expect(evicted(r)).toEqual(["a", "b", "c"]);
    expect(r.recovered).toBe(true);
  });
  it("a threshold that was not met does not become sticky through its min-reclaim", () => {
    // Only thresholds met in the previous cycle are re-tested with min-reclaim. The hard one (100Mi) is
    // never met here, so its 1Gi min-reclaim must not keep evicting once the soft one (300Mi) clears.
    const ts = [threshold(MEM, "100Mi", { minReclaim: "1Gi" }), threshold(MEM, "300Mi", { gracePeriodSeconds: 60 })];
    const r = replay(MEM, ts, 200 * Mi, trio, using(100 * Mi)); // 200 → 300 = 300: soft not met
    expect(evicted(r)).toEqual(["a"]);
    expect(r.recovered).toBe(true);
  });
});

describe("replaySignal: who goes (spec §8.2, §9.1)", () => {
  it("critical pods stay in the ranking but are skipped", () => {
    const critical = pod({ name: "critical", priority: 2_000_000_000 });
    const staticPod = pod({ name: "static", annotations: { "kubernetes.io/config.source": "file" } });
    const plain = pod({ name: "plain", priority: 5 });
    const stats = [
      podStats(critical, { workingSet: "900Mi" }),
      podStats(staticPod, { workingSet: "800Mi" }),
      podStats(plain, { workingSet: "10Mi" }),
    ];
    const ranked = rankPods(factsFor([plain, critical, staticPod], stats), MEM, LAYOUTS.singleFs);
    expect(ranked.map((e) => e.facts.name)).toEqual(["static", "plain", "critical"]); // all exceed their zero request; priority orders them
    const r = replaySignal(MEM, [threshold(MEM, "1Gi")], { [MEM]: observation(0, 8 * Gi) }, ranked);
    expect(evicted(r)).toEqual(["plain"]);
    expect(r.recovered).toBe(false);
  });
  it("evicts nothing when every pod is critical", () => {
    const pods = [
      pod({ name: "node-critical", priority: 2_000_001_000 }),
      pod({ name: "mirror", annotations: { "kubernetes.io/config.mirror": "h" } }),
    ];
    const r = replay(
      MEM,
      [threshold(MEM, "1Gi")],
      0,
      pods,
      pods.map((p) => podStats(p, { workingSet: Gi })),
    );
    expect(r).toMatchObject({ evicted: [], recovered: false });
  });
  it("a pod without stats is evicted first and gives back nothing measurable", () => {
    const statless = pod({ name: "statless", priority: 100 });
    const r = replay(MEM, [threshold(MEM, "100Mi")], 50 * Mi, [...trio, statless], using(60 * Mi));
    expect(r.evicted.map((s) => [s.name, s.reclaimed])).toEqual([
      ["statless", 0],
      ["a", 60 * Mi],
    ]);
  });
  it("pid: lower priority first, each eviction gives back its processes", () => {
    const pods = [pod({ name: "busy", priority: 10 }), pod({ name: "idle", priority: 0 }), pod({ name: "mid", priority: 0 })];
    const stats = [
      podStats(pods[0]!, { processes: 500 }),
      podStats(pods[1]!, { processes: 1 }),
      podStats(pods[2]!, { processes: 40 }),
    ];
    const r = replay("pid.available", [threshold("pid.available", 100)], 60, pods, stats, 4096); // 60 → 100 (mid) = 100: not met
    expect(r.evicted.map((s) => [s.name, s.reclaimed])).toEqual([["mid", 40]]);
  });
});
