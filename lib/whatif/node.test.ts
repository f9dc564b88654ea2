import { describe, expect, it } from "vitest";

import { reportedPressure, withReportedPressure } from "./node";
import type { NodeOutcome } from "./outcome";

const outcome = (before: string[], after: string[]): NodeOutcome => ({
  node: "n",
  podCount: 1,
  pressureBefore: before,
  pressureAfter: after,
  metBefore: [],
  metAfter: [],
  allocatableBefore: {},
  allocatableAfter: {},
  requestedMemory: 0,
  overBy: 0,
  pods: null,
});

describe("reportedPressure", () => {
  it("is the pressure conditions the kubelet reports True, in a fixed order, Ready and False ones left out", () => {
    const conditions = [
      { type: "Ready", status: "True" },
      { type: "PIDPressure", status: "True" },
      { type: "DiskPressure", status: "False" },
      { type: "MemoryPressure", status: "True" },
    ];
    expect(reportedPressure({ conditions })).toEqual(["MemoryPressure", "PIDPressure"]);
  });
});

describe("withReportedPressure", () => {
  it("before is the header's state, a held condition the engine does not see included (the reported inconsistency)", () => {
    // the engine sees no threshold met; the kubelet still reports MemoryPressure for its transition period
    const o = withReportedPressure(outcome([], []), ["MemoryPressure"], ["MemoryPressure"]);
    expect(o.pressureBefore).toEqual(["MemoryPressure"]);
    expect(o.pressureAfter).toEqual(["MemoryPressure"]);
  });
  it("after keeps what the what-if adds and the held conditions, once each, in order", () => {
    const o = withReportedPressure(outcome([], ["DiskPressure", "MemoryPressure"]), ["MemoryPressure"], ["MemoryPressure"]);
    expect(o.pressureAfter).toEqual(["MemoryPressure", "DiskPressure"]);
  });
  it("a what-if that clears a met threshold clears its condition when nothing holds it", () => {
    const o = withReportedPressure(outcome(["MemoryPressure"], []), ["MemoryPressure"], []);
    expect(o).toMatchObject({ pressureBefore: ["MemoryPressure"], pressureAfter: [] });
  });
});
