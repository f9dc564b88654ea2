import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";

// Requests come before background work. At 5 000 nodes the collector reads ~500 kubelet
// Summaries a second and re-runs the engine for each; on a small server that keeps the event loop
// busy most of the time, and a page's HTML, scripts and /api/cluster document wait behind it. A
// page load is a burst of requests over a second or so, while a Summary is collected every 10 s:
// holding new collection for the length of a burst costs the data almost nothing and gives the
// viewer the whole event loop.
//
// The gate counts requests in flight on the plain-HTTP servers of this process (TLS servers are
// the demo's simulated API server and kubelets, i.e. the background work itself) and answers
// "may background work start now?". It holds background work while a request is in flight and
// for LINGER_MS after the last one ends (a page's requests arrive in waves, with gaps while the
// browser parses), for at most MAX_HOLD_MS in a row; then background work runs for at least
// MIN_RUN_MS whatever the traffic, so row recomputes get at least half the time. The collector
// adds its own bound (collector.ts): it stops waiting once a Summary is an interval late.

export const LINGER_MS = 150;
export const MAX_HOLD_MS = 1500;
export const MIN_RUN_MS = 1500;
/** How often held background work asks again whether it may run. */
export const HOLD_POLL_MS = 25;

export class BackgroundGate {
  private inFlight = 0;
  private lastEnd = -Infinity;
  private holdStart: number | null = null;
  private runUntil = -Infinity;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  requestStarted(): void {
    this.inFlight++;
  }

  requestEnded(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastEnd = this.clock();
  }

  /** True when background work may start now; false while requests are being served. */
  mayRun(): boolean {
    const now = this.clock();
    if (now < this.runUntil) return true;
    const busy = this.inFlight > 0 || now - this.lastEnd < LINGER_MS;
    if (!busy) {
      this.holdStart = null;
      return true;
    }
    this.holdStart ??= now;
    if (now - this.holdStart < MAX_HOLD_MS) return false;
    this.holdStart = null;
    this.runUntil = now + MIN_RUN_MS;
    return true;
  }
}

const KEY = Symbol.for("headroom.background-gate");
const g = globalThis as unknown as Record<symbol, { gate: BackgroundGate; installed: boolean }>;
const shared = () => (g[KEY] ??= { gate: new BackgroundGate(), installed: false });

/** The process-wide gate (holds nothing until installRequestActivity() has run). */
export function backgroundGate(): BackgroundGate {
  return shared().gate;
}

/** Starts counting the requests of this process's plain-HTTP servers (idempotent). */
export function installRequestActivity(): void {
  const s = shared();
  if (s.installed) return;
  s.installed = true;
  subscribe("http.server.request.start", (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    if ((request.socket as TLSSocket | undefined)?.encrypted) return;
    s.gate.requestStarted();
    // "close" fires once per response, finished or aborted.
    response.once("close", () => s.gate.requestEnded());
  });
}
