// POST /api/context (issue 29): asking for the current context is not a switch (it used to drop
// the history and eviction counters and relist everything), and real switches are limited to one
// per SWITCH_INTERVAL_MS (429 past it, saying when to retry).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";

import { POST as switchTo } from "@/app/api/context/route";
import { configureCluster, getCache, resetCluster, SWITCH_INTERVAL_MS } from "@/lib/k8s/store/runtime";
import { startSim, type Sim } from "@/lib/sim";

import { FAST } from "./helpers";

const post = (context: string) =>
  switchTo(new Request("http://x/api/context", { method: "POST", body: JSON.stringify({ context }) }));

describe("POST /api/context", () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure" });
    // The sim's kubeconfig with a second context to the same cluster.
    const kc = parse(sim.kubeconfigYaml) as { contexts: { name: string; context: unknown }[] };
    kc.contexts.push({ name: "second", context: kc.contexts[0]!.context });
    await configureCluster({ source: { kind: "text", yaml: stringify(kc) }, settings: FAST, now: () => sim.clock.now() });
    await getCache().cache.whenReady(15_000);
  }, 60_000);
  afterAll(async () => {
    await resetCluster();
    await sim?.close();
  });

  it("keeps the cache for the current context, and allows one real switch per interval", async () => {
    const before = getCache().cache;
    for (let i = 0; i < 10; i++) expect((await post("headroom-sim")).status).toBe(200);
    expect(getCache().cache).toBe(before); // same history, same counters, no relist
    const switched = await post("second");
    expect(switched.status).toBe(200);
    expect(((await switched.json()) as { context: string }).context).toBe("second");
    expect(getCache().cache).not.toBe(before);
    const again = await post("headroom-sim");
    expect(again.status).toBe(429);
    expect(((await again.json()) as { error: string }).error).toMatch(
      new RegExp(`^context: switched \\d+\\.\\d s ago; one switch per ${SWITCH_INTERVAL_MS / 1000} s \\(retry in \\d s\\)$`),
    );
    expect(getCache().info.context).toBe("second");
  }, 30_000);
});
