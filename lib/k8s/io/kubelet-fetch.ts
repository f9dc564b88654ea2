// One kubelet GET as the collection thread does it (fetch-worker.ts): fetched, parsed and reduced
// to what the cache keeps, so the TLS work, the JSON parse and its garbage stay off the server's
// main thread. Imports nothing server-only: it runs in a worker, outside Next.js's module graph.
import https from "node:https";

import { packSummary, type StoredSummary } from "../store/stored-summary";
import { trimSummary } from "../store/trim";
import { decodeWire, type WireSummary } from "../store/wire";
import { K8sError } from "./errors";
import { getJson } from "./http";
import { KeptConnections } from "./kept-connections";

export type KubeletPath = "/stats/summary" | "/configz";

/** Which connection pool a request uses: the API server's (proxy mode) or the kubelets' (direct). */
export type AgentKind = "api" | "direct";

export interface FetchRequest {
  id: number;
  path: KubeletPath;
  url: string;
  headers: Record<string, string>;
  agent: AgentKind;
  /** With the first request for an agent kind (and after a thread restart): how to build it. */
  agentOptions?: https.AgentOptions;
  timeoutMs: number;
  maxBytes: number;
}

/** A K8sError as it crosses threads (an Error's class does not survive structured cloning). */
interface ErrorFields {
  message: string;
  status: number;
  resource: string;
  kind: K8sError["kind"];
}

export type FetchValue = StoredSummary | Record<string, unknown>;

export type FetchReply = { id: number; ok: true; value: FetchValue } | { id: number; ok: false; error: ErrorFields };

/**
 * The collection thread's nice value. Collection is background work: when the CPU is short, page
 * loads and API answers (the main thread) and whatever else shares the machine go first. A Summary
 * delayed by it shows as collection lag (/metrics headroom_collection_lag_seconds), not as a slow page.
 */
export const COLLECTION_NICE = 10;

/** What a kubelet path is called in error messages. */
export const resourceOf = (path: KubeletPath): string => (path === "/configz" ? "kubelet configz" : "kubelet summary");

/** One HTTPS connection pool per kind, each built on first use (in either thread). */
export class AgentPool {
  private readonly agents = new Map<AgentKind, https.Agent>();
  private keptPool: KeptConnections | null = null;

  /** The collection thread's kept connections to the API server (proxy mode; kept-connections.ts). */
  kept(options: https.AgentOptions | undefined): KeptConnections {
    if (!this.keptPool) {
      if (!options) throw new Error("no options for the api connection pool");
      this.keptPool = new KeptConnections(options);
    }
    return this.keptPool;
  }

  get(kind: AgentKind, options: https.AgentOptions | undefined): https.Agent {
    let agent = this.agents.get(kind);
    if (!agent) {
      if (!options) throw new Error(`no options for the ${kind} connection pool`);
      agent = new https.Agent(options);
      this.agents.set(kind, agent);
    }
    return agent;
  }

  destroy(): void {
    for (const a of this.agents.values()) a.destroy();
    this.agents.clear();
    this.keptPool?.destroy();
    this.keptPool = null;
  }
}

/** The collection thread's pools. */
export const threadAgents = new AgentPool();

/** Fetches, checks and packs one kubelet answer: a StoredSummary or the `kubeletconfig` object. */
export async function fetchKubelet(req: FetchRequest): Promise<FetchValue> {
  const options = req.agentOptions && withBuffers(req.agentOptions);
  const resource = resourceOf(req.path);
  const get = { headers: req.headers, timeoutMs: req.timeoutMs, resource, maxBytes: req.maxBytes };
  const url = new URL(req.url);
  const raw =
    req.agent === "api"
      ? await threadAgents.kept(options).getJson(url, get)
      : await getJson(url, { agent: threadAgents.get(req.agent, options), ...get });
  const body = decodeWire<Record<string, unknown>>(raw, `kubelet ${req.path}`, resource);
  if (req.path === "/configz") {
    const config = body?.kubeletconfig;
    if (!config || typeof config !== "object" || Array.isArray(config))
      throw new K8sError("bad data: configz has no kubeletconfig", 0, resource, "bad-data");
    return config as Record<string, unknown>;
  }
  if (!body || typeof body !== "object" || Array.isArray(body) || !("node" in body))
    throw new K8sError("bad data: summary has no node stats", 0, resource, "bad-data");
  return packSummary(trimSummary(decodeWire<WireSummary>(body, "kubelet summary", resource), { podPsiAsSent: true }));
}

// Structured cloning turns a Buffer into a plain Uint8Array; TLS material is given back as Buffers.
function withBuffers(o: https.AgentOptions): https.AgentOptions {
  const out: https.AgentOptions = { ...o };
  for (const k of ["ca", "cert", "key"] as const) {
    const v: unknown = o[k];
    if (v instanceof Uint8Array && !Buffer.isBuffer(v)) out[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  }
  return out;
}

/** The reply to post for a settled request. */
export function replyOf(id: number, r: { ok: true; value: FetchValue } | { ok: false; error: unknown }): FetchReply {
  if (r.ok) return { id, ok: true, value: r.value };
  const e = r.error;
  if (e instanceof K8sError)
    return { id, ok: false, error: { message: e.message, status: e.status, resource: e.resource, kind: e.kind } };
  // A bug rather than an answer: kept as a message, never as a stack.
  return {
    id,
    ok: false,
    error: { message: e instanceof Error ? e.message : String(e), status: 0, resource: "kubelet", kind: "bad-data" },
  };
}
