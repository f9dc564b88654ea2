import { describe, expect, it } from "vitest";
import { processMetrics, startProcessMetrics } from "./process-metrics";

const value = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);

describe("process metrics", () => {
  it("count the CPU used between start-up and the first scrape", async () => {
    expect(startProcessMetrics()).toBe(startProcessMetrics());
    const end = Date.now() + 300;
    let x = 0;
    while (Date.now() < end) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    const text = await processMetrics();
    expect(value(text, "process_cpu_seconds_total")).toBeGreaterThan(0.2);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });
});
