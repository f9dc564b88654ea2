import { describe, expect, it } from "vitest";

import { defaultEvictionConfig, deriveContainerFsThresholds, parseThresholds, type Threshold } from "./config/thresholds";
import { percent as pct } from "./testing";

const Gi = 2 ** 30;
const base = parseThresholds({
  ...defaultEvictionConfig(),
  evictionHard: { "nodefs.available": "10%", "imagefs.available": "15%", "imagefs.inodesFree": "5%" },
  evictionSoft: { "nodefs.available": "20%" },
  evictionSoftGracePeriod: { "nodefs.available": "2m" },
  evictionMinimumReclaim: { "nodefs.available": "1Gi" },
});
const placeholder = (signal: Threshold["signal"], kind: Threshold["kind"]): Threshold => ({
  signal,
  kind,
  value: null,
  gracePeriodSeconds: 0,
  minReclaim: null,
});
const tail = (ts: Threshold[]) => ts.slice(base.length);

describe("deriveContainerFsThresholds (UpdateContainerFsThresholds, §3.7)", () => {
  const fromNodefs: Threshold[] = [
    { signal: "containerfs.available", kind: "hard", value: pct(0.1), gracePeriodSeconds: 0, minReclaim: { quantity: Gi } },
    { signal: "containerfs.available", kind: "soft", value: pct(0.2), gracePeriodSeconds: 120, minReclaim: { quantity: Gi } },
    placeholder("containerfs.inodesFree", "hard"), // no nodefs.inodesFree threshold: an empty one is still appended
    placeholder("containerfs.inodesFree", "soft"),
  ];

  it("single filesystem: copies nodefs.* (hard, soft with its grace), placeholders for missing sources, appended in order", () => {
    expect(tail(deriveContainerFsThresholds(base, { dedicatedImageFs: false, splitContainerFs: false }))).toEqual(fromNodefs);
  });
  it("dedicated imagefs + split containerfs: containerfs is on the node fs, so also nodefs.*", () => {
    expect(tail(deriveContainerFsThresholds(base, { dedicatedImageFs: true, splitContainerFs: true }))).toEqual(fromNodefs);
  });
  it("dedicated imagefs holding the containers: copies imagefs.*", () => {
    expect(tail(deriveContainerFsThresholds(base, { dedicatedImageFs: true, splitContainerFs: false }))).toEqual([
      { signal: "containerfs.available", kind: "hard", value: pct(0.15), gracePeriodSeconds: 0, minReclaim: null },
      placeholder("containerfs.available", "soft"),
      { signal: "containerfs.inodesFree", kind: "hard", value: pct(0.05), gracePeriodSeconds: 0, minReclaim: null },
      placeholder("containerfs.inodesFree", "soft"),
    ]);
  });
  it("split containerfs without imagefs: nothing added, user entries kept", () => {
    const withUser: Threshold[] = [...base, placeholder("containerfs.available", "hard")];
    expect(deriveContainerFsThresholds(withUser, { dedicatedImageFs: false, splitContainerFs: true })).toEqual(withUser);
  });
  it("a user containerfs threshold is replaced in place, not appended", () => {
    const user: Threshold = {
      signal: "containerfs.available",
      kind: "hard",
      value: { quantity: 1 },
      gracePeriodSeconds: 0,
      minReclaim: null,
    };
    const got = deriveContainerFsThresholds([user, ...base], { dedicatedImageFs: false, splitContainerFs: false });
    expect(got[0]).toEqual(fromNodefs[0]);
    expect(got).toHaveLength(1 + base.length + 3);
  });
  it("does not modify its input", () => {
    const copy = structuredClone(base);
    deriveContainerFsThresholds(base, { dedicatedImageFs: false, splitContainerFs: false });
    expect(base).toEqual(copy);
  });
});
