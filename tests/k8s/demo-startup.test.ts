// The default `npm start` demo through the app's own start-up path (lib/server/start/startup.ts): the sim
// plays its warm-up while the cache collects each 10 s step over loopback HTTP, so the first
// /api/cluster answer already shows a busy fleet with history, pressure and evictions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as cluster } from "@/app/api/cluster/route";
import { GET as nodeRoute } from "@/app/api/nodes/[name]/route";
import { clusterOverview, nodeDetail } from "@/lib/contract/dto";
import { readEnv } from "@/lib/k8s/io/env";
import { getCache, resetCluster } from "@/lib/k8s/store/runtime";
import { startup } from "@/lib/server/start/startup";

const demoEnv = (extra: Record<string, string> = {}) => readEnv({ HOME: "/nonexistent", ...extra });

describe("the default demo (lib/server/start/startup.ts)", () => {
  const home = process.env.HOME;
  // no ~/.kube/config: the start-up switch must pick the demo cluster
  beforeAll(() => void (process.env.HOME = "/nonexistent"));
  afterAll(async () => {
    await resetCluster();
    process.env.HOME = home;
  });

  // How long the start-up takes is a benchmark figure (scripts/bench-ui.ts prints the demo mode's), not a test.
  it("is the default scenario and, once started, has >= 12 nodes, pressure, evictions and history", async () => {
    expect(demoEnv().HEADROOM_SIM_SCENARIO).toBe("demo");
    await startup(demoEnv());
    const doc = clusterOverview.parse(await (await cluster()).json());
    const rows = doc.nodes;
    const pools = new Set(rows.map((r) => r.pool));
    const pressured = (c: string) => rows.filter((r) => Object.entries(r.conditions).some(([k, v]) => k === c && v === true));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(pools.size).toBeGreaterThanOrEqual(3);
    expect(doc.summary.nodesUnderPressure).toBeGreaterThanOrEqual(1);
    expect(doc.summary.evictionsLastHour).toBeGreaterThanOrEqual(3);
    expect(pressured("MemoryPressure").length).toBeGreaterThanOrEqual(1);
    expect(pressured("DiskPressure").length).toBeGreaterThanOrEqual(1);
    expect(rows.some((r) => (r.leaseAgeSeconds ?? 0) > (r.leaseDurationSeconds ?? 40))).toBe(true);
    // history: the warm-up's 40 minutes, one sample per 10 s step, at the cluster clock
    const name = rows[0]!.name;
    const detail = nodeDetail.parse(
      await (await nodeRoute(new Request(`http://x/api/nodes/${name}`), { params: Promise.resolve({ name }) })).json(),
    );
    const mem = detail.history.signals["memory.available"]!;
    expect(mem.available.filter((v) => v !== null).length).toBeGreaterThanOrEqual(180);
    expect(Date.now() - detail.history.start).toBeGreaterThanOrEqual(30 * 60_000);
    expect(getCache().info.demo).toBe(true);
  }, 30_000);

  it("refuses a parameter the scenario does not take, naming it", async () => {
    await resetCluster();
    await expect(startup(demoEnv({ HEADROOM_SIM_PARAMS: "nodes=300" }))).rejects.toThrow(
      /scenario demo: unknown parameter nodes \(it takes no parameters\)/,
    );
  });
});
