// Every real capture in tests/fixtures/real goes through the engine; paired captures must agree
// with what the kubelet itself reported.
import { describe, expect, it } from "vitest";

import { analyzeNode, parseBytes, parseEvictionMessage, parseKubeletFlags, parseMillis } from "@/lib/eviction";
import { trimLease } from "@/lib/k8s/store/trim";

import { fixture, fixtureFiles, nodesOf } from "./fixtures";

type NodeDoc = { metadata: { name: string }; status: { capacity: Record<string, string>; allocatable: Record<string, string> } };

function reported(node: NodeDoc, resource: string): number {
  const v = node.status.allocatable[resource] as string;
  return resource === "cpu" ? parseMillis(v) : parseBytes(v);
}

type RawFs = { availableBytes?: number; capacityBytes?: number; inodesFree?: number; inodes?: number };
type RawMemory = { availableBytes?: number; workingSetBytes?: number };
type RawSummary = {
  node: {
    memory?: RawMemory;
    systemContainers?: { name: string; memory?: RawMemory }[];
    fs?: RawFs;
    runtime?: { imageFs?: RawFs; containerFs?: RawFs };
    rlimit?: { maxpid?: number; curproc?: number };
  };
};

/**
 * The kubelet's observations written out from the capture's raw numbers, as
 * pkg/kubelet/eviction/helpers.go makeSignalObservations computes them (not through the engine):
 * memory = available, available + workingSet; allocatable memory the same on the "pods" system
 * container; each filesystem bytes free/capacity and inodes free/total; pid = maxpid - curproc of maxpid.
 */
function kubeletObservations(raw: RawSummary): Record<string, [available: number, capacity: number]> {
  const out: Record<string, [number, number]> = {};
  const n = raw.node;
  const memory = (name: string, m: RawMemory | undefined) => {
    if (m?.availableBytes !== undefined && m.workingSetBytes !== undefined)
      out[name] = [m.availableBytes, m.availableBytes + m.workingSetBytes];
  };
  const fs = (prefix: string, f: RawFs | undefined) => {
    if (f?.availableBytes !== undefined && f.capacityBytes !== undefined)
      out[`${prefix}.available`] = [f.availableBytes, f.capacityBytes];
    if (f?.inodesFree !== undefined && f.inodes !== undefined) out[`${prefix}.inodesFree`] = [f.inodesFree, f.inodes];
  };
  memory("memory.available", n.memory);
  memory("allocatableMemory.available", n.systemContainers?.find((c) => c.name === "pods")?.memory);
  fs("nodefs", n.fs);
  fs("imagefs", n.runtime?.imageFs);
  fs("containerfs", n.runtime?.containerFs);
  if (n.rlimit?.maxpid !== undefined && n.rlimit.curproc !== undefined)
    out["pid.available"] = [n.rlimit.maxpid - n.rlimit.curproc, n.rlimit.maxpid];
  return out;
}

describe("summary captures", () => {
  it.each(fixtureFiles("summary"))("%s: every signal equals the kubelet's observation of the raw numbers", (file) => {
    const raw = fixture<RawSummary>(file);
    const expected = kubeletObservations(raw);
    expect(expected["memory.available"], "every capture has node memory").toBeDefined();
    const out = analyzeNode({ summary: raw });
    expect(Object.fromEntries(out.signals.map((s) => [s.signal, [s.available, s.capacity]]))).toEqual(expected);
  });

  it.each(["1.16", "1.35"])("minikube %s: memory.available + workingSet = Node capacity, kubepods = capacity", (v) => {
    const node = nodesOf(fixture(`nodes/nri-minikube-${v}-nodelist.json`))[0] as NodeDoc;
    const summary = fixture<{ node: { memory: { availableBytes: number; workingSetBytes: number } } }>(
      `summary/nri-minikube-${v}.json`,
    );
    const cap = parseBytes(node.status.capacity.memory as string);
    const out = analyzeNode({ node, summary });
    const mem = out.signals.find((s) => s.signal === "memory.available");
    expect(mem?.capacity).toBe(cap);
    expect(summary.node.memory.availableBytes + summary.node.memory.workingSetBytes).toBe(cap);
    // minikube runs without reservations, so the pods cgroup is the whole machine as well
    expect(out.signals.find((s) => s.signal === "allocatableMemory.available")?.capacity).toBe(cap);
  });
});

// minikube and kind ship evictionHard with only 0% disk entries: no memory.available, nothing reserved.
const ZERO_DISK = { evictionHard: { "nodefs.available": "0%", "nodefs.inodesFree": "0%", "imagefs.available": "0%" } };

