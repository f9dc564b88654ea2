// The forecast and the verdict on hand-made nodes: one case per state and per edge the simulator
// does not reach (every pod critical, one eviction not enough, a hold already over, a met-since
// older than Headroom's history).
import { describe, expect, it } from "vitest";

import type { EvictionRecord, HistorySeries } from "@/lib/contract/dto";
import { type AnalyzeOutput, type Pod } from "@/lib/eviction";

import { metRunStart } from "../forecast/history-runs";
import { forecastNode } from "../forecast/index";
import { criticalCni, Gi, Mi, T0, testHistory, testNode } from "../forecast/test-node";
import { liveVerdict } from "./forecast-verdict";

const utc = (ms: number) => new Date(ms).toISOString().slice(11, 19);
const node = testNode;
const history = testHistory;

const cond = (since: number) => [{ type: "MemoryPressure", status: "True", lastTransitionTime: new Date(since).toISOString() }];

function run(
  result: AnalyzeOutput,
  h: HistorySeries | null,
  extra: { conditions?: ReturnType<typeof cond>; evictions?: EvictionRecord[]; pods?: Pod[] } = {},
) {
  return forecastNode({
    now: T0,
    result,
    history: h,
    conditions: extra.conditions ?? [],
    evictions: extra.evictions ?? [],
    pods: extra.pods ?? criticalCni,
    transitionPeriodSeconds: 300,
  });
}

describe("metRunStart", () => {
  it("starts at the first met sample after one that was not met", () => {
    expect(metRunStart(history([2 * Gi, 900 * Mi, 800 * Mi]), "memory.available", Gi, null)).toEqual({
      at: T0 - 10_000,
      basis: "history",
    });
  });
  it("falls back to the condition's transition when the run reaches past the history", () => {
    expect(metRunStart(history([900 * Mi, 800 * Mi]), "memory.available", Gi, T0 - 60_000)).toEqual({
      at: T0 - 60_000,
      basis: "condition",
    });
    expect(metRunStart(history([null, 900 * Mi]), "memory.available", Gi, null)).toEqual({ at: T0, basis: "history-start" });
  });
  it("is null when the newest sample is not met (met is strict: threshold > available)", () => {
    expect(metRunStart(history([900 * Mi, Gi]), "memory.available", Gi, null)).toBeNull();
  });
});

