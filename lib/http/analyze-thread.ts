import "server-only";

import { Worker } from "node:worker_threads";

import { threadEntry, type WorkerEntry } from "@/lib/server/worker-entry";

// POST /api/analyze takes documents up to 32 MiB; parsing one (YAML above all: ~0.5 MB/s) and
// analysing tens of thousands of pods took the event loop for many seconds, and /api/healthz
// waited behind it (10 s: one upload could get the pod restarted by its liveness probe). Large
// documents are therefore parsed and analysed in a worker thread, one at a time, each in a fresh
// thread that exits afterwards (its heap, hundreds of MiB for a big YAML, goes with it). Small
// documents, the dashboard's own, stay on the main thread: a thread start costs more than they do.

/** Bodies up to this size are analysed on the main thread (well under a millisecond of parsing). */
export const INLINE_BYTES = 256 * 1024;
/** Documents waiting for the thread; past this the route answers 503. */
const MAX_QUEUED = 4;
/** A document still not analysed after this long is refused and its thread stopped. */
const DEADLINE_MS = 60_000;

export type AnalyzeReply = { ok: true; json: string } | { ok: false; input: boolean; tooLarge: boolean; message: string };
export type AnalyzeOutcome = AnalyzeReply | { ok: false; busy: true; message: string };

const defaultEntry = () =>
  threadEntry({
    bundle: "headroom-analyze-worker.mjs",
    sourceDir: ["lib", "http"],
    source: "analyze-worker.ts",
    callerUrl: import.meta.url,
  });

export interface AnalyzeQueueOptions {
  entry?: () => WorkerEntry;
  maxQueued?: number;
  deadlineMs?: number;
}

/** Runs documents through worker threads one at a time, with a bounded wait list and a deadline each. */
export class AnalyzeQueue {
  private running: Promise<unknown> = Promise.resolve();
  private queued = 0;

  constructor(private readonly o: AnalyzeQueueOptions = {}) {}

  /** Parses and analyses a document in a worker thread; `busy` when too many already wait. */
  async analyze(bytes: Uint8Array): Promise<AnalyzeOutcome> {
    if (this.queued >= (this.o.maxQueued ?? MAX_QUEUED) + 1)
      return { ok: false, busy: true, message: "body: too many large documents being analysed; retry later" };
    this.queued++;
    const turn = this.running.then(() => this.runThread(bytes));
    this.running = turn.catch(() => {});
    try {
      return await turn;
    } finally {
      this.queued--;
    }
  }

  private runThread(body: Uint8Array): Promise<AnalyzeReply> {
    // Transfer, not copy; a view into a shared buffer (Node's small-Buffer pool) is copied first.
    const bytes = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : new Uint8Array(body);
    const deadline = this.o.deadlineMs ?? DEADLINE_MS;
    return new Promise((resolve) => {
      const { file, execArgv } = (this.o.entry ?? defaultEntry)();
      const w = new Worker(file, { execArgv, workerData: { bytes }, transferList: [bytes.buffer as ArrayBuffer] });
      let settled = false;
      const done = (r: AnalyzeReply) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void w.terminate();
        resolve(r);
      };
      const timer = setTimeout(
        () => done({ ok: false, input: false, tooLarge: true, message: `body: not analysed within ${deadline / 1000} s` }),
        deadline,
      );
      w.on("message", (r: AnalyzeReply) => done(r));
      w.on("error", (e) => done({ ok: false, input: false, tooLarge: false, message: `analyze thread failed: ${e.message}` }));
      w.on("exit", (code) => done({ ok: false, input: false, tooLarge: false, message: `analyze thread exited (code ${code})` }));
    });
  }
}

const shared = new AnalyzeQueue();

/** Parses and analyses a large document in the process's analyze queue (one thread at a time). */
export function analyzeInThread(bytes: Uint8Array): Promise<AnalyzeOutcome> {
  return shared.analyze(bytes);
}
