// The node's eviction timeline read back from a real Prometheus: a target whose counter appears
// (a first eviction, which increase() alone misses) and then grows; the timeline counts each.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { EvictionTimelineDoc } from "@/lib/contract/eviction-timeline";
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
  let restartedExport = ""; // node n3's counter, exported until "Headroom restarts"
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
      res.end(
        (evicted ? `# TYPE headroom_evictions_observed_total counter\n${SERIES} ${evicted}\n` : "# nothing evicted yet\n") +
          restartedExport,
      ),
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

  it("keeps an eviction on the week's timeline after Headroom restarts and stops exporting its label set", async () => {
    // A restarted Headroom exports a label set again only at its next eviction (eviction-tally.ts):
    // the series goes stale. The hour's bucket must still count the eviction it recorded.
    const RESTARTED = SERIES.replace('node="n1"', 'node="n3"');
    restartedExport = `${RESTARTED} 1\n`;
    const end = Date.now() + 15_000;
    const seen = async (present: boolean) => {
      while ((await queryInstant(settings, RESTARTED).catch(() => [])).length !== (present ? 1 : 0)) {
        if (Date.now() > end) throw new Error(`Prometheus never saw the series ${present ? "appear" : "go stale"}`);
        await new Promise((r) => setTimeout(r, 100)); // polling Prometheus: waits for its next scrape
      }
    };
    const counted = (d: EvictionTimelineDoc) => d.entries.reduce((sum, e) => sum + e.count, 0);
    await seen(true);
    // The timeline's last bucket ends at the whole second before now: wait until it holds the sample.
    while (counted(await weekOfEvictions(settings, "n3", Date.now())) !== 1) {
      if (Date.now() > end) throw new Error("the timeline never counted the eviction");
      await new Promise((r) => setTimeout(r, 100)); // polling Prometheus, as above
    }
    restartedExport = ""; // the restart: the counter is not exported again
    await seen(false);
    // Read as the node page would 30 s later (the report), past the staleness marker
    // whatever the second it fell in.
    const after = await weekOfEvictions(settings, "n3", Date.now() + 30_000);
    expect(after.source).toBe("prometheus");
    expect(counted(after)).toBe(1);
    expect(after.entries[0]).toMatchObject({ workload: "report-worker", signal: "memory.available", count: 1 });
  }, 30_000);

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