describe("liveVerdict", () => {
  it("soft met within grace: counts down to met-since + grace and names the next pod, skipping the critical one", () => {
    const replay = [
      {
        signal: "memory.available" as const,
        evicted: [{ namespace: "default", name: "report-worker", uid: "u-w", reclaimed: 4 * Gi }],
        recovered: true,
      },
    ];
    const fc = run(node(900 * Mi, { replay }), history([900 * Mi]), { conditions: cond(T0 - 50_000) });
    const mem = fc.signals[0]!;
    expect(mem.soft).toEqual({ metSince: { at: T0 - 50_000, basis: "condition" }, graceSeconds: 90, actsAt: T0 + 40_000 });
    expect(mem.nextPod).toMatchObject({ name: "report-worker", frees: 4 * Gi, reachesMinReclaim: true });
    const v = liveVerdict(fc, T0, utc);
    expect(v).toEqual({
      state: "evicting",
      countdownTo: T0 + 40_000,
      text: "Evicting in ~40 s (when memory.available's 1m30s soft grace ends): default/report-worker (Burstable, 3.8Gi over its request) frees 4Gi; MemoryPressure clears at 14:55:40 unless a threshold is met again.",
    });
    // the page re-renders with the elapsed time: 30 s later it says ~10 s, then "now"
    expect(liveVerdict(fc, T0 + 30_000, utc).text).toMatch(/^Evicting in ~10 s /);
    expect(liveVerdict(fc, T0 + 45_000, utc).text).toMatch(/^Evicting now \(memory\.available's 1m30s soft grace is over\)/);
  });

  it("hard met: evicting now; several evictions needed when one does not reach threshold + min-reclaim", () => {
    const replay = [
      {
        signal: "memory.available" as const,
        evicted: [
          { namespace: "default", name: "report-worker", uid: "u-w", reclaimed: 100 * Mi },
          { namespace: "default", name: "b", uid: "u-b", reclaimed: Gi },
        ],
        recovered: true,
      },
    ];
    const fc = run(node(200 * Mi, { replay, usage: 100 * Mi }), null);
    // both met: the margin shown is the hard one's (100Mi below), not the soft one's (824Mi below)
    expect(fc.signals[0]!.margin).toEqual({ kind: "hard", value: -100 * Mi, fraction: (-100 * Mi) / (8 * Gi) });
    const v = liveVerdict(fc, T0, utc);
    expect(v.state).toBe("evicting");
    expect(v.text).toBe(
      "Evicting now (memory.available is below its hard threshold; the kubelet acts within its 10 s cycle): default/report-worker (Burstable, within its request) frees 100Mi, not enough: the kubelet goes on for 2 evictions in all (one per 10 s cycle) to clear the threshold plus its minimum reclaim.",
    );
  });

  it("hard met with only critical pods: nothing to evict", () => {
    const result = node(200 * Mi);
    result.rankings["memory.available"] = result.rankings["memory.available"]!.slice(0, 1);
    expect(liveVerdict(run(result, null), T0, utc).text).toBe(
      "Evicting now (memory.available is below its hard threshold; the kubelet acts within its 10 s cycle), but every pod on the node is critical: the kubelet has nothing to evict.",
    );
  });

  it("held: a True condition with no threshold met clears 5m after the latest evidence of a met threshold", () => {
    const evictions: EvictionRecord[] = [
      {
        time: new Date(T0 - 60_000).toISOString(),
        namespace: "default",
        pod: "w",
        kind: "node-pressure",
        signalResource: "memory",
        message: "",
        thresholdQuantity: null,
        available: null,
        containers: [],
      },
    ];
    const fc = run(node(4 * Gi), history([900 * Mi, 4 * Gi, 4 * Gi]), { conditions: cond(T0 - 200_000), evictions });
    expect(fc.holds).toEqual([
      { condition: "MemoryPressure", lastMetAt: T0 - 20_000, lastMetFrom: "history", clearsAt: T0 + 280_000, periodSeconds: 300 },
    ]);
    expect(liveVerdict(fc, T0, utc)).toEqual({
      state: "held",
      text: "MemoryPressure held until 14:54:40 by the 5m0s transition period; no threshold is met now.",
      countdownTo: T0 + 280_000,
    });
    // without history, the eviction is the evidence
    expect(run(node(4 * Gi), null, { conditions: cond(T0 - 200_000), evictions }).holds[0]).toMatchObject({
      lastMetFrom: "eviction",
      clearsAt: T0 + 240_000,
    });
    // once the period is over the kubelet should drop it on its next status update
    expect(liveVerdict(fc, T0 + 300_000, utc).text).toMatch(/^MemoryPressure should clear at the kubelet's next status update/);
  });

  it("approaching: no threshold met, the soft threshold is reached at the recent rate", () => {
    // −10Mi/s: 1.5Gi → 1Gi in ~51 s
    const h = history(Array.from({ length: 10 }, (_, i) => 1.5 * Gi + (9 - i) * 100 * Mi));
    const fc = run(node(1.5 * Gi), h);
    expect(fc.signals[0]!.ratePerSecond! / Mi).toBeCloseTo(-10);
    expect(fc.signals[0]!.secondsToSoft).toBeCloseTo(51.2, 0);
    expect(liveVerdict(fc, T0, utc)).toEqual({
      state: "approaching",
      text: "No threshold met; memory.available reaches the soft threshold in ~51 s at the current rate.",
      countdownTo: null,
    });
  });

  it("no pressure: names the closest threshold and its margin", () => {
    expect(liveVerdict(run(node(4 * Gi), history([4 * Gi, 4 * Gi, 4 * Gi])), T0, utc).text).toBe(
      "No pressure; the closest threshold is memory.available with 37.5% margin.",
    );
  });
});
