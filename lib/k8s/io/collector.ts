import "server-only";

import { HOLD_POLL_MS } from "@/lib/http/request-activity";

import type { StoredSummary } from "../store/stored-summary";
import type { TrimmedNode } from "../store/trim";
import { realClock, realRandom, type Clock, type Random, type Timer } from "./clock";
import type { CollectorSettings } from "./env";
import { describeError, statusOf } from "./errors";
import type { KubeletClient } from "./kubelet-client";

// Polls every node's kubelet: /stats/summary each period (jittered ±10 %, like spreading the
// kubelets' own loops) and /configz less often. A fixed number of requests are in flight; each has
// a deadline; a failing node backs off exponentially (up to 5 min) so a broken kubelet costs one
// slot now and then and never delays the others.

export type ConfigResult = { ok: true; config: Record<string, unknown> } | { ok: false; error: string; status: number };

export interface CollectorSink {
  node(name: string): TrimmedNode | undefined;
  summary(name: string, summary: StoredSummary, durationMs: number): void;
  summaryFailed(name: string, error: string, status: number): void;
  configz(name: string, result: ConfigResult): void;
}

interface Sched {
  name: string;
  nextSummary: number;
  nextConfigz: number;
  summaryFailures: number;
  configFailures: number;
  busy: boolean;
  /** The due time this node is queued under; a queue entry with another time is stale. */
  queuedAt: number;
}

// A binary min-heap of (due time, node): the pump takes the earliest due nodes without scanning
// all 5 000 after every answer. Entries are never removed in place: a node's later time (or its
// removal) makes its older entry stale, and stale entries are dropped when they reach the top.
class DueQueue {
  private readonly at: number[] = [];
  private readonly st: Sched[] = [];

  get size(): number {
    return this.at.length;
  }

  push(at: number, st: Sched): void {
    let i = this.at.length;
    this.at.push(at);
    this.st.push(st);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.at[p]! <= at) break;
      this.at[i] = this.at[p]!;
      this.st[i] = this.st[p]!;
      i = p;
    }
    this.at[i] = at;
    this.st[i] = st;
  }

  peekAt(): number {
    return this.at.length ? this.at[0]! : Infinity;
  }

  peek(): Sched | undefined {
    return this.st[0];
  }

  pop(): void {
    const lastAt = this.at.pop()!;
    const lastSt = this.st.pop()!;
    const n = this.at.length;
    if (n === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const c = l + 1 < n && this.at[l + 1]! < this.at[l]! ? l + 1 : l;
      if (this.at[c]! >= lastAt) break;
      this.at[i] = this.at[c]!;
      this.st[i] = this.st[c]!;
      i = c;
    }
    this.at[i] = lastAt;
    this.st[i] = lastSt;
  }
}

const MAX_BACKOFF_MS = 5 * 60_000;

export class Collector {
  private readonly sched = new Map<string, Sched>();
  private readonly queue = new DueQueue();
  private inFlight = 0;
  private timer: Timer | undefined;
  /** When `timer` fires (clock ms). */
  private timerAt = Infinity;
  private stopped = false;
  /** Requests sent so far, by kind (for tests and the bench). */
  readonly sent = { summary: 0, configz: 0 };
  private heldTotal = 0;
  private heldSince: number | null = null;

  /**
   * `mayRun`: whether new requests may start now (the server holds them while it serves viewers).
   * `awaitingPodList`: whether rows wait for the first pod list (ClusterCache); meanwhile a Summary
   * only has to stay fresh for the row computed when the list is in, so the next one is due two
   * intervals later rather than one (a node turns stale after three). At 150 000 pods the list
   * takes tens of seconds, and it is served by the same API server that proxies the Summaries.
   */
  constructor(
    private readonly kubelets: KubeletClient,
    private readonly s: CollectorSettings,
    private readonly sink: CollectorSink,
    private readonly mayRun: () => boolean = () => true,
    private readonly clock: Clock = realClock,
    private readonly random: Random = realRandom,
    private readonly awaitingPodList: () => boolean = () => false,
  ) {}

  /** `ms` ± `spread` (a fraction), drawn from the random source. */
  private jitter(ms: number, spread = 0.1): number {
    return ms * (1 - spread + this.random() * 2 * spread);
  }

  /** Adds a node (due at once) or removes it. */
  track(name: string, present: boolean): void {
    if (!present) this.sched.delete(name);
    else if (!this.sched.has(name)) {
      const st: Sched = { name, nextSummary: 0, nextConfigz: 0, summaryFailures: 0, configFailures: 0, busy: false, queuedAt: 0 };
      this.sched.set(name, st);
      this.queue.push(0, st);
    }
    this.kick();
  }

  /** How late the earliest due node is, in milliseconds (0 when none is due): collection keeping up or not. */
  lagMs(now = this.clock.now()): number {
    return this.liveTop() ? Math.max(0, now - this.queue.peekAt()) : 0;
  }

  /** Milliseconds new requests were held back for the server's viewers, the current hold included (for /metrics). */
  get heldMs(): number {
    return this.heldTotal + (this.heldSince === null ? 0 : this.clock.now() - this.heldSince);
  }

  /** Nodes whose kubelet is being asked now (each holds one of `concurrency` slots). */
  get busyNodes(): number {
    return this.inFlight;
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
  }

