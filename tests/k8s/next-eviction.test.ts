// The fleet row's "next eviction", computed by the cache with lib/forecast from what it collected.
import { afterAll, beforeAll, expect, it } from "vitest";

import { buildOverview } from "@/lib/k8s/documents/overview";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { cacheFor, until } from "./helpers";

const info = { context: "headroom-sim", contexts: ["headroom-sim"], demo: false };
let sim: Sim;
let cache: ClusterCache;

beforeAll(async () => {
  sim = await startSim({ scenario: "memory-pressure", bookmarkEveryMs: 200 });
  cache = cacheFor(sim);
  await cache.whenReady(15_000);
});
afterAll(async () => {
  cache?.stop();
  await sim?.close();
});

it("rows carry the soonest expected eviction (grace end, hard met) and a condition held by the transition period", async () => {
  const start = sim.clock.now();
  const [leaky, calm] = sim.cluster.nodes.map((n) => n.name) as [string, string];
  const row = (name: string) => buildOverview(cache, info).nodes.find((n) => n.name === name)!;
  expect(row(leaky).nextEviction).toBeNull();
  // soft threshold (1Gi) met from the 250 s cycle on, grace 90 s; hard (300Mi) not before ~290 s
  sim.advance(270);
  await until(() => row(leaky).nextEviction?.because === "grace", 10_000, "a grace countdown on the leaking node");
  expect(row(leaky).nextEviction).toEqual({ signal: "memory.available", because: "grace", at: start + 340_000 });
  expect(row(calm).nextEviction).toBeNull();
  sim.advance(25);
  await until(() => row(leaky).nextEviction?.because === "hard-met", 10_000, "hard threshold met");
  expect(row(leaky).nextEviction!.at).toBe(sim.clock.now());
  // evicted at the 300 s cycle: MemoryPressure held by the 5m transition period until 600 s
  sim.advance(35);
  await until(() => row(leaky).pressureHold != null, 10_000, "the condition hold");
  expect(row(leaky)).toMatchObject({
    nextEviction: null,
    pressureHold: { condition: "MemoryPressure", clearsAt: start + 600_000 },
  });
  expect(row(calm).pressureHold).toBeNull();
});
