import { describe, expect, it } from "vitest";

import { effectiveConfig } from "./effective-config";
import { thresholdOrigin } from "./threshold-origin";
import { parseThresholds } from "./thresholds";

// Each case is the kubelet's own list (parseThresholds over the effective config) labelled per value.
const label = (config: Parameters<typeof effectiveConfig>[0]) =>
  parseThresholds(effectiveConfig(config).config).map((t) => `${t.signal} ${t.kind}: ${thresholdOrigin(t, config ?? null)}`);

describe("thresholdOrigin", () => {
  it("no evictionHard in the configuration: every hard threshold is the kubelet's default, the allocatable copy derived", () => {
    expect(label({ enforceNodeAllocatable: ["pods"] })).toEqual([
      "memory.available hard: default",
      "nodefs.available hard: default",
      "nodefs.inodesFree hard: default",
      "imagefs.available hard: default",
      "imagefs.inodesFree hard: default",
      "allocatableMemory.available hard: derived",
    ]);
  });
  it("a configured map: its own values are config; defaults merged in are default; soft ones config", () => {
    const config = {
      evictionHard: { "memory.available": "500Mi" },
      evictionSoft: { "memory.available": "1Gi" },
      evictionSoftGracePeriod: { "memory.available": "1m30s" },
      mergeDefaultEvictionSettings: true,
      enforceNodeAllocatable: ["pods"],
    };
    const got = label(config);
    expect(got).toContain("memory.available hard: config");
    expect(got).toContain("memory.available soft: config");
    expect(got).toContain("nodefs.available hard: default");
    expect(got).toContain("allocatableMemory.available hard: derived");
  });
  it("containerfs thresholds are the kubelet's copies, whatever the configuration says", () => {
    expect(
      thresholdOrigin({ signal: "containerfs.available", kind: "hard" }, { evictionHard: { "containerfs.available": "5%" } }),
    ).toBe("derived");
  });
});
