// Failure handling against the sim over real HTTPS: forbidden proxy access, slow and broken
// kubelets, and an API server that drops watches, throttles and fails.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ClusterCache } from "@/lib/k8s/cache";
import { buildOverview } from "@/lib/k8s/overview";
import { type Sim, startSim } from "@/lib/sim";
import { cacheFor, until } from "./helpers";

const info = { context: "c", contexts: ["c"], demo: false };

describe("collection failures", () => {
  let sim: Sim;
  const caches: ClusterCache[] = [];
  const start = (...a: Parameters<typeof cacheFor> extends [Sim, ...infer R] ? R : never) => {
    const c = cacheFor(sim, ...a);
    caches.push(c);
    return c;
  };
  beforeAll(async () => {
    sim = await startSim({ scenario: "mixed-pools", bookmarkEveryMs: 200 });
  });
  afterEach(() => {
    caches.splice(0).forEach((c) => c.stop());
    sim.faults.clear();
  });
  afterAll(() => sim?.close());

  it("refuses proxy mode for a least-privilege token with a clear 403 per node", async () => {
    const cache = start("least-privilege", { mode: "proxy" });
    expect(await cache.whenReady(10_000)).toBe(true);
    const rows = buildOverview(cache, info).nodes;
    expect(rows).toHaveLength(sim.cluster.nodes.length);
    for (const r of rows) {
      expect(r.collection.state).toBe("failed");
      expect(r.collection.error).toMatch(/^403 Forbidden/);
      expect(r.collection.error).toContain("nodes");
      expect(r.collection.configSource).toBe("defaults");
    }
  });

  it("marks a hanging and a garbling kubelet failed while the others stay current", async () => {
    const [hang, garble] = sim.cluster.nodes.map((n) => n.name);
    sim.faults.add({ target: "kubelet", nodes: [hang!], kind: "timeout" });
    sim.faults.add({ target: "kubelet", nodes: [garble!], kind: "malformed", paths: ["/stats"] });
    const cache = start("least-privilege", { kubeletTimeoutMs: 400, summaryIntervalMs: 300 });
    expect(await cache.whenReady(10_000)).toBe(true);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 1500));
    const rows = new Map(buildOverview(cache, info).nodes.map((r) => [r.name, r]));
    expect(rows.get(hang!)!.collection).toMatchObject({ state: "failed", error: "timeout after 0.4s" });
    expect(rows.get(garble!)!.collection.state).toBe("failed");
    expect(rows.get(garble!)!.collection.error).toMatch(/^bad data: kubelet summary is not valid JSON/);
    for (const [name, r] of rows) {
      if (name === hang || name === garble) continue;
      expect(r.collection.state).toBe("ok");
      expect(r.collection.ageSeconds!).toBeLessThan((Date.now() - t0) / 1000);
      expect(r.collection.ageSeconds!).toBeLessThan(1);
    }
  });

  it("survives dropped watches, 429 and 500 from the API server and keeps following changes", async () => {
    const cache = start("least-privilege");
    expect(await cache.whenReady(10_000)).toBe(true);
    const throttle = sim.faults.add({ target: "apiserver", kind: "throttle" });
    sim.faults.dropWatches();
    await new Promise((r) => setTimeout(r, 700));
    sim.faults.remove(throttle);
    const fail = sim.faults.add({ target: "apiserver", kind: "error" });
    sim.faults.dropWatches();
    await new Promise((r) => setTimeout(r, 700));
    sim.faults.remove(fail);
    const victim = sim.cluster.nodes[0]!;
    victim.stopsAt = sim.clock.now();
    sim.advance(60);
    await until(() => buildOverview(cache, info).nodes.find((n) => n.name === victim.name)?.ready === "Unknown", 20_000, "node to turn NotReady");
    expect(cache.nodes.status.error === null || typeof cache.nodes.status.error === "string").toBe(true);
  });
});
