import "server-only";

import { collectDefaultMetrics, Registry } from "prom-client";

// prom-client's standard process_* and nodejs_* metrics (memory, event-loop lag, GC, handles). One
// registry per process on globalThis: route modules are bundled separately and must not register
// the collectors twice. The collectors start with the server (lib/server/start/boot.ts), not at the first
// scrape: prom-client counts CPU seconds and samples event-loop delay from the moment they are
// created, so a lazy start would report a busy process's first scrape as idle.

const KEY = Symbol.for("headroom.process-metrics");
const g = globalThis as unknown as Record<symbol, Registry>;

/** Starts the process collectors once per process; later calls return the same registry. */
export function startProcessMetrics(): Registry {
  let reg = g[KEY];
  if (!reg) {
    reg = new Registry();
    collectDefaultMetrics({ register: reg });
    g[KEY] = reg;
  }
  return reg;
}

/** The process metrics in the Prometheus text format. */
export function processMetrics(): Promise<string> {
  return startProcessMetrics().metrics();
}
