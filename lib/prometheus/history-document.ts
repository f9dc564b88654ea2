import "server-only";

import { DEFAULT_RANGE, isRange, RANGES, type HistoryDoc } from "@/lib/contract/history";
import { nodeName } from "@/lib/k8s/documents/api";
import { redact } from "@/lib/k8s/io/errors";
import { getCache } from "@/lib/k8s/store/runtime";

import { nodeHistory } from "./history";
import { historySettings } from "./settings";

export type HistoryDocResult = { ok: true; data: HistoryDoc } | { ok: false; status: number; error: string };

/** GET /api/nodes/NAME/history?range=…: 400 for a bad name or range, 404 for a node nobody knows. */
export async function historyDocument(rawName: string, rawRange: string | null): Promise<HistoryDocResult> {
  const name = nodeName.safeParse(rawName);
  if (!name.success) return { ok: false, status: 400, error: `name: ${name.error.issues[0]!.message}` };
  const range = rawRange ?? DEFAULT_RANGE;
  if (!isRange(range)) return { ok: false, status: 400, error: `range: must be one of ${Object.keys(RANGES).join(", ")}` };
  let cache;
  try {
    cache = getCache().cache;
  } catch (e) {
    return { ok: false, status: 503, error: redact((e as Error).message) };
  }
  // The cluster's clock (the wall clock, as Prometheus stamps samples, outside the demo).
  const r = await nodeHistory({
    node: name.data,
    state: cache.states.get(name.data),
    prometheus: historySettings().prometheus,
    range,
    now: cache.now(),
  });
  return r.ok ? { ok: true, data: r.doc } : { ok: false, status: r.status, error: redact(r.error) };
}
