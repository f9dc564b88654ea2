import { describe, expect, it } from "vitest";
import type { Container, Pod, PodSpec, ResourceList } from "./k8s-types";
import { containerOomScoreAdj, truncDiv } from "./oom-score";
import type { FeatureGates } from "./pod-resources";
import { computeQos } from "./qos";

const ON: FeatureGates = { PodLevelResources: true };
const OFF: FeatureGates = { PodLevelResources: false };

// Fixtures of pkg/kubelet/qos/policy_test.go (standardMemoryAmount = 8e9).
const STD = 8_000_000_000;
const memReq = `${STD / 8}`; // sampleDefaultMemRequest
const memLim = `${1000 + STD / 8}`; // sampleDefaultMemLimit
const podMemReq = `${STD / 4}`; // sampleDefaultPodMemRequest
const podMemLim = `${1000 + STD / 4}`; // sampleDefaultPodMemLimit

const c = (name: string, requests?: ResourceList, limits?: ResourceList, sidecar = false): Container => ({
  name,
  resources: { ...(requests && { requests }), ...(limits && { limits }) },
  ...(sidecar && { restartPolicy: "Always" }),
});
const pod = (spec: PodSpec): Pod => ({ spec });
const mem = (memory: string, cpu?: string): ResourceList => ({ memory, ...(cpu && { cpu }) });

const sample = c("main-1", mem(memReq), mem(memLim));
const init = c("init-container", mem(memReq), mem(memLim));
const sidecar = c("sidecar-container", mem(memReq), mem(memLim), true);
const smallSidecar = c("sidecar-small-container", mem(`${STD / 20}`), mem(memLim), true);
const bigSidecar = c("sidecar-big-container", mem(`${STD / 2}`), mem(memLim), true);
const podLevel = (limit: string, request = podMemReq) => ({ requests: mem(request, "5m"), limits: mem(limit, "5m") });
const guaranteed = (name: string) => c(name, mem(memReq, "5m"), mem(memReq, "5m"));

interface OomCase {
  pod: Pod;
  capacity: number;
  gates?: FeatureGates;
  want: Record<string, number>; // container name -> oom_score_adj
}

// Upstream checks [low, high] ranges; the exact kubelet values are asserted here instead.
// Guaranteed/node-critical expectations are -997 and the Burstable floor 3, as in the current
// file; older versions of this test expected -998 and 2 (spec §12: -998 is no longer used).
const TABLE: Record<string, OomCase> = {
  "cpu-limit": { pod: pod({ containers: [c("cpu-limit", undefined, { cpu: "10" })] }), capacity: 4e9, want: { "cpu-limit": 999 } },
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
  "request-no-limit": { pod: pod({ containers: [c("request-no-limit", mem(`${STD - 1}`, "5m"))] }), capacity: STD, want: { "request-no-limit": 3 } },
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
    pod: pod({ resources: podLevel(podMemReq), containers: [guaranteed("guaranteed-container-1"), guaranteed("guaranteed-container-2")] }),
    capacity: 4e9,
    gates: ON,
    want: { "guaranteed-container-1": -997, "guaranteed-container-2": -997 },
  },
  "guaranteed-pod-resources-unequal-container-requests": {
    pod: pod({ resources: podLevel(podMemReq), containers: [c("burstable-container", mem(memReq, "3m"), mem(memLim, "5m")), c("best-effort-container")] }),
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
    pod: pod({ resources: podLevel(podMemLim), containers: [guaranteed("guaranteed-container-1"), guaranteed("guaranteed-container-2")] }),
    capacity: 4e9,
    gates: ON,
    want: { "guaranteed-container-1": 750, "guaranteed-container-2": 750 }, // extra = 0
  },
  "burstable-pod-resources-unequal-container-requests": {
    pod: pod({ resources: podLevel(podMemLim), containers: [c("burstable-container", mem(memReq, "3m"), mem(memReq, "5m")), c("best-effort-container")] }),
    capacity: 4e9,
    gates: ON,
    want: { "burstable-container": 625, "best-effort-container": 875 }, // extra = (2e9 - 1e9) / 2
  },
  "burstable-pod-resources-no-container-resources-with-sidecar": {
    pod: pod({ resources: podLevel(podMemLim), containers: [c("no-request-limit")], initContainers: [c("no-request-limit-sidecar", undefined, undefined, true)] }),
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
      containers: [c("burstable-container-1", mem("1000000000", "5m"), mem(podMemLim, "5m")), c("burstable-container-2", mem("500000000", "5m"), mem(podMemLim, "5m"))],
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

describe("containerOomScoreAdj: kubernetes TestGetContainerOOMScoreAdjust", () => {
  const rows = Object.entries(TABLE).flatMap(([name, t]) =>
    [...(t.pod.spec?.initContainers ?? []), ...(t.pod.spec?.containers ?? [])].map((ct) => ({ name: `${name} / ${ct.name}`, t, ct })),
  );
  it.each(rows)("$name", ({ t, ct }) => {
    const gates = t.gates ?? OFF;
    const want = t.want[ct.name];
    // Upstream runs without API defaulting; podQos (defaulted) must agree on these pods.
    expect(containerOomScoreAdj(t.pod, ct, t.capacity, gates, computeQos(t.pod, gates, { applyDefaults: false }))).toBe(want);
    expect(containerOomScoreAdj(t.pod, ct, t.capacity, gates)).toBe(want);
  });
});

describe("the float64 fast path", () => {
  it("truncDiv divides like Go's int64 `/` (truncating toward zero) below 2^52", () => {
    let s = 42;
    const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const cases: [number, number][] = [[0, 7], [-1, 7], [1, 7], [-7, 7], [7, 7], [2 ** 52 - 1, 3], [-(2 ** 52 - 1), 3], [999_999_999_999_999, 1_000_000_000_000_001]];
    for (let i = 0; i < 20_000; i++) {
      const b = 1 + Math.floor(rnd() * 2 ** (1 + Math.floor(rnd() * 51)));
      const q = Math.floor(rnd() * 2000) - 1000;
      // numerators next to multiples of the divisor are where a float quotient rounds the wrong way
      const a = q * b + Math.floor(rnd() * 3) - 1;
      if (Math.abs(a) < 2 ** 52) cases.push([a, b]);
    }
    for (const [a, b] of cases) expect(truncDiv(a, b)).toBe(Number(BigInt(a) / BigInt(b)));
  });

  it("agrees with Go's int64 formula at and past the fast path's bounds", () => {
    const cases: [number, number][] = [[2 ** 42 - 1, 2 ** 52 - 1], [2 ** 42, 2 ** 52 - 1], [5 * 2 ** 40, 8 * 2 ** 40], [1, 2 ** 53], [123456789, 3 * 2 ** 50], [2 ** 30, 2 ** 52]];
    for (const [request, capacity] of cases) {
      const main = c("a", mem(String(request)), mem(String(2 * request)));
      const adj = containerOomScoreAdj(pod({ containers: [main] }), main, capacity, ON, "Burstable");
      const want = Number(1000n - (1000n * BigInt(request)) / BigInt(capacity));
      expect(adj).toBe(want < 3 ? 3 : want === 1000 ? 999 : want);
    }
  });
});
