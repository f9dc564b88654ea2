import { describe, expect, it } from "vitest";

import { processMetrics, startProcessMetrics } from "./process-metrics";

const value = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);

describe("process metrics", () => {
  it("count the CPU used between start-up and the first scrape", async () => {
    expect(startProcessMetrics()).toBe(startProcessMetrics());
    // Burn a known amount of CPU time (not wall time: on a loaded machine 300 ms of wall clock
    // may be far less CPU), then the counter must hold at least that much.
    const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
    const since = process.cpuUsage();
    let x = 0;
    while (cpuSeconds(process.cpuUsage(since)) < 0.2) for (let i = 0; i < 1e5; i++) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    const burnt = cpuSeconds(process.cpuUsage(since));
    const text = await processMetrics();
    expect(value(text, "process_cpu_seconds_total")).toBeGreaterThanOrEqual(burnt);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });
});
