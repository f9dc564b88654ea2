// Pure: the /terminations page's search and filters, read from and written to its URL so a link
// finds the same pods; and the filtering itself. Bad values are dropped and named, never thrown.
import { terminationCause, type Termination, type TerminationCause } from "@/lib/contract/termination";

/** How far back the page looks, by the cluster's clock; "all" = everything Headroom keeps. */
export const SINCE = { "15m": 900, "1h": 3600, "6h": 21_600, "24h": 86_400, all: Infinity } as const;
export type Since = keyof typeof SINCE;

export interface TerminationFilters {
  /** Free text: part of a pod, namespace, workload or node name (case-insensitive). */
  q: string;
  /** One pod, as `namespace/name` (a pod link's target). */
  pod: string;
  namespace: string;
  /** The owning workload as `Kind/name` (Node/<name> for system OOMs). */
  workload: string;
  node: string;
  cause: TerminationCause | "";
  since: Since;
}

export const NO_FILTERS: Readonly<TerminationFilters> = Object.freeze({
  q: "",
  pod: "",
  namespace: "",
  workload: "",
  node: "",
  cause: "",
  since: "all",
});

const KEYS = ["q", "pod", "namespace", "workload", "node", "cause", "since"] as const;
const MAX_VALUE = 253;

/** Reads the filters from search params; unknown keys are ignored, bad values dropped and listed. */
export function parseTerminationFilters(params: URLSearchParams): {
  filters: TerminationFilters;
  invalid: { param: string; reason: string }[];
} {
  const filters: TerminationFilters = { ...NO_FILTERS };
  const invalid: { param: string; reason: string }[] = [];
  for (const key of KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const v = raw.trim();
    if (v.length > MAX_VALUE) invalid.push({ param: key, reason: `longer than ${MAX_VALUE} characters` });
    else if (key === "cause") {
      const c = terminationCause.safeParse(v);
      if (c.success) filters.cause = c.data;
      else invalid.push({ param: key, reason: `must be one of ${terminationCause.options.join(", ")}` });
    } else if (key === "since") {
      if (v in SINCE) filters.since = v as Since;
      else invalid.push({ param: key, reason: `must be one of ${Object.keys(SINCE).join(", ")}` });
    } else filters[key] = v;
  }
  return { filters, invalid };
}

/** Writes the filters as search params, leaving out the ones not set; keys in a stable order. */
export function serializeTerminationFilters(f: TerminationFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of KEYS) if (f[key] !== NO_FILTERS[key]) p.set(key, String(f[key]));
  return p;
}

/** A termination's workload as the filter names it. */
export const workloadKey = (t: Termination) => `${t.workload.kind}/${t.workload.name}`;
/** A termination's pod as the filter names it ("" for a system OOM: a process, not a pod). */
export const podKey = (t: Termination) => (t.pod ? `${t.namespace}/${t.pod}` : "");

/** The terminations that match every filter set; `nowMs` is the cluster's clock (the page's document time). */
export function filterTerminations(list: readonly Termination[], f: TerminationFilters, nowMs: number): Termination[] {
  const q = f.q.toLowerCase();
  const since = SINCE[f.since];
  return list.filter((t) => {
    if (f.pod && podKey(t) !== f.pod) return false;
    if (f.namespace && t.namespace !== f.namespace) return false;
    if (f.workload && workloadKey(t) !== f.workload) return false;
    if (f.node && t.node !== f.node) return false;
    if (f.cause && t.cause !== f.cause) return false;
    // a termination without a time is kept only when the page looks at everything
    if (since !== Infinity && (!t.time || nowMs - Date.parse(t.time) > since * 1000)) return false;
    if (q && ![t.pod, t.namespace, t.workload.name, t.node ?? ""].some((s) => s.toLowerCase().includes(q))) return false;
    return true;
  });
}

/** The values each select offers: what the terminations have, sorted. */
export function facetsOf(list: readonly Termination[]): {
  namespaces: string[];
  workloads: string[];
  nodes: string[];
  causes: TerminationCause[];
} {
  const sorted = (xs: Iterable<string>) => [...new Set(xs)].filter(Boolean).sort();
  return {
    namespaces: sorted(list.map((t) => t.namespace)),
    workloads: sorted(list.map(workloadKey)),
    nodes: sorted(list.map((t) => t.node ?? "")),
    causes: terminationCause.options.filter((c) => list.some((t) => t.cause === c)),
  };
}