const PAIRS: Array<[string, string, unknown]> = [
  ["nodes/sonobuoy-kubeadm-1.19-nodelist.json", "configz", fixture("configz/sonobuoy-kubeadm-1.19-my-node.json")],
  ["nodes/sonobuoy-kind-1.21-nodelist.json", "configz", fixture("configz/sonobuoy-kind-1.21-control-plane.json")],
  ["nodes/nri-minikube-1.16-nodelist.json", "minikube's evictionHard", ZERO_DISK],
  ["nodes/nri-minikube-1.35-nodelist.json", "minikube's evictionHard", ZERO_DISK],
  // OpenShift 4.7 workers: systemReserved cpu 500m, memory 1Gi, ephemeral-storage 1Gi over the kubelet's default evictionHard.
  [
    "nodes/openshift-4.7-gcp-ci-worker-node.json",
    "OpenShift 4.7 worker settings",
    { systemReserved: { cpu: "500m", memory: "1Gi", "ephemeral-storage": "1Gi" } },
  ],
  [
    "nodes/openshift-4.7-upshift-worker-node.json",
    "OpenShift 4.7 worker settings",
    { systemReserved: { cpu: "500m", memory: "1Gi", "ephemeral-storage": "1Gi" } },
  ],
];

describe("computed allocatable equals Node.status.allocatable", () => {
  it.each(PAIRS)("%s with %s", (file, _how, kubeletConfig) => {
    for (const node of nodesOf(fixture(file)) as NodeDoc[]) {
      const out = analyzeNode({ node, kubeletConfig });
      for (const r of ["cpu", "memory", "ephemeral-storage", "pods"]) {
        expect(out.allocatable[r], `${node.metadata.name} ${r}`).toBe(reported(node, r));
      }
    }
  });
});

const BINARY: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };

/**
 * A configuration's evictionHard map as the kubelet parses it (eviction/helpers.go
 * parseThresholdStatement): "N%" is a float32 fraction, "0%" and "100%" switch the signal off, a
 * quantity is bytes (or a count). Written out here rather than taken from the engine.
 */
function kubeletHardThresholds(
  evictionHard: Record<string, string>,
): Array<[string, { percentage: number } | { quantity: number }]> {
  const out: Array<[string, { percentage: number } | { quantity: number }]> = [];
  for (const [signal, v] of Object.entries(evictionHard)) {
    if (v === "0%" || v === "100%") continue;
    const pct = /^(\d+(?:\.\d+)?)%$/.exec(v);
    const qty = /^(\d+)(Ki|Mi|Gi)?$/.exec(v);
    if (pct) out.push([signal, { percentage: Math.fround(Number(pct[1]) / 100) }]);
    else if (qty) out.push([signal, { quantity: Number(qty[1]) * (qty[2] ? BINARY[qty[2]]! : 1) }]);
    else throw new Error(`unexpected threshold ${signal}=${v} in a capture`);
  }
  return out.sort(([a], [b]) => a.localeCompare(b));
}

// Signals the kubelet derives from others (allocatableMemory from memory, containerfs from
// nodefs/imagefs): they follow from the ones set, so the comparison is over what the config sets.
const DERIVED = /^(allocatableMemory|containerfs)\./;

