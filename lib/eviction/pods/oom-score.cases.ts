// The cases of kubernetes pkg/kubelet/qos/policy_test.go TestGetContainerOOMScoreAdjust, shared by
// the oom_score_adj tests (spec path and in-place resize path).
import type { Container, Pod, PodSpec, ResourceList } from "../k8s-types";
import type { FeatureGates } from "./pod-resources";

export const ON: FeatureGates = { PodLevelResources: true };
export const OFF: FeatureGates = { PodLevelResources: false };

// Fixtures of pkg/kubelet/qos/policy_test.go (standardMemoryAmount = 8e9).
const STD = 8_000_000_000;
const memReq = `${STD / 8}`; // sampleDefaultMemRequest
const memLim = `${1000 + STD / 8}`; // sampleDefaultMemLimit
const podMemReq = `${STD / 4}`; // sampleDefaultPodMemRequest
const podMemLim = `${1000 + STD / 4}`; // sampleDefaultPodMemLimit

export const c = (name: string, requests?: ResourceList, limits?: ResourceList, sidecar = false): Container => ({
  name,
  resources: { ...(requests && { requests }), ...(limits && { limits }) },
  ...(sidecar && { restartPolicy: "Always" }),
});
export const pod = (spec: PodSpec): Pod => ({ spec });
export const mem = (memory: string, cpu?: string): ResourceList => ({ memory, ...(cpu && { cpu }) });

const sample = c("main-1", mem(memReq), mem(memLim));
const init = c("init-container", mem(memReq), mem(memLim));
const sidecar = c("sidecar-container", mem(memReq), mem(memLim), true);
const smallSidecar = c("sidecar-small-container", mem(`${STD / 20}`), mem(memLim), true);
const bigSidecar = c("sidecar-big-container", mem(`${STD / 2}`), mem(memLim), true);
const podLevel = (limit: string, request = podMemReq) => ({ requests: mem(request, "5m"), limits: mem(limit, "5m") });
const guaranteed = (name: string) => c(name, mem(memReq, "5m"), mem(memReq, "5m"));

export interface OomCase {
  pod: Pod;
  capacity: number;
  gates?: FeatureGates;
  want: Record<string, number>; // container name -> oom_score_adj
}

