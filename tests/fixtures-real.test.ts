// Every real capture in shared/fixtures/real goes through the engine; paired captures must agree
// with what the kubelet itself reported.
import { describe, expect, it } from "vitest";
import { analyzeNode } from "@/lib/eviction";
import { parseEvictionMessage } from "@/lib/eviction/eviction-message";
import { observeSignals } from "@/lib/eviction/observe";
import { parseKubeletFlags } from "@/lib/eviction/thresholds";
import { parseBytes, parseMillis } from "@/lib/eviction/quantity";
import { validateSummary } from "@/lib/eviction/validate-summary";
import { fixture, fixtureFiles, nodesOf } from "./fixtures";

type NodeDoc = { metadata: { name: string }; status: { capacity: Record<string, string>; allocatable: Record<string, string> } };

function reported(node: NodeDoc, resource: string): number {
  const v = node.status.allocatable[resource] as string;
  return resource === "cpu" ? parseMillis(v) : parseBytes(v);
}

describe("summary captures", () => {
  it.each(fixtureFiles("summary"))("%s is observed without error", (file) => {
    const summary = validateSummary(fixture(file));
    const obs = observeSignals(summary);
    const out = analyzeNode({ summary: fixture(file) });
    expect(out.signals.map((s) => s.signal)).toEqual(Object.keys(obs).filter((s) => s in obs));
    for (const s of out.signals) expect(Number.isFinite(s.available)).toBe(true);
  });

  it.each(["1.16", "1.35"])("minikube %s: memory.available + workingSet = Node capacity, kubepods = capacity", (v) => {
    const node = nodesOf(fixture(`nodes/nri-minikube-${v}-nodelist.json`))[0] as NodeDoc;
    const summary = fixture<{ node: { memory: { availableBytes: number; workingSetBytes: number } } }>(`summary/nri-minikube-${v}.json`);
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
  ["nodes/openshift-4.7-gcp-ci-worker-node.json", "OpenShift 4.7 worker settings", { systemReserved: { cpu: "500m", memory: "1Gi", "ephemeral-storage": "1Gi" } }],
  ["nodes/openshift-4.7-upshift-worker-node.json", "OpenShift 4.7 worker settings", { systemReserved: { cpu: "500m", memory: "1Gi", "ephemeral-storage": "1Gi" } }],
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

describe("configz and kubelet config captures", () => {
  it.each([...fixtureFiles("configz"), ...fixtureFiles("kubelet-config-files").filter((f) => !f.includes(".text."))])(
    "%s yields a threshold list",
    (file) => {
      const out = analyzeNode({ kubeletConfig: fixture(file) });
      expect(out.thresholdSource).toBe("kubeletConfig");
      for (const t of out.thresholds) expect(t.value).toBeDefined();
    },
  );

  it("the legacy 1.8 configz string form gives its three hard thresholds", () => {
    const out = analyzeNode({ kubeletConfig: fixture("configz/sonobuoy-aws-kubeadm-1.8-legacy-string-eviction.json") });
    const hard = out.thresholds.filter((t) => t.kind === "hard" && t.signal !== "allocatableMemory.available" && !t.signal.startsWith("containerfs"));
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
  it.each([...fixtureFiles("leases"), ...fixtureFiles("events"), ...fixtureFiles("nodes").filter((f) => f.includes(".text."))])(
    "%s is valid JSON",
    (file) => {
      expect(fixture(file)).toBeTruthy();
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
    const parsed = parseEvictionMessage("The node was low on resource: memory. Container node was using 35505620Ki, which exceeds its request of 12Gi. ");
    expect(parsed?.format).toBe("legacy");
    expect(parsed?.containers).toEqual([{ name: "node", usage: 35505620 * 1024, request: 12 * 1024 ** 3 }]);
  });
});
