// The route handlers over the shared per-process cache, against the sim: documents validate,
// errors map to 400/404/503, and N concurrent viewers cost the cluster exactly what one does.
import { afterAll, afterEach, describe, expect, it } from "vitest";

import { GET as cluster } from "@/app/api/cluster/route";
import { GET as context, POST as switchTo } from "@/app/api/context/route";
import { GET as node } from "@/app/api/nodes/[name]/route";
import { GET as readyz } from "@/app/api/readyz/route";
import { clusterOverview, nodeDetail } from "@/lib/contract/dto";
import { parseOverviewEnvelope } from "@/lib/contract/overview-envelope";
import { configureCluster, getCache, resetCluster } from "@/lib/k8s/store/runtime";
import { startSim, type Sim } from "@/lib/sim";

import { FAST, until } from "./helpers";

const nodeGet = (name: string) => node(new Request(`http://x/api/nodes/${name}`), { params: Promise.resolve({ name }) });

async function configured(sim: Sim, settings = {}) {
  await configureCluster({
    source: { kind: "text", yaml: sim.kubeconfigYaml },
    settings: { ...FAST, ...settings },
    now: () => sim.clock.now(),
  });
}

describe("cluster routes", () => {
  let sim: Sim | undefined;
  afterEach(async () => {
    await resetCluster();
    await sim?.close();
    sim = undefined;
  });
  afterAll(() => resetCluster());

  it("answers 503 before a cluster is configured, then 503 → 200 on readyz once synced", async () => {
    await resetCluster();
    const prev = process.env.HOME;
    process.env.HOME = "/nonexistent";
    try {
      expect((await cluster()).status).toBe(503);
      expect((await cluster(new Request("http://x/api/cluster?nodes=none"))).status).toBe(503);
    } finally {
      process.env.HOME = prev;
    }
    sim = await startSim({ scenario: "memory-pressure" });
    await configured(sim);
    expect((await readyz()).status).toBe(503);
    await getCache().cache.whenReady(10_000);
    const ready = await readyz();
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, nodes: 2 });
    const doc = clusterOverview.parse(await (await cluster()).json());
    expect(doc.nodes).toHaveLength(2);
    // ?nodes=none: the same envelope (context, mode, summary) without the rows, for the site header
    const envelope = clusterOverview.parse(await (await cluster(new Request("http://x/api/cluster?nodes=none"))).json());
    expect(envelope.nodes).toEqual([]);
    expect(envelope.cluster).toEqual(doc.cluster);
    expect(envelope.summary).toEqual(doc.summary);
    // ?rows=table: the fleet table's rows, without labels and observations, passing the browser's check
    const table = parseOverviewEnvelope(await (await cluster(new Request("http://x/api/cluster?rows=table"))).json());
    expect(table.cluster).toEqual(doc.cluster);
    expect(table.nodes.map((r) => r.name)).toEqual(doc.nodes.map((r) => r.name));
    expect(table.nodes.every((r) => !("labels" in r) && !("observations" in r) && r.worstMargin)).toBe(true);
    // one body, not slices that each wait an event-loop turn behind collection (docs/benchmark-rounds.md, round six)
    const body = (await cluster(new Request("http://x/api/cluster?rows=table"))).body!.getReader();
    expect((await body.read()).done).toBe(false);
    expect((await body.read()).done).toBe(true);
    const first = doc.nodes[0]!.name;
    const detail = nodeDetail.parse(await (await nodeGet(first)).json());
    expect(detail.row.name).toBe(first);
    // PSI and swap: node-level whole, each pod's averages and swap, the row's figure, the counters' history
    const summary = detail.summary as {
      node: { memory: { psi: { some: { total: number } } }; swap: { swapUsageBytes: number } };
      pods: Array<{ memory: { psi?: { full: { avg60: number } } }; swap?: object }>;
    };
    expect(summary.node.memory.psi.some.total).toBeGreaterThan(0);
    expect(summary.node.swap.swapUsageBytes).toBeGreaterThan(0);
    expect(summary.pods.every((p) => typeof p.memory.psi?.full.avg60 === "number" && p.swap)).toBe(true);
    expect(detail.row.pressure).toMatchObject({ psiAbsent: null, memoryFullAvg60: expect.any(Number) });
    expect(Object.keys(detail.psiHistory!.signals)).toEqual([
      "cpu.some",
      "cpu.full",
      "memory.some",
      "memory.full",
      "io.some",
      "io.full",
    ]);
    const zeros = nodeDetail.parse(await (await nodeGet(doc.nodes[1]!.name)).json());
    expect(zeros.row.pressure).toMatchObject({ psiAbsent: "all-zero", memoryFullAvg60: null });
    expect(zeros.psiHistory).toBeUndefined();
    expect((await nodeGet("no-such-node")).status).toBe(404);
    const bad = await nodeGet("..%2F..%2Fapi");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^name: /);
  });

  it("answers a node page 503 while the first pod list is arriving, naming it, then 200", async () => {
    sim = await startSim({ scenario: "memory-pressure" });
    const held = sim.faults.add({ target: "apiserver", kind: "latency", ms: 2500, paths: ["/api/v1/pods"] });
    await configured(sim);
    const name = sim.cluster.nodes[0]!.name;
    const { cache } = getCache();
    await until(() => cache.states.get(name)?.summaryAt != null, 10_000, "the node's first Summary");
    const during = await nodeGet(name);
    expect(during.status).toBe(503);
    expect(((await during.json()) as { error: string }).error).toBe(
      `first sync: listing the cluster's pods (0 pods so far); node "${name}" is shown once every pod is in`,
    );
    expect((await nodeGet("no-such-node")).status).toBe(404);
    expect(parseOverviewEnvelope(await (await cluster()).json()).cluster.podsListed).toBe(0);
    sim.faults.remove(held);
    expect(await cache.whenReady(15_000)).toBe(true);
    expect(nodeDetail.parse(await (await nodeGet(name)).json()).row.name).toBe(name);
    expect(parseOverviewEnvelope(await (await cluster()).json()).cluster).not.toHaveProperty("podsListed");
  });

  it("lists contexts and refuses an unknown one with 400", async () => {
    sim = await startSim({ scenario: "memory-pressure" });
    await configured(sim);
    expect(await (await context()).json()).toMatchObject({ context: "headroom-sim", contexts: ["headroom-sim"] });
    const bad = await switchTo(
      new Request("http://x/api/context", { method: "POST", body: JSON.stringify({ context: "prod" }) }),
    );
    expect(bad.status).toBe(400);
    expect((await switchTo(new Request("http://x/api/context", { method: "POST", body: "{" }))).status).toBe(400);
    const huge = await switchTo(
      new Request("http://x/api/context", { method: "POST", body: JSON.stringify({ context: "x".repeat(10_000) }) }),
    );
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toMatch(/^body: larger than 4096 bytes/);
    const same = await switchTo(
      new Request("http://x/api/context", { method: "POST", body: JSON.stringify({ context: "headroom-sim" }) }),
    );
    expect(same.status).toBe(200);
  });

  it("20 concurrent viewers send the API server and kubelets what 1 viewer does", async () => {
    const counts: Record<string, number>[] = [];
    for (const viewers of [1, 20]) {
      sim = await startSim({ scenario: "memory-pressure" });
      sim.counters.reset();
      await configured(sim, { mode: "direct", summaryIntervalMs: 3_600_000 });
      const first = await Promise.all(Array.from({ length: viewers }, () => cluster()));
      expect(first.every((r) => r.status === 200)).toBe(true);
      await getCache().cache.whenReady(10_000);
      const again = await Promise.all(Array.from({ length: viewers }, () => cluster()));
      expect(again.every((r) => r.status === 200)).toBe(true);
      const snap = sim.counters.snapshot();
      counts.push(
        Object.fromEntries(Object.entries(snap).filter(([k]) => /^apiserver\.(list|get|watch|proxy)|^kubelet/.test(k))),
      );
      await resetCluster();
      await sim.close();
      sim = undefined;
    }
    expect(counts[0]!["kubelet.summary"]).toBe(2);
    expect(counts[0]!["apiserver.list.pods"]).toBe(1);
    expect(counts[1]).toEqual(counts[0]);
  });
});
