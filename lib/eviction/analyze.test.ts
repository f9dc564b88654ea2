import { describe, expect, it } from "vitest";

import { analyze, analyzeNode } from "./analyze";
import { parseAnalyzeInput, withWhatIf } from "./document/input";
import { pod as buildPod, container, podStats } from "./testing";

const MI = 1024 ** 2;
const GI = 1024 ** 3;

// The shared engine builders (./testing.ts), shaped as these tables need: one container "c"
// with a memory request, uid `uid-NAME`, and its working set on the pod and on the container.
function pod(name: string, memRequest: string | null, priority = 0, extra: Record<string, unknown> = {}) {
  const p = buildPod({
    name,
    uid: `uid-${name}`,
    namespace: "default",
    priority,
    containers: [container("c", memRequest ? { memory: memRequest, cpu: "100m" } : undefined)],
    phase: "Running",
  });
  return { ...p, metadata: { ...p.metadata, ...extra } };
}

function podStat(name: string, ws: number) {
  return { ...podStats(pod(name, null), { workingSet: ws }), containers: [{ name: "c", memory: { workingSetBytes: ws } }] };
}

// A 10 GiB node with 150 MiB available: under a 200 MiB hard threshold.
function pressured() {
  return {
    node: {
      metadata: { name: "n1" },
      status: { capacity: { cpu: "4", memory: "10Gi", pods: "110", "ephemeral-storage": "100Gi" } },
    },
    pods: [
      pod("be", null),
      pod("burst-over", "100Mi"),
      pod("burst-under", "1Gi"),
      pod("high-prio", null, 1000),
      pod("static", null, 0, { annotations: { "kubernetes.io/config.source": "file" } }),
    ],
    summary: {
      node: {
        memory: { availableBytes: 150 * MI, workingSetBytes: 10 * GI - 150 * MI },
        systemContainers: [{ name: "pods", memory: { availableBytes: 2 * GI, workingSetBytes: 3 * GI } }],
        fs: { availableBytes: 50 * GI, capacityBytes: 100 * GI, inodesFree: 900, inodes: 1000 },
      },
      pods: [
        podStat("be", 300 * MI),
        podStat("burst-over", 400 * MI),
        podStat("burst-under", 900 * MI),
        podStat("high-prio", 2 * GI),
        podStat("static", 5 * GI),
      ],
    },
    kubeletConfig: {
      evictionHard: { "memory.available": "200Mi", "nodefs.available": "10%" },
      evictionSoft: { "memory.available": "500Mi" },
      evictionSoftGracePeriod: { "memory.available": "1m" },
      evictionMinimumReclaim: { "memory.available": "300Mi" },
      kubeReserved: { memory: "1Gi", cpu: "500m" },
    },
  };
}

