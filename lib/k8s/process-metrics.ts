import "server-only";
import { Registry, collectDefaultMetrics } from "prom-client";

// prom-client's standard process_* and nodejs_* metrics (memory, event-loop lag, GC, handles). One
// registry per process on globalThis: route modules are bundled separately and must not register
// the collectors twice.

const KEY = Symbol.for("headroom.process-metrics");
const g = globalThis as unknown as Record<symbol, Registry>;

/** The process metrics in the Prometheus text format. */
export function processMetrics(): Promise<string> {
  let reg = g[KEY];
  if (!reg) {
    reg = new Registry();
    collectDefaultMetrics({ register: reg });
    g[KEY] = reg;
  }
  return reg.metrics();
}
