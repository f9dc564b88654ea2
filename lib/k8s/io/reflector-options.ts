import "server-only";

import type { ClusterClient } from "./client";
import type { Clock, Random } from "./clock";

// What a Reflector (informers.ts) is given and what it reports, and the small rules it follows:
// how long it backs off, how it keys and keeps an object's name.

export type Raw = { metadata?: { name?: string; namespace?: string; resourceVersion?: string } };

export interface ReflectorOptions<T, W extends Raw = Raw> {
  client: ClusterClient;
  /** Collection path, e.g. "/api/v1/pods" or "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases". */
  path: string;
  resource: string;
  /** Reduces an object (its wire type, wire.ts) to what Headroom keeps; null drops it (e.g. Succeeded pods). */
  trim: (raw: W) => T | null;
  onChange: (key: string, obj: T | undefined, prev: T | undefined) => void;
  pageSize?: number;
  /**
   * Set for a sharded replica's pods: list pages are scanned and items whose spec.nodeName this
   * rejects (another replica's nodes: `trim` would drop them) are never parsed (list-skip.ts).
   * Watch events are one object each and are parsed whole.
   */
  keepNode?: (node: string) => boolean;
  fieldSelector?: string;
  /**
   * Keep each object's resourceVersion and skip one that arrives again unchanged (default true).
   * That happens only on a relist (410 Gone, or `relist()`); `onChange` must then take an object
   * equal to the one it had (`prev`) without counting anything twice.
   */
  skipUnchanged?: boolean;
  /** Called after each complete list: the first and every relist. */
  onListed?: () => void;
  /** Back-off sleeps and lastErrorAt (default: the real clock). */
  clock?: Clock;
  /** Back-off jitter and watch timeouts (default Math.random). */
  random?: Random;
}

export interface ReflectorStatus {
  resource: string;
  synced: boolean;
  /** What is wrong now: null once a list succeeds or a watch is open again. */
  error: string | null;
  /** The last error even after recovery, and when it happened (ms since epoch). */
  lastError: string | null;
  lastErrorAt: number | null;
  /** A watch stream is open (the API server answered it). */
  watching: boolean;
  /** False while the API server cannot be reached at all (no HTTP answer); true after any answer. */
  reachable: boolean;
  relists: number;
}

export const sleep = (clock: Clock, ms: number, signal: AbortSignal) =>
  new Promise<void>((r) => {
    const t = clock.after(ms, r);
    signal.addEventListener("abort", () => (t.cancel(), r()), { once: true });
  });

/** Back-off for the n-th consecutive failure: 0.5 s doubling to 30 s, ±50 % jitter. */
export function backoffMs(n: number, random: Random, base = 500, cap = 30_000): number {
  const d = Math.min(cap, base * 2 ** Math.max(0, n - 1));
  return d * (0.5 + random());
}

export const keyOf = (o: Raw) =>
  o.metadata?.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : (o.metadata?.name ?? "");

// A key built by concatenation is a rope in V8 (a cons string over its parts); once hashed it holds
// a flat copy beside itself, and the store keeps both for the object's life: 32 bytes a pod at
// 150 000 pods. A key the store keeps is copied flat once, when its object arrives (V8 builds no
// rope under 13 characters).
export const flatKey = (key: string): string => (key.length < 13 ? key : (JSON.parse(JSON.stringify(key)) as string));