describe("analyzeNode", () => {
  it("lists the effective thresholds with float32 percentages and the allocatable copy", () => {
    const out = analyzeNode(pressured());
    expect(out.thresholdSource).toBe("kubeletConfig");
    const by = (s: string, k: string) => out.thresholds.find((t) => t.signal === s && t.kind === k);
    expect(by("nodefs.available", "hard")?.value).toEqual({ percentage: 0.10000000149011612 });
    expect(by("memory.available", "soft")).toEqual({
      signal: "memory.available",
      kind: "soft",
      value: { quantity: 500 * MI },
      gracePeriodSeconds: 60,
      minReclaim: { quantity: 300 * MI },
    });
    expect(by("allocatableMemory.available", "hard")?.value).toEqual({ quantity: 200 * MI });
    expect(out.thresholds.some((t) => t.signal === "allocatableMemory.available" && t.kind === "soft")).toBe(false);
  });

  it("computes allocatable as capacity minus reservations, in millicores and bytes", () => {
    const out = analyzeNode(pressured());
    expect(out.reservation.kubeReserved).toEqual({ cpu: 500, memory: GI });
    expect(out.reservation.evictionHard).toEqual({
      memory: 200 * MI,
      "ephemeral-storage": Math.trunc(100 * GI * Math.fround(0.1)),
    });
    expect(out.allocatable).toMatchObject({ cpu: 3500, memory: 10 * GI - GI - 200 * MI, pods: 110 });
  });

  it("reports signals with margins and strict met, and raises MemoryPressure", () => {
    const out = analyzeNode(pressured());
    const mem = out.signals.find((s) => s.signal === "memory.available");
    expect(mem).toEqual({
      signal: "memory.available",
      available: 150 * MI,
      capacity: 10 * GI,
      thresholds: [
        { kind: "hard", value: 200 * MI, margin: -50 * MI, met: true },
        { kind: "soft", value: 500 * MI, margin: -350 * MI, met: true },
      ],
    });
    expect(out.conditions).toEqual({ MemoryPressure: true, DiskPressure: false, PIDPressure: false });
  });

  it("ranks memory: over-request first, then priority, then usage above request; static pods stay listed", () => {
    const out = analyzeNode(pressured());
    expect(out.rankings["memory.available"]?.map((r) => r.name)).toEqual([
      "static",
      "be",
      "burst-over",
      "high-prio",
      "burst-under",
    ]);
    expect(out.rankings["memory.available"]?.[2]).toMatchObject({ usage: 400 * MI, request: 100 * MI, exceedsRequest: true });
  });

  it("replays evictions, skipping the static pod, until available clears threshold + min-reclaim", () => {
    const out = analyzeNode(pressured());
    const mem = out.replay.find((r) => r.signal === "memory.available");
    // 150Mi available; the soft 500Mi + 300Mi min-reclaim needs > 800Mi: be (300Mi) → 450Mi, burst-over (400Mi) → 850Mi.
    expect(mem).toEqual({
      signal: "memory.available",
      evicted: [
        { namespace: "default", name: "be", uid: "uid-be", reclaimed: 300 * MI },
        { namespace: "default", name: "burst-over", uid: "uid-burst-over", reclaimed: 400 * MI },
      ],
      recovered: true,
    });
  });

  it("lists every pod with QoS and per-container oom_score_adj", () => {
    const out = analyzeNode(pressured());
    const burst = out.pods.find((p) => p.name === "burst-under");
    expect(burst).toMatchObject({ qosClass: "Burstable", priority: 0 });
    // 1000 - 1000 * 1Gi / 10Gi = 900
    expect(burst?.containers).toEqual([{ name: "c", oomScoreAdj: 900 }]);
    expect(out.pods.find((p) => p.name === "be")?.containers[0]?.oomScoreAdj).toBe(1000);
  });

  it("uses the defaults when evictionHard is absent, and nothing when it is an empty map", () => {
    expect(analyzeNode({}).thresholdSource).toBe("defaults");
    const defaults = analyzeNode({ kubeletConfig: {} })
      .thresholds.filter((t) => t.kind === "hard")
      .map((t) => t.signal);
    expect(defaults).toEqual(
      expect.arrayContaining([
        "memory.available",
        "nodefs.available",
        "nodefs.inodesFree",
        "imagefs.available",
        "imagefs.inodesFree",
      ]),
    );
    expect(analyzeNode({ kubeletConfig: { evictionHard: {} } }).thresholds).toEqual([]);
    const merged = analyzeNode({
      kubeletConfig: { evictionHard: { "memory.available": "1Gi" }, mergeDefaultEvictionSettings: true },
    });
    expect(merged.thresholds.find((t) => t.signal === "memory.available")?.value).toEqual({ quantity: GI });
    expect(merged.thresholds.some((t) => t.signal === "imagefs.inodesFree")).toBe(true);
  });

  it("what-if: a lower threshold clears pressure; usage growth brings it back", () => {
    const input = {
      ...pressured(),
      whatIf: { evictionHard: { "memory.available": "100Mi" }, evictionSoft: { "memory.available": "0%" } },
    };
    const calm = analyzeNode(input);
    expect(calm.conditions.MemoryPressure).toBe(false);
    expect(calm.replay).toEqual([]);
    const grown = analyzeNode({ ...input, whatIf: { ...input.whatIf, usageScale: { memory: 1.01 } } });
    expect(grown.conditions.MemoryPressure).toBe(true);
  });

  it("what-if: more kube-reserved shrinks allocatable and the pods cgroup", () => {
    const out = analyzeNode({ ...pressured(), whatIf: { kubeReserved: { memory: "3Gi" } } });
    expect(out.allocatable.memory).toBe(10 * GI - 3 * GI - 200 * MI);
    const pods = out.signals.find((s) => s.signal === "allocatableMemory.available");
    expect(pods?.capacity).toBe(7 * GI);
    expect(pods?.available).toBe(7 * GI - 3 * GI);
  });

  it("ranks a pod without stats first, with null usage", () => {
    const input = pressured();
    input.pods.push(pod("ghost", "10Gi", 5000));
    const out = analyzeNode(input);
    expect(out.rankings["memory.available"]?.[0]).toMatchObject({ name: "ghost", usage: null, exceedsRequest: null });
  });

  it.each([
    ["not an object", [], "input: must be a JSON object"],
    ["unknown top-level field", { nodes: [] }, "nodes: unknown field"],
    ["soft without grace", { kubeletConfig: { evictionSoft: { "memory.available": "1Gi" } } }, "grace period must be specified"],
    [
      "what-if bad quantity",
      { whatIf: { evictionHard: { "memory.available": "lots" } } },
      'whatIf.evictionHard["memory.available"]',
    ],
    ["what-if unknown scale", { whatIf: { usageScale: { cpu: 2 } } }, "whatIf.usageScale.cpu"],
    [
      "pod request",
      { pods: [{ spec: { containers: [{ name: "c", resources: { requests: { memory: "1Q" } } }] } }] },
      "pods[0].spec.containers[0].resources.requests.memory",
    ],
    ["feature gate", { featureGates: { PodLevelResources: "yes" } }, "featureGates.PodLevelResources"],
  ])("rejects %s naming the field", (_name, input, message) => {
    expect(() => analyzeNode(input)).toThrow(message);
  });
});

