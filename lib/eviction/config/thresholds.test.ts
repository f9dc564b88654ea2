import { describe, expect, it } from "vitest";

import { evictionConfig as cfg } from "../testing";
import {
  ConfigError,
  defaultEvictionConfig,
  parseThresholds,
  resolveThreshold,
  type EvictionConfig,
  type Threshold,
} from "./thresholds";

const Mi = 2 ** 20;
const Gi = 2 ** 30;
const parse = (over: Partial<EvictionConfig>) => parseThresholds(cfg(over));
const th = (signal: Threshold["signal"], value: Threshold["value"], extra: Partial<Threshold> = {}): Threshold => ({
  signal,
  kind: "hard",
  value,
  gracePeriodSeconds: 0,
  minReclaim: null,
  ...extra,
});

describe("parseThresholds: spec §3.2–3.6 rules", () => {
  it("null evictionHard means the five Linux defaults, plus the allocatable copy of memory.available", () => {
    expect(parseThresholds({ ...defaultEvictionConfig(), evictionHard: null }).map((t) => t.signal)).toEqual([
      "memory.available",
      "nodefs.available",
      "nodefs.inodesFree",
      "imagefs.available",
      "imagefs.inodesFree",
      "allocatableMemory.available",
    ]);
  });
  it('"0.0%" is a 0 % threshold and "100.0%" a 100 % threshold: only the exact strings are dropped', () => {
    expect(parse({ evictionHard: { "nodefs.available": "0.0%", "imagefs.available": "100.0%" } })).toEqual([
      th("nodefs.available", { percentage: 0 }),
      th("imagefs.available", { percentage: 1 }),
    ]);
  });
  it("percentages are float32 fractions: 10% → 0.10000000149011612, trailing %% stripped", () => {
    expect(parse({ evictionHard: { "nodefs.available": "10%%" } })[0]?.value).toEqual({ percentage: 0.10000000149011612 });
  });
  it("zero quantity is rejected as a threshold but allowed as a minimum reclaim", () => {
    expect(() => parse({ evictionHard: { "memory.available": "0" } })).toThrow(
      'kubeletConfig.evictionHard["memory.available"]: "0" must be a positive quantity',
    );
    expect(
      parse({ evictionHard: { "memory.available": "1" }, evictionMinimumReclaim: { "memory.available": "0" } })[0]?.minReclaim,
    ).toEqual({
      quantity: 0,
    });
  });
  it('"0%" minimum reclaim is an error (must be > 0), "150%" is accepted (no upper bound)', () => {
    expect(() => parse({ evictionMinimumReclaim: { "memory.available": "0%" } })).toThrow(
      "eviction percentage minimum reclaim memory.available must be positive: 0%",
    );
    expect(
      parse({ evictionHard: { "memory.available": "1Gi" }, evictionMinimumReclaim: { "memory.available": "150%" } })[0]
        ?.minReclaim,
    ).toEqual({
      percentage: 1.5,
    });
  });
  it("a soft threshold with grace 0s is accepted and spawns an allocatable copy like a hard one", () => {
    const got = parse({
      evictionSoft: { "memory.available": "500Mi" },
      evictionSoftGracePeriod: { "memory.available": "0s" },
    });
    expect(got).toEqual([
      th("memory.available", { quantity: 500 * Mi }, { kind: "soft" }),
      th("allocatableMemory.available", { quantity: 500 * Mi }, { kind: "soft" }),
    ]);
  });
  it("grace periods for signals without a soft threshold are ignored, but still validated", () => {
    expect(parse({ evictionSoftGracePeriod: { "nodefs.available": "1m30s" } })).toEqual([]);
    expect(() => parse({ evictionSoftGracePeriod: { "nodefs.available": "90" } })).toThrow(
      'kubeletConfig.evictionSoftGracePeriod["nodefs.available"]: time: missing unit in duration "90"',
    );
  });
  it("a dropped soft threshold needs no grace period", () => {
    expect(parse({ evictionSoft: { "memory.available": "100%" } })).toEqual([]);
  });
  it("min-reclaim attaches to every threshold of its signal, hard and soft", () => {
    const got = parse({
      evictionHard: { "nodefs.available": "1Gi" },
      evictionSoft: { "nodefs.available": "2Gi" },
      evictionSoftGracePeriod: { "nodefs.available": "1m" },
      evictionMinimumReclaim: { "nodefs.available": "500Mi", "imagefs.available": "1Gi" },
    });
    expect(got.map((t) => [t.kind, t.gracePeriodSeconds, t.minReclaim])).toEqual([
      ["hard", 0, { quantity: 500 * Mi }],
      ["soft", 60, { quantity: 500 * Mi }],
    ]);
  });
  it("no allocatable copies without 'pods' enforcement or with experimental-allocatable-ignore-eviction", () => {
    const hard = { "memory.available": "100Mi" };
    expect(parse({ evictionHard: hard, enforceNodeAllocatable: ["none"] })).toHaveLength(1);
    expect(parse({ evictionHard: hard, experimentalAllocatableIgnoreEviction: true })).toHaveLength(1);
    expect(parse({ evictionHard: hard })).toHaveLength(2);
  });
  it("user containerfs thresholds parse (they are rewritten later by deriveContainerFsThresholds)", () => {
    expect(parse({ evictionHard: { "containerfs.available": "1Gi" } })).toEqual([th("containerfs.available", { quantity: Gi })]);
  });
  it("errors are ConfigErrors whose message starts with the field path", () => {
    expect(() => parse({ evictionHard: { "memory.available": "-100Mi" } })).toThrow(ConfigError);
    expect(() => parse({ evictionHard: { "memory.available": "-100Mi" } })).toThrow(
      /^kubeletConfig\.evictionHard\["memory\.available"\]: "-100Mi" must be a positive quantity$/,
    );
    expect(() => parse({ evictionHard: { "memory.available": "12Qi" } })).toThrow(
      /^kubeletConfig\.evictionHard\["memory\.available"\]: /,
    );
    expect(() => parse({ evictionHard: { "memory.available": "abc%" } })).toThrow(/invalid syntax/);
    expect(() => parseThresholds(cfg({ evictionHard: { "mem.x": "1" } }), "whatIf")).toThrow(
      'whatIf.evictionHard["mem.x"]: unsupported eviction signal mem.x',
    );
  });
});

