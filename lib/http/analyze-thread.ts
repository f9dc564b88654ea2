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
/**
 * The analyze thread's old-generation heap. The deploy's container limit is 1 536 MiB; the worst
 * accepted load is one thread at work, MAX_QUEUED + 1 bodies of 32 MiB held (160 MiB) and the
 * main thread (~300 MiB at 1 000 nodes): a 640 MiB heap (plus the young generation and code) keeps
 * the total under the limit. A document that needs more is refused (413), the process lives on.
 */
const ANALYZE_HEAP_MB = 640;

export type AnalyzeReply = { ok: true; json: string } | { ok: false; input: boolean; tooLarge: boolean; message: string };
export type AnalyzeOutcome = AnalyzeReply | { ok: false; busy: true; message: string };
export const BUSY = { ok: false, busy: true, message: "body: too many large documents being analysed; retry later" } as const;

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
  heapMb?: number;
}

/** A place in the queue, taken before a body is read so a full queue refuses it unread. */
export interface Admission {
  /** Analyses the document in the place held. */
  analyze(bytes: Uint8Array): Promise<AnalyzeReply>;
  /** Gives the place back (the body never came: too large, a client gone). */
  release(): void;
}

/** Runs documents through worker threads one at a time, with a bounded wait list and a deadline each. */
export class AnalyzeQueue {
  private running: Promise<unknown> = Promise.resolve();
  private queued = 0;

  constructor(private readonly o: AnalyzeQueueOptions = {}) {}

  /**
   * Takes a place for a document about to be read, or null when too many already wait: the route
   * answers 503 before buffering up to 32 MiB of a body it would refuse anyway.
   */
  admit(): Admission | null {
    if (this.queued >= (this.o.maxQueued ?? MAX_QUEUED) + 1) return null;
    this.queued++;
    let held = true;
    const release = () => {
      if (held) this.queued--;
      held = false;
    };
    return {
      analyze: async (bytes) => {
        const turn = this.running.then(() => this.runThread(bytes));
        this.running = turn.catch(() => {});
        try {
          return await turn;
        } finally {
          release();
        }
      },
      release,
    };
  }

  /** Parses and analyses a document in a worker thread; `busy` when too many already wait. */
  async analyze(bytes: Uint8Array): Promise<AnalyzeOutcome> {
    const place = this.admit();
    return place ? place.analyze(bytes) : BUSY;
  }

  private runThread(body: Uint8Array): Promise<AnalyzeReply> {
    // Transfer, not copy; a view into a shared buffer (Node's small-Buffer pool) is copied first.
    const bytes = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : new Uint8Array(body);
    const deadline = this.o.deadlineMs ?? DEADLINE_MS;
    return new Promise((resolve) => {
      const { file, execArgv } = (this.o.entry ?? defaultEntry)();
      const heapMb = this.o.heapMb ?? ANALYZE_HEAP_MB;
      const w = new Worker(file, {
        execArgv,
        workerData: { bytes },
        transferList: [bytes.buffer as ArrayBuffer],
        resourceLimits: { maxOldGenerationSizeMb: heapMb },
      });
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
      w.on("error", (e) =>
        done(
          (e as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY"
            ? {
                ok: false,
                input: true,
                tooLarge: true,
                message: `body: needs more than ${heapMb} MiB to analyse; send a smaller document`,
              }
            : { ok: false, input: false, tooLarge: false, message: `analyze thread failed: ${e.message}` },
        ),
      );
      w.on("exit", (code) => done({ ok: false, input: false, tooLarge: false, message: `analyze thread exited (code ${code})` }));
    });
  }
}

/**
 * Whether a document will be parsed as JSON (parseDocumentText: text starting with "{" or "[").
 * Anything else is YAML, whose parser is super-linear on large mappings (250 KiB of 17 000 labels
 * took 4.2 s): YAML past a few KiB goes to the thread, JSON under INLINE_BYTES stays inline.
 */
function parsesAsJson(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString("utf8").trim();
  return head.startsWith("{") || head.startsWith("[");
}

/**
 * YAML up to this size stays on the main thread: 8 KiB of the worst shape measured (590 labels in
 * one mapping) parses in about 25 ms warm, 45 ms cold, less than a thread start; hostile clients
 * sending many small YAML bodies would otherwise each cost a thread.
 */
const YAML_INLINE_BYTES = 8 * 1024;

/** Whether a body is analysed on the main thread: JSON under INLINE_BYTES, YAML under YAML_INLINE_BYTES. */
export function analysedInline(bytes: Uint8Array): boolean {
  if (bytes.byteLength > INLINE_BYTES) return false;
  return bytes.byteLength <= YAML_INLINE_BYTES || parsesAsJson(bytes);
}

const shared = new AnalyzeQueue();

/** A place in the process's analyze queue (one thread at a time), or null when it is full. */
export function admitToThread(): Admission | null {
  return shared.admit();
}
