// Ten concurrent /metrics scrapes share one render (issue 29: each rendered the whole cache, one
// after the other, and /api/healthz waited behind them all). The process metrics change with every
// render (CPU seconds to the microsecond), so ten identical texts mean one render.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as metricsRoute } from "@/app/metrics/route";
import { configureCluster, getCache, resetCluster } from "@/lib/k8s/store/runtime";
import { startSim, type Sim } from "@/lib/sim";

import { FAST } from "./helpers";

describe("GET /metrics under concurrent scrapes", () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure" });
    await configureCluster({ source: { kind: "text", yaml: sim.kubeconfigYaml }, settings: FAST, now: () => sim.clock.now() });
    await getCache().cache.whenReady(15_000);
  }, 60_000);
  afterAll(async () => {
    await resetCluster();
    await sim?.close();
  });

  it("answers ten concurrent scrapes from one render, and renders afresh after the reuse window", async () => {
    const scrape = async () => (await metricsRoute()).text();
    const texts = await Promise.all(Array.from({ length: 10 }, scrape));
    expect(texts[0]).toMatch(/^headroom_signal_observed\{/m);
    expect(texts[0]).toMatch(/^process_cpu_user_seconds_total /m);
    expect(new Set(texts).size).toBe(1);
    // A scrape a moment later (past the 1 s reuse) gets a new render: the CPU seconds moved on.
    const end = Date.now() + 10_000;
    let next = await scrape();
    while (next === texts[0]) {
      if (Date.now() > end) throw new Error("never rendered again");
      await new Promise((r) => setTimeout(r, 100)); // waits for the reuse window to pass, checked by the text
      next = await scrape();
    }
    expect(next).toMatch(/^process_cpu_user_seconds_total /m);
  });
});
