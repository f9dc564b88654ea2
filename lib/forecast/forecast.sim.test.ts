// The forecast on the simulated cluster: the memory-pressure scenario, stepped 10 s at a time
// while a NodeHistory collects samples as Headroom's cache does, produces each live state at known
// times. These times are also what the frozen e2e servers fast-forward to (playwright.config.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { analyzeNode, type Pod } from "@/lib/eviction";
import { evictionRecords } from "@/lib/k8s/documents/evictions";
import { NodeHistory } from "@/lib/k8s/store/history";
import { trimPod } from "@/lib/k8s/store/trim";
import { decodeWire, type WirePod } from "@/lib/k8s/store/wire";
import { startSim, type Sim } from "@/lib/sim";
import { podObject } from "@/lib/sim/state/pod-object";

import { FORECAST_STATES } from "../../e2e/constants";
import { liveVerdict } from "../words/forecast-verdict";
import { forecastNode, transitionPeriodOf, type NodeForecast } from "./index";

const utc = (ms: number) => new Date(ms).toISOString().slice(11, 19);

interface Snapshot {
  t: number;
  now: number;
  fc: NodeForecast[];
}

let sim: Sim;
const snapshots: Snapshot[] = [];

function forecastAll(histories: NodeHistory[]): NodeForecast[] {
  return sim.cluster.nodes.map((n, i) => {
    const input = sim.cluster.brainInput(n);
    const result = analyzeNode(input);
    histories[i]!.push(
      sim.clock.now(),
      result.signals.map((s) => ({ signal: s.signal, available: s.available, capacity: s.capacity })),
    );
    // The pods as the cache keeps them (trimmed on arrival).
    const all = [...sim.cluster.stores.pods.values()]
      .flatMap((e) => trimPod(decodeWire<WirePod>(podObject(e.src), "pod")) ?? [])
      .filter((p) => p.spec.nodeName === n.name);
    return forecastNode({
      now: sim.clock.now(),
      result,
      history: histories[i]!.series(10),
      conditions: (input.node.status?.conditions ?? []) as { type: string; status: string; lastTransitionTime?: string }[],
      evictions: evictionRecords(all, [], n.name),
      pods: input.pods as Pod[],
      transitionPeriodSeconds: transitionPeriodOf(input.kubeletConfig, null),
    });
  });
}

beforeAll(async () => {
  sim = await startSim({ scenario: "memory-pressure" });
  const histories = sim.cluster.nodes.map(() => new NodeHistory(360));
  // Headroom samples a few seconds after each kubelet cycle (node i runs at second i mod 10)
  sim.advance(5);
  for (let t = 5; t <= 700; t += 5) {
    snapshots.push({ t, now: sim.clock.now(), fc: forecastAll(histories) });
    sim.advance(5);
  }
  // 140 steps of the engine and the forecast on two nodes: seconds on a loaded machine
}, 60_000);
afterAll(() => sim.close());

const at = (t: number) => snapshots.find((s) => s.t === t)!;

