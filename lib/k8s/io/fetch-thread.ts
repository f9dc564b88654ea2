import "server-only";

import type https from "node:https";
import { Worker } from "node:worker_threads";

import { threadEntry, type WorkerEntry } from "@/lib/server/worker-entry";

import { K8sError } from "./errors";
import type { AgentKind, FetchReply, FetchRequest, FetchValue } from "./kubelet-fetch";

export type { WorkerEntry };

// The collection thread, seen from the server. At 5 000 nodes the collector reads ~500 kubelet
// answers a second; on the main thread their TLS decryption, JSON parsing and garbage took most of
// a core, and every page load and API answer queued behind them. The worker (fetch-worker.ts) does
// that work and posts back only what the cache keeps: the main thread is left with scheduling,
// storing and the row recomputes. A worker that exits fails the requests in flight and is started
// again on the next one.
// No old-generation limit: V8 cannot stop a JSON.parse that crosses a worker's heap limit, and
// aborts the whole process instead of ending the worker. The 32 MiB body cap (kubelet-client.ts)
// is the bound.

type Pending = { resolve: (v: FetchValue) => void; reject: (e: Error) => void };

/**
 * The thread's young generation. Nearly all it allocates (bodies, parsed Summaries) dies within one
 * request, yet V8 sizes it for the allocation rate, several times what is in use at 5 000 nodes
 * (the data-layer figures of `npm run bench` are in docs/benchmarks.md). This is no hard limit: a
 * full young generation is scavenged and survivors move to the old one, so nothing fails for it.
 */
const YOUNG_GENERATION_MB = 8;

/** scripts/bundle-fetch-worker.mjs writes the bundle beside server.js under this name. */
const BUNDLE_FILE = "headroom-fetch-worker.mjs";

/** The collection thread's entry: the bundle beside server.js, or fetch-worker.ts from source. */
export function workerEntry(): WorkerEntry {
  return threadEntry({
    bundle: BUNDLE_FILE,
    sourceDir: ["lib", "k8s", "io"],
    source: "fetch-worker.ts",
    callerUrl: import.meta.url,
  });
}

export class FetchThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private readonly configured = new Set<AgentKind>();
  private nextId = 1;
  /** Threads started so far (more than one means a restart). */
  started = 0;

  constructor(private readonly entry: () => WorkerEntry = workerEntry) {}

  /** Sends one request; `agentOptions` reaches the thread with the first request for its pool. */
  request(req: Omit<FetchRequest, "id" | "agentOptions">, agentOptions: https.AgentOptions): Promise<FetchValue> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const msg: FetchRequest = { ...req, id };
    if (!this.configured.has(req.agent)) {
      msg.agentOptions = agentOptions;
      this.configured.add(req.agent);
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage(msg);
    });
  }

  /** The running thread's V8 heap statistics, for benchmarks and diagnosis. */
  async heap(): Promise<import("node:v8").HeapInfo | undefined> {
    return this.worker?.getHeapStatistics();
  }

  /** The running thread's CPU time in microseconds (user, system), for benchmarks. */
  async cpu(): Promise<NodeJS.CpuUsage | undefined> {
    return this.worker?.cpuUsage();
  }

  /** Stops the thread; requests in flight fail, and the next request starts a new one. */
  close(): void {
    const w = this.worker;
    if (!w) return;
    this.drop(w, "collection thread stopped");
    w.postMessage("close");
    // A thread that does not exit promptly (a parse in progress) is ended.
    setTimeout(() => void w.terminate(), 1000).unref();
  }

  private start(): Worker {
    const { file, execArgv } = this.entry();
    const w = new Worker(file, { execArgv, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    w.unref();
    w.on("message", (r: FetchReply) => this.settle(r));
    w.on("error", (e) => this.drop(w, `collection thread failed: ${e.message}`));
    w.on("exit", (code) => this.drop(w, `collection thread exited (code ${code})`));
    this.worker = w;
    this.configured.clear();
    this.started++;
    return w;
  }

  private settle(r: FetchReply): void {
    const p = this.pending.get(r.id);
    if (!p) return;
    this.pending.delete(r.id);
    if (r.ok) p.resolve(r.value);
    else p.reject(new K8sError(r.error.message, r.error.status, r.error.resource, r.error.kind));
  }

  /** Forgets a thread that is gone: what was in flight fails now, the next request starts a new one. */
  private drop(w: Worker, why: string): void {
    if (this.worker !== w) return;
    this.worker = undefined;
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const p of failed) p.reject(new K8sError(why, 0, "kubelet", "network"));
  }
}
