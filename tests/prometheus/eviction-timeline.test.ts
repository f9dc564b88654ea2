// The node's eviction timeline read back from a real Prometheus: a target whose counter appears
// (a first eviction, which increase() alone misses) and then grows; the timeline counts each.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryInstant } from "@/lib/prometheus/client";
import { evictionTimeline, weekOfEvictions } from "@/lib/prometheus/eviction-timeline";
import type { PrometheusSettings } from "@/lib/prometheus/settings";
import { freePort, startPrometheus, type RunningPrometheus } from "@/scripts/bench/prometheus-server";

const SERIES =
  'headroom_evictions_observed_total{node="n1",namespace="default",workload_kind="Deployment",workload="report-worker",signal="memory.available"}';

describe("eviction timeline from Prometheus", () => {
  let server: Server;
  let prom: RunningPrometheus;
  let settings: PrometheusSettings;
  let evicted = 0; // what the target exports; absent until the first eviction
  const scraped = async (value: number) => {
    const end = Date.now() + 15_000;
    while ((await queryInstant(settings, SERIES).catch(() => []))[0]?.value !== value) {
      if (Date.now() > end) throw new Error(`Prometheus never scraped ${value}`);
      await new Promise((r) => setTimeout(r, 100)); // polling Prometheus: waits for its next scrape, not for time
    }
  };

  beforeAll(async () => {
    const port = await freePort();
    server = createServer((_req, res) =>
      res.end(evicted ? `# TYPE headroom_evictions_observed_total counter\n${SERIES} ${evicted}\n` : "# nothing evicted yet\n"),
    );
    await new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r()));
    prom = await startPrometheus([`127.0.0.1:${port}`]);
    settings = { url: prom.url, matchers: [], timeoutMs: 3000 };
  }, 60_000);
  afterAll(async () => {
    await prom?.stop();
    server?.close();
  });

  it("counts a label set's first eviction and the next ones, by bucket", async () => {
    const start = Math.floor(Date.now() / 1000) - 5;
    evicted = 1;
    await scraped(1);
    evicted = 3;
    await scraped(3);
    const to = Math.ceil(Date.now() / 1000) + 1;
    // one bucket spanning the whole test: the new series at 3 (its first value counts whole)
    const doc = await evictionTimeline(settings, "n1", to, to, to - start + 60);
    expect(doc.entries).toEqual([
      {
        at: to,
        namespace: "default",
        workloadKind: "Deployment",
        workload: "report-worker",
        signal: "memory.available",
        count: 3,
      },
    ]);
    // another node has none
    expect((await evictionTimeline(settings, "n2", to, to, 600)).entries).toEqual([]);
  }, 60_000);

  it("says why when Prometheus is missing or gone, instead of failing", async () => {
    expect(await weekOfEvictions(null, "n1", Date.now())).toMatchObject({
      source: "unavailable",
      reason: expect.stringMatching(/HEADROOM_PROMETHEUS_URL/),
      entries: [],
    });
    await prom.stop();
    expect(await weekOfEvictions(settings, "n1", Date.now())).toMatchObject({
      source: "unavailable",
      reason: expect.stringMatching(/^Prometheus did not answer: unreachable/),
    });
  });
});