describe("configz and kubelet config captures", () => {
  it.each(
    [...fixtureFiles("configz"), ...fixtureFiles("kubelet-config-files")].filter(
      (f) => !f.includes(".text.") && !f.includes("legacy-string"),
    ),
  )("%s: the hard thresholds are the ones its evictionHard sets", (file) => {
    const doc = fixture<{ kubeletconfig?: { evictionHard: Record<string, string> }; evictionHard?: Record<string, string> }>(
      file,
    );
    const evictionHard = (doc.kubeletconfig ?? doc).evictionHard!;
    expect(evictionHard, "the capture sets evictionHard").toBeDefined();
    const out = analyzeNode({ kubeletConfig: doc });
    expect(out.thresholdSource).toBe("kubeletConfig");
    const hard = out.thresholds.filter((t) => t.kind === "hard" && !DERIVED.test(t.signal)).map((t) => [t.signal, t.value]);
    expect(hard.sort(([a], [b]) => String(a).localeCompare(String(b)))).toEqual(kubeletHardThresholds(evictionHard));
    expect(out.thresholds.filter((t) => t.kind === "soft")).toEqual([]);
  });

  it("the legacy 1.8 configz string form gives its three hard thresholds", () => {
    const out = analyzeNode({ kubeletConfig: fixture("configz/sonobuoy-aws-kubeadm-1.8-legacy-string-eviction.json") });
    const hard = out.thresholds.filter(
      (t) => t.kind === "hard" && t.signal !== "allocatableMemory.available" && !t.signal.startsWith("containerfs"),
    );
    expect(hard.map((t) => [t.signal, t.value])).toEqual([
      ["memory.available", { quantity: 104857600 }],
      ["nodefs.available", { percentage: Math.fround(0.1) }],
      ["nodefs.inodesFree", { percentage: Math.fround(0.05) }],
    ]);
  });

  it("the AKS flags capture parses as kubelet flags", () => {
    const doc = fixture<{ raw: string }>("kubelet-config-files/learnk8s-aks-2022-kubelet-flags.text.json");
    const flags = doc.raw.replace(/^KUBELET_FLAGS=/, "");
    expect(parseKubeletFlags(flags).evictionHard).toEqual({
      "memory.available": "750Mi",
      "nodefs.available": "10%",
      "nodefs.inodesFree": "5%",
    });
    const out = analyzeNode({ kubeletFlags: flags });
    expect(out.thresholdSource).toBe("kubeletFlags");
    expect(out.thresholds.find((t) => t.signal === "memory.available")?.value).toEqual({ quantity: 750 * 1024 * 1024 });
  });
});

describe("node, lease and event captures", () => {
  it.each(fixtureFiles("nodes").filter((f) => !f.includes(".text.")))("%s: every node analyzes", (file) => {
    for (const node of nodesOf(fixture(file))) {
      const out = analyzeNode({ node });
      expect(out.node).toBe((node as NodeDoc).metadata.name);
      expect(out.allocatable.memory).toBeGreaterThan(0);
    }
  });
  it.each(fixtureFiles("leases"))("%s: each node Lease is held by its node and was renewed at a real time", (file) => {
    const leases = nodesOf(fixture(file)).map((l) => trimLease(l));
    expect(leases.length).toBeGreaterThan(0);
    for (const l of leases) {
      expect(l.name).not.toBe("");
      expect(l.holderIdentity).toBe(l.name);
      expect(Number.isFinite(Date.parse(l.renewTime ?? ""))).toBe(true);
      expect(l.leaseDurationSeconds).toBeGreaterThan(0);
    }
  });
  it.each([...fixtureFiles("events"), ...fixtureFiles("nodes").filter((f) => f.includes(".text."))])(
    "%s is a text capture naming the pressure or eviction it was kept for",
    (file) => {
      const doc = fixture<{ capturedAs?: unknown; raw?: unknown }>(file);
      expect(typeof doc.capturedAs).toBe("string");
      expect(typeof doc.raw).toBe("string");
      expect(doc.raw).toMatch(
        /Evicted|MemoryPressure|DiskPressure|PIDPressure|NodeHas(Insufficient|Sufficient|No)?\w*Pressure|NodeHas\w+Memory|low on resource/,
      );
    },
  );
});

describe("eviction messages", () => {
  const messages = (doc: unknown): string[] => JSON.stringify(doc).match(/The node was low on resource: [^"]*/g) ?? [];
  it.each(fixtureFiles("evicted-pods"))("%s parses", (file) => {
    const found = messages(fixture(file));
    expect(found.length).toBeGreaterThan(0);
    for (const m of found) {
      const parsed = parseEvictionMessage(m.replace(/\\n/g, "\n"));
      expect(parsed?.resource).toMatch(/^(memory|ephemeral-storage)$/);
      if (m.includes("Threshold quantity")) expect(parsed?.available).not.toBeNull();
    }
  });
  it("reads threshold, available and the container of the k0s message", () => {
    const parsed = parseEvictionMessage(
      "The node was low on resource: memory. Threshold quantity: 100Mi, available: 76700Ki. Container controller was using 21576Ki, request is 0, has larger consumption of memory. ",
    );
    expect(parsed).toEqual({
      resource: "memory",
      thresholdQuantity: 104857600,
      available: 76700 * 1024,
      containers: [{ name: "controller", usage: 21576 * 1024, request: 0 }],
      format: "current",
    });
  });
  it("reads the legacy format", () => {
    const parsed = parseEvictionMessage(
      "The node was low on resource: memory. Container node was using 35505620Ki, which exceeds its request of 12Gi. ",
    );
    expect(parsed?.format).toBe("legacy");
    expect(parsed?.containers).toEqual([{ name: "node", usage: 35505620 * 1024, request: 12 * 1024 ** 3 }]);
  });
});
