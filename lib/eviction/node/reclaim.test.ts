import { describe, expect, it } from "vitest";

import type { Threshold } from "../config/thresholds";
import type { FilesystemLayout, Observations } from "../observe";
import { SIGNALS, type Signal } from "../signals";
import { evictsAfterNodeReclaim, nodeReclaimFor } from "./reclaim";

const SINGLE: FilesystemLayout = { dedicatedImageFs: false, splitContainerFs: false };
const IMAGEFS: FilesystemLayout = { dedicatedImageFs: true, splitContainerFs: false };
const SPLIT: FilesystemLayout = { dedicatedImageFs: true, splitContainerFs: true };

const both = ["containers", "images"];

// kubelet-eviction.md §7, one row per signal and one column per layout.
const TABLE: Array<[Signal, string[], string[], string[]]> = [
  // signal                   single fs  dedicated imagefs  imagefs + split containerfs
  ["nodefs.available", both, [], ["containers"]],
  ["nodefs.inodesFree", both, [], ["containers"]],
  ["imagefs.available", both, both, ["images"]],
  ["imagefs.inodesFree", both, both, ["images"]],
  ["containerfs.available", both, both, ["containers"]],
  ["containerfs.inodesFree", both, both, ["containers"]],
  ["memory.available", [], [], []],
  ["allocatableMemory.available", [], [], []],
  ["pid.available", [], [], []],
];

describe("nodeReclaimFor (buildSignalToNodeReclaimFuncs, §7)", () => {
  it("covers all nine signals", () => {
    expect(TABLE.map((r) => r[0]).sort()).toEqual([...SIGNALS].sort());
  });
  it.each(TABLE)("%s: single fs %j, dedicated imagefs %j, split containerfs %j", (signal, single, imagefs, split) => {
    expect(nodeReclaimFor(signal, SINGLE)).toEqual(single);
    expect(nodeReclaimFor(signal, IMAGEFS)).toEqual(imagefs);
    expect(nodeReclaimFor(signal, SPLIT)).toEqual(split);
  });
  it("a split containerfs without a dedicated imagefs is the single-filesystem case", () => {
    for (const s of SIGNALS)
      expect(nodeReclaimFor(s, { dedicatedImageFs: false, splitContainerFs: true })).toEqual(nodeReclaimFor(s, SINGLE));
  });
});

describe("evictsAfterNodeReclaim (reclaimNodeLevelResources, §7)", () => {
  const Gi = 2 ** 30;
  const t = (signal: Signal, kind: "hard" | "soft", quantity: number, extra: Partial<Threshold> = {}): Threshold => ({
    signal,
    kind,
    value: { quantity },
    gracePeriodSeconds: 0,
    minReclaim: null,
    ...extra,
  });
  const obs = (available: Partial<Record<Signal, number>>): Observations =>
    Object.fromEntries(Object.entries(available).map(([s, a]) => [s, { available: a, capacity: 100 * Gi, time: null }]));

  it("skips eviction when reclaim cleared every threshold", () => {
    expect(evictsAfterNodeReclaim([t("imagefs.available", "hard", 10 * Gi)], obs({ "imagefs.available": 12 * Gi }))).toBe(false);
  });
  it("evicts when the reclaimed signal is still below its threshold", () => {
    expect(evictsAfterNodeReclaim([t("imagefs.available", "hard", 10 * Gi)], obs({ "imagefs.available": 9 * Gi }))).toBe(true);
  });
  it("enforces min-reclaim: above the threshold but short of threshold + min-reclaim still evicts", () => {
    const ts = [t("imagefs.available", "hard", 10 * Gi, { minReclaim: { quantity: 5 * Gi } })];
    expect(evictsAfterNodeReclaim(ts, obs({ "imagefs.available": 12 * Gi }))).toBe(true);
    expect(evictsAfterNodeReclaim(ts, obs({ "imagefs.available": 15 * Gi + 1 }))).toBe(false);
  });
  it("min-reclaim as a percentage resolves against the observation's capacity", () => {
    const ts = [t("imagefs.available", "hard", 10 * Gi, { minReclaim: { percentage: 0.05 } })];
    expect(evictsAfterNodeReclaim(ts, obs({ "imagefs.available": 14 * Gi }))).toBe(true);
    expect(evictsAfterNodeReclaim(ts, obs({ "imagefs.available": 16 * Gi }))).toBe(false);
  });
  it("ignores grace periods: a soft threshold met for the first time still counts", () => {
    const ts = [t("imagefs.available", "soft", 10 * Gi, { gracePeriodSeconds: 3600 })];
    expect(evictsAfterNodeReclaim(ts, obs({ "imagefs.available": 9 * Gi }))).toBe(true);
  });
  it("tests all configured thresholds: an unrelated soft memory threshold forces the disk eviction", () => {
    const ts = [t("imagefs.available", "hard", 10 * Gi), t("memory.available", "soft", 1 * Gi, { gracePeriodSeconds: 90 })];
    expect(evictsAfterNodeReclaim(ts, obs({ "imagefs.available": 20 * Gi, "memory.available": Gi / 2 }))).toBe(true);
    expect(evictsAfterNodeReclaim(ts, obs({ "imagefs.available": 20 * Gi, "memory.available": 2 * Gi }))).toBe(false);
  });
  it("strict comparison; no observation or no value is never met", () => {
    expect(evictsAfterNodeReclaim([t("imagefs.available", "hard", 10 * Gi)], obs({ "imagefs.available": 10 * Gi }))).toBe(false);
    expect(evictsAfterNodeReclaim([t("nodefs.available", "hard", 10 * Gi)], obs({ "imagefs.available": Gi }))).toBe(false);
    expect(
      evictsAfterNodeReclaim([{ ...t("containerfs.available", "hard", 0), value: null }], obs({ "containerfs.available": 0 })),
    ).toBe(false);
  });
});
