// The analyze queue's bounds: one thread at a time, a short wait list (then 503), and a deadline
// after which a document is refused and its thread stopped.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { AnalyzeQueue } from "./analyze-thread";

// A stand-in thread that takes `ms` (from the body) and answers with its own start and end times
// (so a test sees whether two ran at once), or never answers.
const dir = mkdtempSync(join(tmpdir(), "headroom-analyze-queue-"));
const file = join(dir, "slow-worker.mjs");
writeFileSync(
  file,
  `import { parentPort, workerData } from "node:worker_threads";
const ms = Number(new TextDecoder().decode(workerData.bytes));
const start = performance.timeOrigin + performance.now();
if (ms >= 0) setTimeout(() => parentPort.postMessage({ ok: true, json: JSON.stringify([start, performance.timeOrigin + performance.now()]) }), ms);
else setInterval(() => {}, 1000);`,
);
const entry = () => ({ file, execArgv: [] });
const body = (ms: number) => new TextEncoder().encode(String(ms));

describe("AnalyzeQueue", () => {
  it("runs one document at a time and refuses past the wait list (busy)", async () => {
    const queue = new AnalyzeQueue({ entry, maxQueued: 2 });
    const replies = await Promise.all([30, 30, 30, 30].map((ms) => queue.analyze(body(ms))));
    expect(replies[3]).toMatchObject({ ok: false, busy: true });
    // The three accepted ran one after another: each started after the previous one ended.
    const spans = replies.slice(0, 3).map((r) => (r.ok ? (JSON.parse(r.json) as [number, number]) : null));
    expect(spans.every((s) => s !== null)).toBe(true);
    const sorted = (spans as [number, number][]).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]![0]).toBeGreaterThanOrEqual(sorted[i - 1]![1]);
    expect(await queue.analyze(body(1))).toMatchObject({ ok: true });
  }, 20_000);

  it("stops a thread past the deadline and refuses its document; the next one runs", async () => {
    // The deadline counts from the thread's start, so it must leave room for a thread to start.
    const queue = new AnalyzeQueue({ entry, deadlineMs: 300 });
    expect(await queue.analyze(body(-1))).toEqual({
      ok: false,
      input: false,
      tooLarge: true,
      message: "body: not analysed within 0.3 s",
    });
    expect(await queue.analyze(body(5))).toMatchObject({ ok: true });
  }, 20_000);
});