describe("analyzeNode reservation checks", () => {
  it("refuses reservations above capacity, as the kubelet refuses to start", () => {
    const input = { node: { status: { capacity: { memory: "1Gi" } } }, whatIf: { systemReserved: { memory: "2Gi" } } };
    expect(() => analyzeNode(input)).toThrow(/invalid Node Allocatable configuration/);
  });
  it("names the flag a bad reservation came from", () => {
    expect(() => analyzeNode({ kubeletFlags: "--kube-reserved=memory=-1Gi" })).toThrow(/kubeletFlags/);
  });
});

describe("withWhatIf (the dashboard validates a node once, then re-runs what-ifs)", () => {
  const whatIfs = [
    { evictionHard: { "memory.available": "1Gi" } },
    { kubeReserved: { memory: "2Gi" }, usageScale: { memory: 1.5 } },
    { evictionSoft: { "memory.available": "10%" }, evictionSoftGracePeriod: { "memory.available": "30s" } },
  ];
  it("gives what analyzeNode gives for the whole document, what-if included", () => {
    const base = parseAnalyzeInput(pressured());
    for (const whatIf of whatIfs) expect(analyze(withWhatIf(base, whatIf))).toEqual(analyzeNode({ ...pressured(), whatIf }));
  });
  it("leaves the validated input as it was (it is reused for every what-if)", () => {
    const base = parseAnalyzeInput(pressured());
    const before = structuredClone(base);
    for (const whatIf of whatIfs) analyze(withWhatIf(base, whatIf));
    expect(base).toEqual(before);
  });
  it("validates the what-if and names the bad field", () => {
    const base = parseAnalyzeInput(pressured());
    expect(() => withWhatIf(base, { evictionHard: { "memory.available": true } })).toThrow(
      /^whatIf\.evictionHard\["memory\.available"\]: must be a string/,
    );
    expect(() => withWhatIf(base, { bogus: {} })).toThrow(/^whatIf\.bogus: unknown setting/);
  });
});
