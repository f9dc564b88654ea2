import { describe, expect, it } from "vitest";

import type { Pod } from "../k8s-types";
import { cpuOnly as cpu, specContainer as ctr, getPod, cpuMemory as list, specPod as pod } from "../testing";
import {
  containerLimit,
  containerRequest,
  DEFAULT_FEATURE_GATES,
  hasPodLevelRequests,
  hasPodLevelResources,
  podRequest,
  type FeatureGates,
} from "./pod-resources";

const ON: FeatureGates = { PodLevelResources: true };
const OFF: FeatureGates = { PodLevelResources: false };

describe("podRequest: pkg/api/v1/resource TestGetResourceRequest", () => {
  it.each([
    { name: "cpu request in millicores", pod: getPod({ cpuRequest: "9" }), res: "cpu", gates: OFF, want: 9000 },
    { name: "memory request in bytes", pod: getPod({ memoryRequest: "90Mi" }), res: "memory", gates: OFF, want: 94371840 },
    { name: "just-overhead for cpu", pod: getPod({ cpuOverhead: "5", memoryOverhead: "5" }), res: "cpu", gates: OFF, want: 0 },
    { name: "just-overhead for memory", pod: getPod({ memoryOverhead: "5" }), res: "memory", gates: OFF, want: 0 },
    {
      name: "cpu overhead and req",
      pod: getPod({ cpuRequest: "2", cpuOverhead: "5", memoryOverhead: "5" }),
      res: "cpu",
      gates: OFF,
      want: 7000,
    },
    {
      name: "mem overhead and req",
      pod: getPod({ cpuRequest: "2", memoryRequest: "1024", cpuOverhead: "5", memoryOverhead: "5" }),
      res: "memory",
      gates: OFF,
      want: 1029, // max(1024 container, 1024 init) + 5
    },
    {
      name: "pod level resources cpu req, container cpu req",
      pod: getPod({ cpuRequest: "8" }, { cpuRequest: "10" }),
      res: "cpu",
      gates: ON,
      want: 10000,
    },
    {
      name: "pod level resources mem req, container mem req",
      pod: getPod({ memoryRequest: "80Mi" }, { memoryRequest: "100Mi" }),
      res: "memory",
      gates: ON,
      want: 104857600,
    },
    {
      name: "pod level resources cpu req, container mem req",
      pod: getPod({ memoryRequest: "50Mi" }, { cpuRequest: "5" }),
      res: "cpu",
      gates: ON,
      want: 5000,
    },
    {
      name: "pod level resources mem req, container cpu req",
      pod: getPod({ cpuRequest: "8" }, { memoryRequest: "100Mi" }),
      res: "memory",
      gates: ON,
      want: 104857600,
    },
    {
      name: "pod level resources cpu req, container no req",
      pod: getPod({}, { cpuRequest: "10" }),
      res: "cpu",
      gates: ON,
      want: 10000,
    },
    {
      name: "pod level resources mem req, container no req",
      pod: getPod({}, { memoryRequest: "100Mi" }),
      res: "memory",
      gates: ON,
      want: 104857600,
    },
    { name: "cpu pod without pod level resources, gate on", pod: getPod({ cpuRequest: "9" }), res: "cpu", gates: ON, want: 9000 },
    {
      name: "mem pod without pod level resources, gate on",
      pod: getPod({ memoryRequest: "90Mi" }),
      res: "memory",
      gates: ON,
      want: 94371840,
    },
  ])("$name", ({ pod: p, res, gates, want }) => {
    expect(podRequest(p, res, gates)).toBe(want);
  });
});

// component-helpers TestPodResourceRequests, spec-only cases (no resize status), in cpu millicores.
describe("podRequest: sidecar-aware aggregate (component-helpers TestPodResourceRequests)", () => {
  const always = true;
  it.each([
    { name: "larger init container wins", p: pod([ctr("c", cpu("1"))], [ctr("i", cpu("4"))]), want: 4000 },
    { name: "larger containers win", p: pod([ctr("a", cpu("2")), ctr("b", cpu("3"))], [ctr("i", cpu("2"))]), want: 5000 },
    {
      name: "overhead is added to a non-zero request",
      p: pod([ctr("a", cpu("2")), ctr("b", cpu("3"))], [ctr("i", cpu("2"), cpu("2"))], { overhead: { cpu: "1", memory: "1Gi" } }),
      want: 6000,
    },
    {
      name: "restartable init container adds to the regular one",
      p: pod([ctr("c", cpu("1"))], [ctr("s", cpu("1"), undefined, always)]),
      want: 2000,
    },
    {
      name: "multiple restartable init containers: max(5, 3+2+1 + 1) = 7",
      p: pod(
        [ctr("c", cpu("1"))],
        [
          ctr("i1", cpu("5")),
          ctr("s1", cpu("1"), undefined, always),
          ctr("s2", cpu("2"), undefined, always),
          ctr("s3", cpu("3"), undefined, always),
        ],
      ),
      want: 7000,
    },
    {
      name: "init container counts only sidecars declared before it: 5 + (1+2) = 8",
      p: pod(
        [ctr("c", cpu("1"))],
        [
          ctr("i1", cpu("5")),
          ctr("s1", cpu("1"), undefined, always),
          ctr("s2", cpu("2"), undefined, always),
          ctr("i2", cpu("5")),
          ctr("s3", cpu("3"), undefined, always),
        ],
      ),
      want: 8000,
    },
    {
      name: "restartable-init, init and regular: 10 + 200 = 210",
      p: pod([ctr("c", cpu("100"))], [ctr("s", cpu("10"), undefined, always), ctr("i", cpu("200"))]),
      want: 210000,
    },
  ])("$name", ({ p, want }) => {
    expect(podRequest(p, "cpu", OFF)).toBe(want);
    expect(podRequest(p, "cpu", ON)).toBe(want);
  });

  it("overhead alone never becomes a request (GetResourceRequest differs from PodRequests here)", () => {
    const p = pod([ctr("a", cpu("2"))], [], { overhead: { cpu: "1", memory: "1Gi" } });
    expect(podRequest(p, "memory", DEFAULT_FEATURE_GATES)).toBe(0); // PodRequests would report 1Gi
  });
});

