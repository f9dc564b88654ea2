import { describe, expect, it } from "vitest";

import type { ResourceList } from "../k8s-types";
import { cpuOnly as cpu, specContainer as ctr, getPod, cpuMemory as list, specPod as pod } from "../testing";
import { podLimit } from "./pod-resources";

// component-helpers TestPodResourceLimits / TestPodRequestsAndLimits (limits half), spec-only cases.
describe("podLimit (PodLimits)", () => {
  const lim = (q: ResourceList) => ctr("x", undefined, q);
  const side = (name: string, q: string) => ctr(name, undefined, cpu(q), true);
  it.each([
    { name: "just-limit-no-overhead", p: getPod({ cpuLimit: "9" }), res: "cpu", want: 9000 },
    { name: "just-overhead: no limit", p: getPod({ cpuOverhead: "5", memoryOverhead: "5" }), res: "cpu", want: undefined },
    {
      name: "all-req-lim-and-overhead cpu",
      p: getPod({
        cpuRequest: "1",
        cpuLimit: "2",
        memoryRequest: "10",
        memoryLimit: "12",
        cpuOverhead: "5",
        memoryOverhead: "5",
      }),
      res: "cpu",
      want: 7000,
    },
    {
      name: "all-req-lim-and-overhead memory",
      p: getPod({
        cpuRequest: "1",
        cpuLimit: "2",
        memoryRequest: "10",
        memoryLimit: "12",
        cpuOverhead: "5",
        memoryOverhead: "5",
      }),
      res: "memory",
      want: 17,
    },
    {
      name: "req-some-lim-and-overhead: overhead not added to a missing limit",
      p: getPod({ cpuRequest: "1", cpuLimit: "2", memoryRequest: "10", cpuOverhead: "5", memoryOverhead: "5" }),
      res: "memory",
      want: undefined,
    },
    { name: "larger init container", p: pod([lim(cpu("1"))], [lim(cpu("4"))]), res: "cpu", want: 4000 },
    { name: "larger containers", p: pod([lim(cpu("2")), lim(cpu("3"))], [lim(cpu("2"))]), res: "cpu", want: 5000 },
    {
      name: "overhead added to non-zero limit only",
      p: pod([lim(cpu("2")), lim(cpu("3"))], [lim(cpu("2"))], { overhead: { cpu: "1", memory: "1Gi" } }),
      res: "memory",
      want: undefined,
    },
    { name: "no limited containers", p: pod([ctr("x")]), res: "cpu", want: undefined },
    {
      name: "one limited and one unlimited container",
      p: pod([lim(list("2", "2Gi")), ctr("y")]),
      res: "memory",
      want: 2 * 1024 ** 3,
    },
    {
      name: "one limited and one unlimited init container",
      p: pod([lim(list("1", "1Gi"))], [lim(list("2", "2Gi")), ctr("y")]),
      res: "cpu",
      want: 2000,
    },
    { name: "restartable init container", p: pod([lim(cpu("1"))], [side("s", "1")]), res: "cpu", want: 2000 },
    {
      name: "multiple restartable init containers",
      p: pod([lim(cpu("1"))], [lim(cpu("5")), side("s1", "1"), side("s2", "2"), side("s3", "3")]),
      res: "cpu",
      want: 7000,
    },
    {
      name: "multiple restartable and regular init containers",
      p: pod([lim(cpu("1"))], [lim(cpu("5")), side("s1", "1"), side("s2", "2"), lim(cpu("5")), side("s3", "3")]),
      res: "cpu",
      want: 8000,
    },
    {
      name: "restartable-init, init and regular",
      p: pod([lim(cpu("100"))], [side("s", "10"), lim(cpu("200"))]),
      res: "cpu",
      want: 210000,
    },
    {
      name: "ephemeral-storage: container limits sum, pod-level resources do not apply",
      p: pod([lim({ "ephemeral-storage": "1Gi" }), lim({ "ephemeral-storage": "2Gi" })], [], {
        resources: { limits: { memory: "1Gi" } },
      }),
      res: "ephemeral-storage",
      want: 3 * 1024 ** 3,
    },
    {
      name: "explicit zero limit is still a limit",
      p: pod([lim({ "ephemeral-storage": "0" })], [], { overhead: { "ephemeral-storage": "1Mi" } }),
      res: "ephemeral-storage",
      want: 0,
    },
    {
      name: "pod-level memory limit replaces container limits",
      p: pod([lim(list("1", "1Gi"))], [], { resources: { limits: { memory: "3Gi" } } }),
      res: "memory",
      want: 3 * 1024 ** 3,
    },
  ])("$name", ({ p, res, want }) => {
    expect(podLimit(p, res)).toBe(want);
  });
});
