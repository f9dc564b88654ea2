import { describe, expect, it } from "vitest";

import type { Container, Pod, ResourceList, ResourceRequirements } from "../k8s-types";
import { cpuMemory as rl } from "../testing";
import type { FeatureGates } from "./pod-resources";
import { computeQos, podQos, type QosClass } from "./qos";

const ON: FeatureGates = { PodLevelResources: true };
const OFF: FeatureGates = { PodLevelResources: false };

// Builders mirror qos_test.go: getResourceList(cpu, memory) with "" meaning "not set".
const req = (requests: ResourceList, limits: ResourceList): ResourceRequirements => ({ requests, limits });
const ctr = (name: string, requests: ResourceList, limits: ResourceList): Container => ({
  name,
  resources: req(requests, limits),
});
const newPod = (name: string, containers: Container[], extra: Pod["spec"] = {}): Pod => ({
  metadata: { name },
  spec: { containers, ...extra },
});
const withInit = (name: string, containers: Container[], initContainers: Container[]) =>
  newPod(name, containers, { initContainers });
const withPodResources = (name: string, containers: Container[], resources: ResourceRequirements) =>
  newPod(name, containers, { resources });

describe("computeQos without defaulting: kubernetes TestComputePodQOS", () => {
  const cases: { pod: Pod; want: QosClass; gates?: FeatureGates }[] = [
    { pod: newPod("guaranteed", [ctr("guaranteed", rl("100m", "100Mi"), rl("100m", "100Mi"))]), want: "Guaranteed" },
    {
      pod: newPod("guaranteed-guaranteed", [
        ctr("a", rl("100m", "100Mi"), rl("100m", "100Mi")),
        ctr("b", rl("100m", "100Mi"), rl("100m", "100Mi")),
      ]),
      want: "Guaranteed",
    },
    {
      pod: newPod("best-effort-best-effort", [ctr("a", rl("", ""), rl("", "")), ctr("b", rl("", ""), rl("", ""))]),
      want: "BestEffort",
    },
    { pod: newPod("best-effort", [ctr("best-effort", rl("", ""), rl("", ""))]), want: "BestEffort" },
    {
      pod: newPod("best-effort-burstable", [ctr("a", rl("", ""), rl("", "")), ctr("b", rl("1", ""), rl("2", ""))]),
      want: "Burstable",
    },
    {
      pod: newPod("best-effort-guaranteed", [ctr("a", rl("", ""), rl("", "")), ctr("b", rl("10m", "100Mi"), rl("10m", "100Mi"))]),
      want: "Burstable",
    },
    { pod: newPod("burstable-cpu-guaranteed-memory", [ctr("burstable", rl("", "100Mi"), rl("", "100Mi"))]), want: "Burstable" },
    { pod: newPod("burstable-no-limits", [ctr("burstable", rl("100m", "100Mi"), rl("", ""))]), want: "Burstable" },
    {
      pod: newPod("burstable-guaranteed", [
        ctr("a", rl("1", "100Mi"), rl("2", "100Mi")),
        ctr("b", rl("100m", "100Mi"), rl("100m", "100Mi")),
      ]),
      want: "Burstable",
    },
    {
      pod: newPod("burstable-unbounded-but-requests-match-limits", [
        ctr("a", rl("100m", "100Mi"), rl("200m", "200Mi")),
        ctr("b", rl("100m", "100Mi"), rl("", "")),
      ]),
      want: "Burstable",
    },
    { pod: newPod("burstable-1", [ctr("burstable", rl("10m", "100Mi"), rl("100m", "200Mi"))]), want: "Burstable" },
    { pod: newPod("burstable-2", [ctr("burstable", rl("0", "0"), rl("100m", "200Mi"))]), want: "Burstable" },
    {
      pod: newPod("best-effort-hugepages", [
        ctr("best-effort", { ...rl("0", "0"), "hugepages-2Mi": "1Gi" }, { ...rl("0", "0"), "hugepages-2Mi": "1Gi" }),
      ]),
      want: "BestEffort",
    },
    {
      pod: withInit(
        "init-container",
        [ctr("best-effort", rl("", ""), rl("", ""))],
        [ctr("burstable", rl("10m", "100Mi"), rl("100m", "200Mi"))],
      ),
      want: "Burstable",
    },
    {
      pod: withPodResources(
        "guaranteed-with-pod-level-resources",
        [ctr("best-effort", rl("", ""), rl("", ""))],
        req(rl("10m", "100Mi"), rl("10m", "100Mi")),
      ),
      want: "Guaranteed",
      gates: ON,
    },
    {
      pod: withPodResources(
        "guaranteed-with-pod-and-container-level-resources",
        [ctr("burstable", rl("3m", "10Mi"), rl("5m", "20Mi"))],
        req(rl("10m", "100Mi"), rl("10m", "100Mi")),
      ),
      want: "Guaranteed",
      gates: ON,
    },
    {
      pod: withPodResources(
        "burstable-with-pod-level-resources",
        [ctr("best-effort", rl("", ""), rl("", ""))],
        req(rl("10m", "10Mi"), rl("20m", "50Mi")),
      ),
      want: "Burstable",
      gates: ON,
    },
    {
      pod: withPodResources(
        "burstable-with-pod-and-container-level-resources",
        [ctr("burstable", rl("5m", "10Mi"), rl("5m", "10Mi"))],
        req(rl("10m", "10Mi"), rl("20m", "50Mi")),
      ),
      want: "Burstable",
      gates: ON,
    },
    {
      pod: withPodResources(
        "burstable-with-pod-and-container-level-requests",
        [ctr("burstable", rl("5m", "10Mi"), rl("", ""))],
        req(rl("10m", "10Mi"), rl("", "")),
      ),
      want: "Burstable",
      gates: ON,
    },
    {
      pod: withPodResources(
        "burstable-with-pod-and-container-level-resources-2",
        [ctr("burstable", rl("5m", "10Mi"), rl("", "")), ctr("guaranteed", rl("5m", "10Mi"), rl("5m", "10Mi"))],
        req(rl("10m", "10Mi"), rl("5m", "")),
      ),
      want: "Burstable",
      gates: ON,
    },
  ];
  it.each(cases)("$pod.metadata.name -> $want", ({ pod, want, gates }) => {
    expect(computeQos(pod, gates ?? OFF, { applyDefaults: false })).toBe(want);
  });
});

