// The consistency check reads counts with their unit ("12,000 pids", "1 inode"): formatSignal
// prints pid and inode signals that way, and a check that cannot read them reports every pid
// forecast as contradicting its panel (the pid-pressure backtest did, 812 times).
import { describe, expect, it } from "vitest";

import type { AnalyzeOutput } from "@/lib/eviction";

import { forecastNode } from "../forecast/node-forecast";
import { T0 } from "../forecast/test-node";
import { amount, contradictions } from "./forecast-consistency";

const utc = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** A node whose pid.available is `available` of 32,768, hard threshold 10 % (3,277 pids). */
function pidNode(available: number): AnalyzeOutput {
  const value = 3277;
  return {
    node: "n",
    thresholdSource: "kubeletConfig",
    thresholds: [
      { signal: "pid.available", kind: "hard", value: { quantity: value }, gracePeriodSeconds: 0, minReclaim: { quantity: 0 } },
    ],
    reservation: { kubeReserved: {}, systemReserved: {}, evictionHard: {}, total: {} },
    allocatable: {},
    signals: [
      {
        signal: "pid.available",
        available,
        capacity: 32768,
        thresholds: [{ kind: "hard", value, margin: available - value, met: value > available }],
      },
    ],
    conditions: { MemoryPressure: false, DiskPressure: false, PIDPressure: false },
    pods: [],
    rankings: {},
    replay: [],
  };
}

describe("counts in the consistency check", () => {
  it("reads an amount with its count unit", () => {
    expect(amount("12,000 pids")).toEqual([11999.5, 12000.5]);
    expect(amount("1 inode")).toEqual([0.5, 1.5]);
    expect(() => amount("12,000 pods")).toThrow(/not an amount/);
  });

  it("finds no contradiction in a pid leak's sentences, and finds the one a wrong margin makes", () => {
    // 5 pids/s falling for 30 samples: 12,000 left, the hard threshold in ~29 min
    const values = Array.from({ length: 30 }, (_, i) => 12_000 + (29 - i) * 50);
    const history = {
      start: T0 - 29 * 10_000,
      intervalSeconds: 10,
      signals: { "pid.available": { available: values, capacity: 32768 } },
    };
    const base = { now: T0, history, conditions: [], evictions: [], transitionPeriodSeconds: 300 };
    const fc = forecastNode({ ...base, result: pidNode(12_000) });
    expect(fc.next?.because).toBe("reaches-hard");
    expect(contradictions(fc, T0, utc)).toEqual([]);
    // the same time printed against a margin twice as large contradicts it
    const wrong = {
      ...fc,
      signals: fc.signals.map((s) => ({ ...s, reach: s.reach.map((r) => ({ ...r, margin: r.margin * 2 })) })),
    };
    expect(contradictions(wrong, T0, utc).join("\n")).toMatch(/pid\.available hard: .*margin ÷ rate/);
  });
});
