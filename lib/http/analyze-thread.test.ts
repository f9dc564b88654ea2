// The analyze queue's bounds: one thread at a time, a short wait list (then 503), and a deadline
// after which a document is refused and its thread stopped.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AnalyzeQueue } from "./analyze-thread";

// A stand-in thread that takes `ms` (from the body) and echoes the body back, or never answers.
const dir = mkdtempSync(join(tmpdir(), "headroom-analyze-queue-"));
const file = join(dir, "slow-worker.mjs");
writeFileSync(
  file,
  `import { parentPort, workerData } from "node:worker_threads";
const ms = Number(new TextDecoder().decode(workerData.bytes));
if (ms >= 0) setTimeout(() => parentPort.postMessage({ ok: true, json: String(ms) }), ms);
else setInterval(() => {}, 1000);`,
);
const entry = () => ({ file, execArgv: [] });
const body = (ms: number) => new TextEncoder().encode(String(ms));

describe("AnalyzeQueue", () => {
  it("runs one document at a time and refuses past the wait list (busy)", async () => {
    const queue = new AnalyzeQueue({ entry, maxQueued: 2 });
    const t0 = performance.now();
    const replies = await Promise.all([300, 300, 300, 300].map((ms) => queue.analyze(body(ms))));
    expect(replies.slice(0, 3)).toEqual([{ ok: true, json: "300" }, { ok: true, json: "300" }, { ok: true, json: "300" }]);
    expect(replies[3]).toMatchObject({ ok: false, busy: true });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(880);
    expect(await queue.analyze(body(1))).toEqual({ ok: true, json: "1" });
  }, 20_000);

  it("stops a thread past the deadline and refuses its document; the next one runs", async () => {
    const queue = new AnalyzeQueue({ entry, deadlineMs: 300 });
    expect(await queue.analyze(body(-1))).toEqual({ ok: false, input: false, tooLarge: true, message: "body: not analysed within 0.3 s" });
    expect(await queue.analyze(body(5))).toEqual({ ok: true, json: "5" });
  }, 20_000);
});
