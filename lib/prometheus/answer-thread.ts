import "server-only";

import { Worker } from "node:worker_threads";

import { threadEntry, type WorkerEntry } from "@/lib/server/worker-entry";

import type { AnswerJob } from "./answer-worker";
import type { ExchangeRequest, ExchangeResult } from "./exchange";

// A Prometheus answer may be 16 MiB of JSON. Receiving, parsing and reshaping it on the main
// thread held the event loop for seconds (minutes for 100 000 series: issue 29), and
// /api/healthz waited behind it. Every exchange therefore runs in one long-lived thread with a
// heap limit, which hands back flat typed arrays (transferred, not copied) or the reason there are
// none; the thread stops after IDLE_MS without work, and its heap goes with it.

/** The thread's old-generation heap: a 16 MiB answer of the worst accepted shape parses in under half of it. */
const ANSWER_HEAP_MB = 256;
/** Past the exchange's own deadline, the time the thread has to decode before the answer fails. */
const DECODE_MS = 10_000;
/** The thread exits after this long without an exchange. */
const IDLE_MS = 15_000;

const defaultEntry = () =>
  threadEntry({
    bundle: "headroom-prometheus-worker.mjs",
    sourceDir: ["lib", "prometheus"],
    source: "answer-worker.ts",
    callerUrl: import.meta.url,
  });

interface Pending {
  resolve: (r: ExchangeResult) => void;
  timer: NodeJS.Timeout;
}

/** One answer thread, started on first use and stopped when idle. */
class AnswerThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly entry: () => WorkerEntry = defaultEntry) {}

  /** Runs one exchange in the thread; never rejects. */
  exchange(request: ExchangeRequest): Promise<ExchangeResult> {
    const w = this.worker ?? this.start();
    clearTimeout(this.idle);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const limit = request.timeoutMs + DECODE_MS;
      const timer = setTimeout(() => this.fail(w, `no answer decoded within ${limit / 1000} s`, "timeout"), limit);
      this.pending.set(id, { resolve, timer });
      w.postMessage({ id, request } satisfies AnswerJob);
    });
  }

  private start(): Worker {
    const { file, execArgv } = this.entry();
    const w = new Worker(file, { execArgv, resourceLimits: { maxOldGenerationSizeMb: ANSWER_HEAP_MB } });
    w.unref();
    w.on("message", (m: { id: number; r: ExchangeResult }) => this.settle(m.id, m.r));
    w.on("error", (e) =>
      this.fail(
        w,
        (e as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY"
          ? `answer too large to decode within ${ANSWER_HEAP_MB} MiB`
          : `answer thread failed: ${e.message}`,
        "bad-answer",
      ),
    );
    w.on("exit", (code) => this.fail(w, `answer thread exited (code ${code})`, "bad-answer"));
    this.worker = w;
    return w;
  }

  private settle(id: number, r: ExchangeResult): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    p.resolve(r);
    if (!this.pending.size) {
      clearTimeout(this.idle);
      this.idle = setTimeout(() => this.stop(), IDLE_MS).unref();
    }
  }

  /** Fails every exchange in flight on `w` and forgets it; the next exchange starts a new thread. */
  private fail(w: Worker, message: string, kind: "timeout" | "bad-answer"): void {
    if (this.worker !== w) return;
    this.worker = undefined;
    void w.terminate();
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const p of failed) {
      clearTimeout(p.timer);
      p.resolve({ ok: false, kind, message });
    }
  }

  /** Stops an idle thread. */
  stop(): void {
    if (this.worker && !this.pending.size) {
      const w = this.worker;
      this.worker = undefined;
      void w.terminate();
    }
  }
}

const shared = new AnswerThread();

/** Runs an exchange in the process's answer thread. */
export function exchangeInThread(request: ExchangeRequest): Promise<ExchangeResult> {
  return shared.exchange(request);
}