describe("forecast on the memory-pressure scenario", () => {
  it("approaching: memory.available reaches the soft threshold at the leak's rate", () => {
    const s = at(FORECAST_STATES.approaching.seconds);
    const mem = s.fc[0]!.signals.find((f) => f.signal === "memory.available")!;
    // the worker leaks (6Gi − 150Mi) / 360 s ≈ 16.6Mi/s; the 5 min window still holds a few flat samples from before the leak
    expect(mem.ratePerSecond! / 2 ** 20).toBeGreaterThan(-17);
    expect(mem.ratePerSecond! / 2 ** 20).toBeLessThan(-15.5);
    expect(mem.secondsToSoft).toBeGreaterThan(30);
    expect(mem.secondsToHard).toBeGreaterThan(mem.secondsToSoft!);
    const v = liveVerdict(s.fc[0]!, s.now, utc);
    expect(v.state).toBe("approaching");
    expect(v.text).toMatch(/^No threshold met; memory\.available reaches the soft threshold in ~\d+ s at the current rate\.$/);
  });

  it("soft met within grace: met since the first met sample, the kubelet acts 90 s later", () => {
    const s = at(FORECAST_STATES.softGrace.seconds);
    const mem = s.fc[0]!.signals.find((f) => f.signal === "memory.available")!;
    expect(mem.softMet && !mem.hardMet).toBe(true);
    expect(mem.soft!.metSince.basis).toBe("history");
    // available crosses 1Gi at ~247 s; Headroom's first met sample is the one at 250 s (the one at 245 s was not met)
    expect((mem.soft!.metSince.at - s.now) / 1000).toBe(250 - s.t);
    expect(mem.soft!.actsAt - mem.soft!.metSince.at).toBe(90_000);
    expect(mem.nextPod?.name).toMatch(/^report-worker-/);
    expect(mem.nextPod?.reachesMinReclaim).toBe(true);
    const v = liveVerdict(s.fc[0]!, s.now, utc);
    expect(v.state).toBe("evicting");
    expect(v.text).toMatch(
      /^Evicting in ~\d+ s \((when memory\.available's 1m30s soft grace ends|memory\.available reaches its hard threshold at the current rate)\): default\/report-worker-\S+ \(Burstable, \S+ over its request\) frees \S+; MemoryPressure clears at \d\d:\d\d:\d\d unless a threshold is met again\.$/,
    );
  });

  it("hard met: evicting on the next cycle", () => {
    const s = at(FORECAST_STATES.hardMet.seconds);
    const mem = s.fc[0]!.signals.find((f) => f.signal === "memory.available")!;
    expect(mem.hardMet).toBe(true);
    expect(s.fc[0]!.next).toMatchObject({ signal: "memory.available", because: "hard-met", at: s.now });
    expect(liveVerdict(s.fc[0]!, s.now, utc).text).toMatch(
      /^Evicting now \(memory\.available is below its hard threshold; the kubelet acts within its 10 s cycle\): default\/report-worker-/,
    );
  });

  it("held: MemoryPressure stays True with every threshold ok until 5 min after the eviction", () => {
    const s = at(FORECAST_STATES.held.seconds);
    const fc = s.fc[0]!;
    expect(fc.signals.every((f) => !f.softMet && !f.hardMet)).toBe(true);
    expect(fc.holds).toHaveLength(1);
    const h = fc.holds[0]!;
    expect(h.condition).toBe("MemoryPressure");
    // the sim's kubelet evicted at 300 s, the last cycle that saw the threshold met
    expect(h.lastMetFrom).toBe("eviction");
    expect((h.clearsAt - s.now) / 1000).toBe(300 + 300 - s.t);
    const text = liveVerdict(fc, s.now, utc).text;
    expect(text).toBe(`MemoryPressure held until ${utc(h.clearsAt)} by the 5m0s transition period; no threshold is met now.`);
  });

  it("the condition clears when the hold says it does", () => {
    const h = at(FORECAST_STATES.held.seconds).fc[0]!.holds[0]!;
    const after = snapshots.find((x) => x.now >= h.clearsAt + 5000)!;
    expect(after.fc[0]!.holds).toHaveLength(0);
    const before = snapshots.findLast((x) => x.now < h.clearsAt)!;
    expect(before.fc[0]!.holds).toHaveLength(1);
  });

  it("no pressure: the other node names its closest threshold", () => {
    const s = at(FORECAST_STATES.held.seconds);
    const v = liveVerdict(s.fc[1]!, s.now, utc);
    expect(["ok", "approaching"]).toContain(v.state);
    expect(liveVerdict(at(100).fc[1]!, at(100).now, utc).text).toMatch(
      /^No pressure; the closest threshold is memory\.available with [\d.]+% margin\.$/,
    );
  });
});
