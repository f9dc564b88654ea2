import { describe, expect, it } from "vitest";

import { isSignal, signalCondition, signalResource, SIGNALS } from "./signals";

describe("SIGNALS", () => {
  it("lists the nine kubelet signals", () => {
    expect(SIGNALS).toHaveLength(9);
    expect(new Set(SIGNALS).size).toBe(9);
  });
});

describe("isSignal", () => {
  it.each([
    ["memory.available", true],
    ["pid.available", true],
    ["Memory.available", false], // case-sensitive, like the kubelet's map lookup
    ["mem.available", false],
    ["", false],
    [42, false],
  ])("%j → %s", (s, want) => expect(isSignal(s)).toBe(want));
});

describe("signalResource and signalCondition", () => {
  it.each([
    ["memory.available", "memory", "MemoryPressure"],
    ["allocatableMemory.available", "memory", "MemoryPressure"],
    ["nodefs.available", "ephemeral-storage", "DiskPressure"],
    ["nodefs.inodesFree", "inodes", "DiskPressure"],
    ["imagefs.available", "ephemeral-storage", "DiskPressure"],
    ["imagefs.inodesFree", "inodes", "DiskPressure"],
    ["containerfs.available", "ephemeral-storage", "DiskPressure"],
    ["containerfs.inodesFree", "inodes", "DiskPressure"],
    ["pid.available", "pids", "PIDPressure"],
  ] as const)("%s → %s, %s", (signal, resource, condition) => {
    expect(signalResource(signal)).toBe(resource);
    expect(signalCondition(signal)).toBe(condition);
  });
});