describe("computeQos: rules beyond the upstream table", () => {
  it.each([
    {
      name: "gate off: pod-level resources ignored, containers decide",
      pod: withPodResources("p", [ctr("c", rl("5m", "10Mi"), rl("", ""))], req(rl("10m", "10Mi"), rl("10m", "10Mi"))),
      gates: OFF,
      want: "Burstable",
    },
    {
      name: "gate on, empty spec.resources: pod-level path, BestEffort",
      pod: withPodResources("p", [ctr("c", rl("1", "1Gi"), rl("1", "1Gi"))], {}),
      gates: ON,
      want: "BestEffort",
    },
    {
      name: "limits only, without defaulting: Burstable",
      pod: newPod("p", [ctr("c", rl("", ""), rl("1", "1Gi"))]),
      gates: ON,
      want: "Burstable",
    },
    {
      name: "pod-level limits only, without defaulting: Burstable",
      pod: withPodResources("p", [ctr("c", rl("", ""), rl("", ""))], req(rl("", ""), rl("1", "1Gi"))),
      gates: ON,
      want: "Burstable",
    },
    {
      name: "equal quantities written differently are equal",
      pod: newPod("p", [ctr("c", rl("0.1", "1Gi"), rl("100m", "1073741824"))]),
      gates: ON,
      want: "Guaranteed",
    },
    {
      name: "ephemeral-storage alone is BestEffort",
      pod: newPod("p", [ctr("c", { "ephemeral-storage": "1Gi" }, { "ephemeral-storage": "2Gi" })]),
      gates: ON,
      want: "BestEffort",
    },
  ] as const)("$name", ({ pod, gates, want }) => {
    expect(computeQos(pod, gates, { applyDefaults: false })).toBe(want);
  });
});

describe("podQos", () => {
  it.each([
    {
      name: "status.qosClass wins over the spec",
      pod: { ...newPod("p", [ctr("c", rl("", ""), rl("", ""))]), status: { qosClass: "Guaranteed" } },
      want: "Guaranteed",
    },
    {
      name: "an invalid status.qosClass is ignored",
      pod: { ...newPod("p", [ctr("c", rl("", ""), rl("", ""))]), status: { qosClass: "Gold" } },
      want: "BestEffort",
    },
    {
      name: "container limits without requests default to Guaranteed",
      pod: newPod("p", [ctr("c", rl("", ""), rl("1", "1Gi"))]),
      want: "Guaranteed",
    },
    {
      name: "a limit only for memory stays Burstable",
      pod: newPod("p", [ctr("c", rl("", ""), rl("", "1Gi"))]),
      want: "Burstable",
    },
    {
      name: "pod-level limits without requests default to Guaranteed",
      pod: withPodResources("p", [ctr("c", rl("", ""), rl("", ""))], req(rl("", ""), rl("1", "1Gi"))),
      want: "Guaranteed",
    },
    {
      name: "pod-level request defaults to the containers' aggregate, not the limit",
      pod: withPodResources("p", [ctr("c", rl("100m", ""), rl("", ""))], req(rl("", ""), rl("1", "1Gi"))),
      want: "Burstable", // cpu request 100m (from containers) != limit 1
    },
    {
      name: "no recorded class: computed from the spec",
      pod: newPod("p", [ctr("c", rl("1", "1Gi"), rl("1", "1Gi"))]),
      want: "Guaranteed",
    },
  ])("$name", ({ pod, want }) => {
    expect(podQos(pod, ON)).toBe(want);
  });
});