// Upstream checks [low, high] ranges; the exact kubelet values are asserted here instead.
// Guaranteed/node-critical expectations are -997 and the Burstable floor 3, as in the current
// file; older versions of this test expected -998 and 2 (spec §12: -998 is no longer used).
export const TABLE: Record<string, OomCase> = {
  "cpu-limit": {
    pod: pod({ containers: [c("cpu-limit", undefined, { cpu: "10" })] }),
    capacity: 4e9,
    want: { "cpu-limit": 999 },
  },
  "memory-limit-cpu-request": {
    pod: pod({ containers: [c("memory-limit-cpu-request", { cpu: "0" }, mem("10G"))] }),
    capacity: 8e9,
    want: { "memory-limit-cpu-request": 999 },
  },
  "zero-memory-limit": {
    pod: pod({ containers: [c("zero-memory-limit", undefined, mem("0"))] }),
    capacity: 7230457451,
    want: { "zero-memory-limit": 1000 },
  },
  "no-request-limit": { pod: pod({ containers: [c("no-request-limit")] }), capacity: 4e9, want: { "no-request-limit": 1000 } },
  "equal-request-limit-cpu-memory": {
    pod: pod({ containers: [c("equal-request-limit-cpu-memory", mem("10G", "5m"), mem("10G", "5m"))] }),
    capacity: 123456789,
    want: { "equal-request-limit-cpu-memory": -997 },
  },
  "cpu-unlimited-memory-limited-with-requests": {
    pod: pod({ containers: [c("cpu-unlimited-memory-limited-with-requests", mem(`${STD / 2}`, "5m"), mem("10G"))] }),
    capacity: STD,
    want: { "cpu-unlimited-memory-limited-with-requests": 500 }, // upstream range 495..505
  },
  "request-no-limit": {
    pod: pod({ containers: [c("request-no-limit", mem(`${STD - 1}`, "5m"))] }),
    capacity: STD,
    want: { "request-no-limit": 3 },
  },
  "cluster-critical": {
    pod: pod({ priorityClassName: "system-cluster-critical", priority: 2_000_000_000, containers: [c("cluster-critical")] }),
    capacity: 4e9,
    want: { "cluster-critical": 1000 },
  },
  "node-critical": {
    pod: pod({ priorityClassName: "system-node-critical", priority: 2_000_001_000, containers: [c("node-critical")] }),
    capacity: 4e9,
    want: { "node-critical": -997 },
  },
  "burstable-unique-container-pod": {
    pod: pod({ containers: [c("burstable-unique-container", mem(memReq), mem(memLim))] }),
    capacity: STD,
    want: { "burstable-unique-container": 875 }, // upstream range 875..880
  },
  "burstable-mixed-unique-main-container-pod": {
    pod: pod({ initContainers: [init], containers: [sample] }),
    capacity: STD,
    want: { "init-container": 875, "main-1": 875 },
  },
  "burstable-mixed-multi-container-small-sidecar-pod": {
    pod: pod({ initContainers: [init, smallSidecar], containers: [sample] }),
    capacity: STD,
    want: { "init-container": 875, "sidecar-small-container": 875, "main-1": 875 }, // sidecar 950 capped at 875
  },
  "burstable-mixed-multi-container-sample-request-pod": {
    pod: pod({ initContainers: [init, sidecar], containers: [sample] }),
    capacity: STD,
    want: { "init-container": 875, "sidecar-container": 875, "main-1": 875 },
  },
  "burstable-mixed-multi-container-big-sidecar-container-pod": {
    pod: pod({ initContainers: [init, bigSidecar], containers: [sample] }),
    capacity: STD,
    want: { "init-container": 875, "sidecar-big-container": 500, "main-1": 875 },
  },
  "guaranteed-pod-resources-no-container-resources": {
    pod: pod({ resources: podLevel(podMemReq), containers: [c("no-request-limit-1"), c("no-request-limit-2")] }),
    capacity: 4e9,
    gates: ON,
    want: { "no-request-limit-1": -997, "no-request-limit-2": -997 },
  },
  "guaranteed-pod-resources-equal-container-resources": {
    pod: pod({
      resources: podLevel(podMemReq),
      containers: [guaranteed("guaranteed-container-1"), guaranteed("guaranteed-container-2")],
    }),
    capacity: 4e9,
    gates: ON,
    want: { "guaranteed-container-1": -997, "guaranteed-container-2": -997 },
  },
  "guaranteed-pod-resources-unequal-container-requests": {
    pod: pod({
      resources: podLevel(podMemReq),
      containers: [c("burstable-container", mem(memReq, "3m"), mem(memLim, "5m")), c("best-effort-container")],
    }),
    capacity: 4e9,
    gates: ON,
    want: { "burstable-container": -997, "best-effort-container": -997 },
  },
  "burstable-pod-resources-no-container-resources": {
    pod: pod({ resources: podLevel(podMemLim), containers: [c("no-request-limit-1"), c("no-request-limit-2")] }),
    capacity: 4e9,
    gates: ON,
    want: { "no-request-limit-1": 750, "no-request-limit-2": 750 }, // extra = 2e9 / 2
  },
  "burstable-pod-resources-equal-container-requests": {
    pod: pod({
      resources: podLevel(podMemLim),
      containers: [guaranteed("guaranteed-container-1"), guaranteed("guaranteed-container-2")],
    }),
    capacity: 4e9,
    gates: ON,
    want: { "guaranteed-container-1": 750, "guaranteed-container-2": 750 }, // extra = 0
  },
  "burstable-pod-resources-unequal-container-requests": {
    pod: pod({
      resources: podLevel(podMemLim),
      containers: [c("burstable-container", mem(memReq, "3m"), mem(memReq, "5m")), c("best-effort-container")],
    }),
    capacity: 4e9,
    gates: ON,
    want: { "burstable-container": 625, "best-effort-container": 875 }, // extra = (2e9 - 1e9) / 2
  },
  "burstable-pod-resources-no-container-resources-with-sidecar": {
    pod: pod({
      resources: podLevel(podMemLim),
      containers: [c("no-request-limit")],
      initContainers: [c("no-request-limit-sidecar", undefined, undefined, true)],
    }),
    capacity: 4e9,
    gates: ON,
    want: { "no-request-limit": 750, "no-request-limit-sidecar": 750 },
  },
  "burstable-pod-resources-equal-container-requests-with-sidecar": {
    pod: pod({
      resources: podLevel(podMemLim),
      containers: [c("burstable-container", mem(memReq, "5m"), mem(memLim, "5m"))],
      initContainers: [c("burstable-sidecar", mem(memReq, "5m"), mem(memLim, "5m"), true)],
    }),
    capacity: 4e9,
    gates: ON,
    want: { "burstable-container": 750, "burstable-sidecar": 750 },
  },
  "burstable-pod-resources-unequal-container-requests-with-sidecar": {
    pod: pod({
      resources: podLevel(podMemLim, "2000000000"),
      containers: [
        c("burstable-container-1", mem("1000000000", "5m"), mem(podMemLim, "5m")),
        c("burstable-container-2", mem("500000000", "5m"), mem(podMemLim, "5m")),
      ],
      initContainers: [c("burstable-sidecar", mem("200000000", "5m"), mem(podMemLim, "5m"), true)],
    }),
    capacity: 4e9,
    gates: ON,
    want: { "burstable-container-1": 725, "burstable-container-2": 850, "burstable-sidecar": 850 }, // extra = 3e8 / 3
  },
  // The DRA cases need NodeAllocatableResourceClaimStatuses (gate off by default): only the
  // gate-off one is ported. 1000 - 1000 * 500Mi / 4e9 = 869.
  "burstable-pod-with-dra-disabled": { pod: pod({ containers: [c("c1", mem("500Mi"))] }), capacity: 4e9, want: { c1: 869 } },
};
