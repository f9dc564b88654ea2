import "server-only";

import { z } from "zod";

import { nodeDetail } from "@/lib/contract/dto";
import type { FindingsDocument } from "@/lib/contract/findings";
import { formatCountOf } from "@/lib/format";
import { replicaReadiness, type ReplicaReadiness } from "@/lib/k8s/replicas/readiness";
import type { FleetTerminations } from "@/lib/terminations/fleet";

import { HttpStatusError, redact } from "../io/errors";
import { contexts, getCache, switchContext } from "../store/runtime";
import { buildFindingsDocument } from "./findings";
import { buildNodeDetail } from "./node-detail";
import { overviewJson } from "./overview";
import { buildFleetTerminations } from "./terminations-doc";

// What the route handlers call: validated input, validated output, typed results. The handlers
// only map results to HTTP.

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string };

const fail = (status: number, error: string): ApiResult<never> => ({ ok: false, status, error: redact(error) });

/** The result for a thrown error: its own status when it carries one, else 500. */
const failed = (e: unknown): ApiResult<never> =>
  fail(e instanceof HttpStatusError ? e.status : 500, e instanceof Error ? e.message : String(e));

/** Runs `fn`, turning a thrown error into its result (its own HTTP status, else 500). */
export function cached<T>(fn: () => ApiResult<T>): ApiResult<T> {
  try {
    return fn();
  } catch (e) {
    return failed(e);
  }
}

function checked<S extends z.ZodType>(schema: S, value: unknown): ApiResult<z.infer<S>> {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  const i = r.error.issues[0]!;
  return fail(500, `internal: response ${i.path.join(".")}: ${i.message}`);
}

/**
 * The fleet overview as one JSON text, for the route: rows were validated when computed, the
 * envelope here. Produced in one task (~20 ms at 5 000 nodes) and answered as one body: streamed
 * in slices with a yield between them, the response took ~40 event-loop turns, and on a server
 * whose loop is busy with collection each turn waited behind a batch of it (docs/benchmarks.md,
 * round six).
 */
export function clusterDocument(table = false): ApiResult<string> {
  return cached(() => {
    const { cache, info } = getCache();
    return { ok: true, data: overviewJson(cache, info, undefined, undefined, table) };
  });
}

/** A node name as Kubernetes allows it (RFC 1123 subdomain); it is only ever a cache key. */
export const nodeName = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, "must be a Kubernetes node name (RFC 1123 subdomain)");

/** The node page document; 400 for a malformed name, 404 for a node not in the cache. */
export function nodeDocument(rawName: string): ApiResult<z.infer<typeof nodeDetail>> {
  const name = nodeName.safeParse(rawName);
  if (!name.success) return fail(400, `name: ${name.error.issues[0]!.message}`);
  return cached(() => {
    const { cache } = getCache();
    const doc = buildNodeDetail(cache, name.data);
    // A node the cache knows has no row yet while its pods are being listed: not "not found".
    const listed = cache.podListProgress();
    if (!doc && listed !== null && cache.states.get(name.data)?.node)
      return fail(
        503,
        `first sync: listing the cluster's pods (${formatCountOf(listed, "pod")} so far); node ${JSON.stringify(name.data)} is shown once every pod is in`,
      );
    if (!doc) return fail(404, `node ${JSON.stringify(name.data)} not found`);
    return checked(nodeDetail, doc);
  });
}

/** The fleet's pod terminations grouped by owning workload. */
export function terminationsDocument(): ApiResult<FleetTerminations> {
  return cached(() => ({ ok: true, data: buildFleetTerminations(getCache().cache) }));
}

/** The advisor's findings for the fleet, or for one node. */
export function findingsDocument(node?: string): ApiResult<FindingsDocument> {
  return cached(() => ({ ok: true, data: buildFindingsDocument(getCache().cache, node) }));
}

export interface Readiness {
  ready: boolean;
  /** The API server as the informers see it now. */
  apiServer: { reachable: boolean; error: string | null };
  /** Per informer: synced once listed; watching while a watch is open; error = what is wrong now (null when healthy); lastError(At) = the last problem, kept after recovery. */
  informers: {
    resource: string;
    synced: boolean;
    watching: boolean;
    error: string | null;
    lastError: string | null;
    lastErrorAt: string | null;
  }[];
  nodes: number;
  /** With HEADROOM_SHARDING=lease: this replica's Lease and the members it sees. */
  replica?: ReplicaReadiness;
}

/** Readiness: the first full sync (informers listed, every kubelet tried once) is done. */
export function readiness(): ApiResult<Readiness> {
  return cached(() => {
    const { cache } = getCache();
    const informers = [cache.nodes, cache.pods, cache.leases, cache.events].map(({ status: s }) => ({
      resource: s.resource,
      synced: s.synced,
      watching: s.watching,
      error: s.error,
      lastError: s.lastError,
      lastErrorAt: s.lastErrorAt === null ? null : new Date(s.lastErrorAt).toISOString(),
    }));
    // A replica that lost its Lease collects nothing: not ready, and /api/readyz says why.
    const replica = replicaReadiness();
    const ready = cache.ready() && (replica?.holding ?? true);
    return {
      ok: true,
      data: { ready, apiServer: cache.apiServer(), informers, nodes: cache.states.size, ...(replica ? { replica } : {}) },
    };
  });
}

const contextInput = z.object({ context: z.string().min(1).max(253) });

/** Lists kubeconfig contexts, or switches to one (rebuilding the cache). */
export function contextDocument(
  body?: unknown,
): ApiResult<{ context: string; contexts: string[]; demo: boolean; source: string }> {
  if (body !== undefined) {
    const input = contextInput.safeParse(body);
    if (!input.success)
      return fail(400, `body.${input.error.issues[0]!.path.join(".") || "context"}: ${input.error.issues[0]!.message}`);
    try {
      switchContext(input.data.context);
    } catch (e) {
      return failed(e);
    }
  }
  return cached(() => ({ ok: true, data: contexts() }));
}
