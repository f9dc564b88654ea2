import "server-only";

import { readFileSync } from "node:fs";
import https from "node:https";
import { isIP } from "node:net";

import type { StoredSummary } from "../store/stored-summary";
import type { TrimmedNode } from "../store/trim";
import type { ClusterClient } from "./client";
import type { CollectorSettings } from "./env";
import { K8sError } from "./errors";
import { FetchThread, workerEntry, type WorkerEntry } from "./fetch-thread";
import { getJson } from "./http";
import { AgentPool, resourceOf, type AgentKind, type KubeletPath } from "./kubelet-fetch";

export type { KubeletPath } from "./kubelet-fetch";

// Reaching a node's kubelet two ways.
//  direct: https://<InternalIP>:<kubeletEndpoint port>/stats/summary with our own credentials;
//          needs only nodes/stats and nodes/configz (fine-grained kubelet authz, k8s >= 1.33).
//  proxy:  <apiserver>/api/v1/nodes/<name>/proxy/stats/summary; needs nodes/proxy, which is NOT
//          read-only (GET on it reaches the kubelet's exec/run endpoints).
// We build the proxy URL ourselves: client-node's connectGetNodeProxyWithPath escapes the "/" of
// the path as %2F, which the API server does not route to the kubelet.
// The collector's requests go through the collection thread (fetch-thread.ts); `get` answers in
// this thread, for one-off reads such as `headroom analyze --kubeconfig`.

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;

// A 110-pod node's Summary is ~1 MiB; 32 MiB bounds what a broken kubelet can make us buffer
// (times HEADROOM_CONCURRENCY requests in flight).
const MAX_BYTES = 32 * 1024 * 1024;

interface Target {
  url: URL;
  headers: Record<string, string>;
  agent: AgentKind;
}

export class KubeletClient {
  private readonly agents = new AgentPool();
  private readonly thread: FetchThread;

  constructor(
    private readonly client: ClusterClient,
    private readonly s: CollectorSettings,
    fetchWorker: () => WorkerEntry = workerEntry,
  ) {
    this.thread = new FetchThread(fetchWorker);
  }

  get mode(): "direct" | "proxy" {
    return this.s.mode;
  }

  /** Collection threads started so far (1 in a healthy process). */
  get threadsStarted(): number {
    return this.thread.started;
  }

  /** The collection thread's V8 heap (undefined when none runs). */
  threadHeap(): Promise<import("node:v8").HeapInfo | undefined> {
    return this.thread.heap();
  }

  /** The collection thread's CPU time so far (undefined when none runs). */
  threadCpu(): Promise<NodeJS.CpuUsage | undefined> {
    return this.thread.cpu();
  }

  /** GETs one kubelet endpoint of a node and parses JSON, in this thread. */
  async get(node: TrimmedNode, path: KubeletPath): Promise<unknown> {
    const t = await this.target(node, path);
    const agent = this.agents.get(t.agent, await this.agentOptions(t.agent));
    return getJson(t.url, {
      agent,
      headers: t.headers,
      timeoutMs: this.s.kubeletTimeoutMs,
      resource: resourceOf(path),
      maxBytes: MAX_BYTES,
    });
  }

  /** A node's Summary, fetched, trimmed and packed in the collection thread. */
  async summary(node: TrimmedNode): Promise<StoredSummary> {
    return (await this.collect(node, "/stats/summary")) as StoredSummary;
  }

  /** A node's `kubeletconfig` from /configz, fetched in the collection thread. */
  async configz(node: TrimmedNode): Promise<Record<string, unknown>> {
    return (await this.collect(node, "/configz")) as Record<string, unknown>;
  }

  private async collect(node: TrimmedNode, path: KubeletPath): Promise<unknown> {
    const t = await this.target(node, path);
    const options = await this.agentOptions(t.agent);
    const req = {
      path,
      url: t.url.href,
      headers: t.headers,
      agent: t.agent,
      timeoutMs: this.s.kubeletTimeoutMs,
      maxBytes: MAX_BYTES,
    };
    return this.thread.request(req, options);
  }

  private async target(node: TrimmedNode, path: KubeletPath): Promise<Target> {
    const name = node.metadata.name;
    if (!DNS_SUBDOMAIN.test(name)) throw new K8sError(`bad data: node name is not a DNS subdomain`, 0, "node", "bad-data");
    const { headers } = await this.client.credentials();
    if (this.s.mode === "proxy") {
      return {
        url: new URL(`${this.client.server}/api/v1/nodes/${encodeURIComponent(name)}/proxy${path}`),
        headers,
        agent: "api",
      };
    }
    const auth = headers.Authorization ?? headers.authorization;
    return { url: new URL(`https://${hostPort(node)}${path}`), headers: auth ? { Authorization: auth } : {}, agent: "direct" };
  }

  private agentOptionsCache = new Map<AgentKind, https.AgentOptions>();
  private async agentOptions(kind: AgentKind): Promise<https.AgentOptions> {
    const cached = this.agentOptionsCache.get(kind);
    if (cached) return cached;
    const { tls } = await this.client.credentials();
    const options: https.AgentOptions =
      kind === "api"
        ? { keepAlive: true, maxSockets: this.s.concurrency, ...tls }
        : // No keep-alive: at 5 000 nodes idle TLS sockets would cost more memory than reconnects
          // cost CPU; TLS session resumption keeps the reconnects cheap.
          {
            keepAlive: false,
            maxCachedSessions: 10_000,
            ca: this.s.kubeletCaFile ? readFileSync(this.s.kubeletCaFile) : tls.ca,
            cert: tls.cert,
            key: tls.key,
            rejectUnauthorized: !this.s.kubeletInsecureSkipVerify,
          };
    this.agentOptionsCache.set(kind, options);
    return options;
  }

  close(): void {
    this.agents.destroy();
    this.thread.close();
  }
}

/** The node's kubelet address from status (InternalIP, kubeletEndpoint port), validated. */
function hostPort(node: TrimmedNode): string {
  const addrs = (node.status.addresses ?? []) as { type?: string; address?: string }[];
  const ip = addrs.find((a) => a.type === "InternalIP")?.address ?? addrs.find((a) => a.type === "ExternalIP")?.address;
  if (!ip || !isIP(ip)) throw new K8sError("bad data: node has no InternalIP address", 0, "node", "bad-data");
  const port =
    (node.status.daemonEndpoints as { kubeletEndpoint?: { Port?: number } } | undefined)?.kubeletEndpoint?.Port ?? 10250;
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new K8sError("bad data: bad kubelet port", 0, "node", "bad-data");
  return isIP(ip) === 6 ? `[${ip}]:${port}` : `${ip}:${port}`;
}
