import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { POST } from "@/app/api/analyze/route";
import { analyzeNode, InputError } from "@/lib/eviction";

import { FIELD_ERROR, nastyString, nastyValue, RUNS } from "./arbitraries";

const GI = 1024 ** 3;
const base = () => ({
  node: {
    metadata: { name: "n1" },
    status: { capacity: { cpu: "4", memory: "8Gi", pods: "110", "ephemeral-storage": "100Gi" } },
  },
  pods: [
    {
      metadata: { name: "p", namespace: "d", uid: "u" },
      spec: { containers: [{ name: "c", resources: { requests: { memory: "1Gi" } } }] },
      status: { phase: "Running" },
    },
  ],
  summary: {
    node: {
      memory: { availableBytes: GI, workingSetBytes: 7 * GI },
      fs: { availableBytes: 50 * GI, capacityBytes: 100 * GI, inodesFree: 900, inodes: 1000 },
    },
    pods: [],
  },
  kubeletConfig: { evictionHard: { "memory.available": "100Mi" } },
});
const CONFIG_KEYS = [
  "evictionHard",
  "evictionSoft",
  "evictionSoftGracePeriod",
  "evictionMinimumReclaim",
  "evictionPressureTransitionPeriod",
  "evictionMaxPodGracePeriod",
  "kubeReserved",
  "systemReserved",
  "enforceNodeAllocatable",
  "kubeReservedCgroup",
  "systemReservedCgroup",
  "cgroupsPerQOS",
  "mergeDefaultEvictionSettings",
  "featureGates",
  "apiVersion",
  "kind",
];
const SIGNAL_KEYS = [
  "memory.available",
  "nodefs.available",
  "nodefs.inodesFree",
  "imagefs.available",
  "imagefs.inodesFree",
  "containerfs.available",
  "pid.available",
  "allocatableMemory.available",
  "cpu",
  "memory",
  "pid",
  "ephemeral-storage",
  "bogus",
];

const kubeletConfig = fc.dictionary(
  fc.constantFrom(...CONFIG_KEYS),
  fc.oneof(nastyValue, fc.dictionary(fc.constantFrom(...SIGNAL_KEYS), nastyValue, { maxKeys: 4 })),
  { maxKeys: 5 },
);

/** Either a result or an InputError naming the field; anything else (a crash) fails the property. */
function check(run: () => unknown): void {
  try {
    run();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    expect(e.message).toMatch(FIELD_ERROR);
  }
}

describe("analyzeNode on hostile kubelet configs", () => {
  it("returns a result or an InputError naming the field", () => {
    fc.assert(
      fc.property(kubeletConfig, (cfg) => check(() => analyzeNode({ ...base(), kubeletConfig: cfg }))),
      { numRuns: RUNS },
    );
  });
  it("survives absurd Summary numbers (2^64-1 inodes, negative available)", () => {
    const n = fc.oneof(fc.constantFrom(2 ** 64 - 1, -1, -(2 ** 63), 1e308, 0, 0.5), fc.double({ noNaN: true }), fc.integer());
    fc.assert(
      fc.property(n, n, n, n, (avail, ws, free, inodes) => {
        const doc = base();
        doc.summary.node = {
          memory: { availableBytes: avail, workingSetBytes: ws },
          fs: { availableBytes: avail, capacityBytes: ws, inodesFree: free, inodes },
        };
        check(() => analyzeNode(doc));
      }),
      { numRuns: RUNS },
    );
  });
});

const post = (body: string, headers: Record<string, string> = {}) =>
  POST(new Request("http://h/api/analyze", { method: "POST", body, headers }));

describe("POST /api/analyze on hostile bodies", () => {
  const bodies = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.record({ node: nastyValue, pods: nastyValue, summary: nastyValue, kubeletConfig }).map((v) => JSON.stringify(v)),
    fc
      .tuple(fc.constantFrom("node", "pods", "summary", "kubeletConfig", "kubeletFlags", "whatIf", "now"), nastyValue)
      .map(([k, v]) => JSON.stringify({ ...base(), [k]: v })),
    nastyString.map((s) => `kubeletConfig:\n  evictionHard:\n    memory.available: "${s.replace(/["\\\n]/g, "")}"\nnode: {}\n`),
  );
  it("answers 200 or a 400 naming the field, never a 5xx or a throw", async () => {
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const res = await post(body);
        expect([200, 400]).toContain(res.status);
        if (res.status === 400) expect(((await res.json()) as { error: string }).error).toMatch(FIELD_ERROR);
      }),
      { numRuns: RUNS },
    );
  });
  it("refuses bodies over 32 MiB, declared or streamed", async () => {
    expect((await post("x", { "content-length": String(64 * 2 ** 20) })).status).toBe(413);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        sent += 2 ** 20;
        if (sent > 40 * 2 ** 20) c.close();
        else c.enqueue(new Uint8Array(2 ** 20).fill(32));
      },
    });
    const res = await POST(new Request("http://h/api/analyze", { method: "POST", body: stream, duplex: "half" } as RequestInit));
    expect(res.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(34 * 2 ** 20);
  });
});