  private kick(): void {
    if (this.stopped || this.timer) return;
    this.timerAt = this.clock.now();
    this.timer = this.clock.after(0, () => {
      this.timer = undefined;
      this.pump();
    });
  }

  /** Queues a node under its next due time (once it is idle again). */
  private requeue(st: Sched): void {
    st.queuedAt = Math.min(st.nextSummary, st.nextConfigz);
    this.queue.push(st.queuedAt, st);
  }

  /** The earliest due node, after dropping entries that no longer count (running, rescheduled or removed). */
  private liveTop(): Sched | undefined {
    while (this.queue.size) {
      const st = this.queue.peek()!;
      if (!st.busy && this.queue.peekAt() === st.queuedAt && this.sched.get(st.name) === st) return st;
      this.queue.pop();
    }
    return undefined;
  }

  private pump(): void {
    if (this.stopped) return;
    const now = this.clock.now();
    // Viewers come first (`mayRun`) only while collection keeps up: once the earliest due node is
    // a whole interval late, collection runs whatever the server is doing, so a hold delays a
    // Summary by one interval at most (a node shows as stale after three), and a node's first
    // collection (due at 0) is never held.
    if (!this.mayRun() && this.lagMs(now) < this.s.summaryIntervalMs) {
      this.heldSince ??= now;
      return this.wakeIn(HOLD_POLL_MS);
    }
    if (this.heldSince !== null) this.heldTotal += now - this.heldSince;
    this.heldSince = null;
    let free = this.s.concurrency - this.inFlight;
    let nextWake = now + 1000;
    // Earliest due first, as many as there are free slots.
    for (let st = this.liveTop(); st; st = this.liveTop()) {
      const at = this.queue.peekAt();
      if (at > now) {
        nextWake = Math.min(nextWake, at);
        break;
      }
      if (free <= 0) {
        nextWake = now + 20;
        break;
      }
      this.queue.pop();
      free--;
      void this.run(st.name, st);
    }
    this.wakeIn(Math.max(5, nextWake - now));
  }

  private wakeIn(ms: number): void {
    this.timerAt = this.clock.now() + ms;
    this.timer = this.clock.after(
      ms,
      () => {
        this.timer = undefined;
        this.pump();
      },
      true,
    );
  }

  private async run(name: string, st: Sched): Promise<void> {
    const node = this.sink.node(name);
    if (!node) return void this.sched.delete(name);
    st.busy = true;
    this.inFlight++;
    try {
      const now = this.clock.now();
      // configz first on a node's first pass, so its first row uses its real thresholds.
      if (st.nextConfigz <= now) await this.configz(name, node, st);
      if (st.nextSummary <= this.clock.now()) await this.summary(name, node, st);
    } finally {
      st.busy = false;
      this.inFlight--;
      this.requeue(st);
      // Due before the pump's next wake (set while every node was out, up to a second away): wake sooner.
      if (this.timer && st.queuedAt < this.timerAt) {
        this.timer.cancel();
        this.timer = undefined;
      }
      this.kick();
    }
  }

  private async summary(name: string, node: TrimmedNode, st: Sched): Promise<void> {
    const t0 = this.clock.now();
    try {
      this.sent.summary++;
      const body = await this.kubelets.summary(node);
      st.summaryFailures = 0;
      st.nextSummary = t0 + this.jitter(this.s.summaryIntervalMs * (this.awaitingPodList() ? 2 : 1));
      if (this.sched.has(name)) this.sink.summary(name, body, this.clock.now() - t0);
    } catch (e) {
      st.summaryFailures++;
      st.nextSummary =
        this.clock.now() + this.jitter(Math.min(MAX_BACKOFF_MS, this.s.summaryIntervalMs * 2 ** (st.summaryFailures - 1)), 0.25);
      if (this.sched.has(name)) this.sink.summaryFailed(name, describeError(e), statusOf(e));
    }
  }

  private async configz(name: string, node: TrimmedNode, st: Sched): Promise<void> {
    try {
      this.sent.configz++;
      const config = await this.kubelets.configz(node);
      st.configFailures = 0;
      st.nextConfigz = this.clock.now() + this.jitter(this.s.configzIntervalMs);
      this.sink.configz(name, { ok: true, config });
    } catch (e) {
      st.configFailures++;
      const status = statusOf(e);
      // Forbidden or absent is an answer (use profiles/defaults), not a failure to retry soon.
      const retry =
        status === 403 || status === 404
          ? this.s.configzIntervalMs
          : Math.min(this.s.configzIntervalMs, this.s.summaryIntervalMs * 2 ** st.configFailures);
      st.nextConfigz = this.clock.now() + this.jitter(retry, 0.25);
      this.sink.configz(name, { ok: false, error: describeError(e), status });
    }
  }

  /** Fetches every idle node's Summary at once, whatever its schedule (the demo's warm-up steps). */
  async collectAllNow(): Promise<void> {
    const jobs: Promise<void>[] = [];
    for (const st of this.sched.values()) {
      const node = this.sink.node(st.name);
      if (node && !st.busy) jobs.push(this.summary(st.name, node, st));
    }
    await Promise.all(jobs);
  }

  /** Tells whether every tracked node has had its first summary and configz attempt. */
  firstPassDone(): boolean {
    for (const st of this.sched.values()) if (st.nextSummary === 0 || st.nextConfigz === 0) return false;
    return true;
  }
}