// component-helpers TestPodLevelResourceRequests, restated for the eviction view where the
// presence of pod-level resources drops container requests entirely (spec §8.3).
describe("podRequest: pod-level resources", () => {
  const mixed = pod([ctr("c", { cpu: "2m", memory: "3Mi", "ephemeral-storage": "1Gi" })], [], {
    resources: { requests: { memory: "2Mi" } },
  });
  it.each([
    { name: "pod-level memory request is used", p: mixed, res: "memory", gates: ON, want: 2 * 1024 * 1024 },
    { name: "container cpu request is ignored once any pod-level resource is set", p: mixed, res: "cpu", gates: ON, want: 0 },
    { name: "ephemeral-storage request becomes 0 (quirk)", p: mixed, res: "ephemeral-storage", gates: ON, want: 0 },
    { name: "gate off: container aggregate, pod-level ignored", p: mixed, res: "memory", gates: OFF, want: 3 * 1024 * 1024 },
    { name: "gate off: ephemeral-storage from containers", p: mixed, res: "ephemeral-storage", gates: OFF, want: 1024 ** 3 },
    {
      name: "pod-level limits only: requests are all 0",
      p: pod([ctr("c", { memory: "3Mi" })], [], { resources: { limits: { memory: "10Mi" } } }),
      res: "memory",
      gates: ON,
      want: 0,
    },
    {
      name: "only unsupported pod-level keys: containers still count",
      p: pod([ctr("c", { "ephemeral-storage": "3Mi" })], [], { resources: { requests: { "ephemeral-storage": "2Mi" } } }),
      res: "ephemeral-storage",
      gates: ON,
      want: 3 * 1024 * 1024,
    },
    {
      name: "pod-level, container, init and sidecar: pod-level wins (15Mi)",
      p: pod([ctr("c", list("2m", "3Mi"))], [ctr("s", list("4m", "5Mi"), undefined, true), ctr("i", list("8m", "6Mi"))], {
        resources: { requests: list("18m", "15Mi") },
      }),
      res: "memory",
      gates: ON,
      want: 15 * 1024 * 1024,
    },
    {
      name: "pod-level hugepages request",
      p: pod([ctr("c")], [], {
        resources: { requests: { memory: "10Mi", "hugepages-2Mi": "2Mi" }, limits: { "hugepages-2Mi": "2Mi" } },
      }),
      res: "hugepages-2Mi",
      gates: ON,
      want: 2 * 1024 * 1024,
    },
    {
      name: "pod-level request plus overhead",
      p: pod([ctr("c")], [], { resources: { requests: { memory: "100Mi" } }, overhead: { memory: "10Mi" } }),
      res: "memory",
      gates: ON,
      want: 110 * 1024 * 1024,
    },
  ])("$name", ({ p, res, gates, want }) => {
    expect(podRequest(p, res, gates)).toBe(want);
  });
});

describe("hasPodLevelResources / hasPodLevelRequests (TestIsPodLevelResourcesSet)", () => {
  it.each([
    { name: "nil resources struct", resources: undefined, any: false, requests: false },
    { name: "empty resources struct", resources: {}, any: false, requests: false },
    { name: "only unsupported requests", resources: { requests: { "ephemeral-storage": "1Mi" } }, any: false, requests: false },
    { name: "only unsupported limits", resources: { limits: { "ephemeral-storage": "1Mi" } }, any: false, requests: false },
    {
      name: "unsupported and supported requests",
      resources: { requests: { "ephemeral-storage": "1Mi", cpu: "1m" } },
      any: true,
      requests: true,
    },
    {
      name: "unsupported and supported limits",
      resources: { limits: { "ephemeral-storage": "1Mi", cpu: "1m" } },
      any: true,
      requests: false,
    },
    { name: "hugepages request", resources: { requests: { "hugepages-1Gi": "1Gi" } }, any: true, requests: true },
  ])("$name", ({ resources, any, requests }) => {
    const p: Pod = { spec: { containers: [ctr("c")], ...(resources && { resources }) } };
    expect(hasPodLevelResources(p)).toBe(any);
    expect(hasPodLevelRequests(p)).toBe(requests);
  });
});

describe("containerRequest / containerLimit", () => {
  const c = ctr("c", { cpu: "250m", memory: "1Gi" }, { cpu: "1", "ephemeral-storage": "2G" });
  it.each([
    { name: "cpu request in millicores", got: containerRequest(c, "cpu"), want: 250 },
    { name: "memory request in bytes", got: containerRequest(c, "memory"), want: 1024 ** 3 },
    { name: "unset request is 0", got: containerRequest(c, "ephemeral-storage"), want: 0 },
    { name: "cpu limit in millicores", got: containerLimit(c, "cpu"), want: 1000 },
    { name: "ephemeral-storage limit in bytes", got: containerLimit(c, "ephemeral-storage"), want: 2e9 },
    { name: "unset limit is 0", got: containerLimit(c, "memory"), want: 0 },
  ])("$name", ({ got, want }) => {
    expect(got).toBe(want);
  });
});