// Port of helpers_test.go TestAddAllocatableThresholds, through parseThresholds.
describe("allocatableMemory.available copies (TestAddAllocatableThresholds)", () => {
  it("non-memory-signal: no copy", () => {
    expect(parse({ evictionHard: { "imagefs.available": "150Mi" } })).toHaveLength(1);
  });
  it("memory-signal-with-grace: no copy", () => {
    const got = parse({ evictionSoft: { "memory.available": "150Mi" }, evictionSoftGracePeriod: { "memory.available": "10s" } });
    expect(got.map((t) => t.signal)).toEqual(["memory.available"]);
  });
  it("memory-signal-without-grace-two-thresholds: each grace-0 memory threshold gets its own copy with its min-reclaim", () => {
    const got = parse({
      evictionHard: { "memory.available": "150Mi" },
      evictionSoft: { "memory.available": "200Mi" },
      evictionSoftGracePeriod: { "memory.available": "0s" },
      evictionMinimumReclaim: { "memory.available": "1Gi" },
    });
    expect(got.filter((t) => t.signal === "allocatableMemory.available").map((t) => t.value)).toEqual([
      { quantity: 150 * Mi },
      { quantity: 200 * Mi },
    ]);
    expect(got.map((t) => t.minReclaim)).toEqual(Array(4).fill({ quantity: Gi }));
  });
});

describe("resolveThreshold (§5.1)", () => {
  it.each([
    ["quantity as is", { quantity: 100 * Mi }, 10 * Gi, 100 * Mi],
    ["5% of 10Gi in float64 with a float32 pct", { percentage: Math.fround(0.05) }, 10 * Gi, 536870920],
    ["10% of 954976684Ki truncates", { percentage: Math.fround(0.1) }, 954976684 * 1024, 97789613898], // 977896124416 × 0.10000000149011612
    ["0% is 0", { percentage: 0 }, 10 * Gi, 0],
  ])("%s", (_n, value, capacity, want) => {
    expect(resolveThreshold(value, capacity)).toBe(want);
  });
});
