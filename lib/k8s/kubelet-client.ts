import "server-only";
import { readFileSync } from "node:fs";
import https from "node:https";
import { isIP } from "node:net";
import type { ClusterClient } from "./client";
import type { CollectorSettings } from "./env";
import { K8sError } from "./errors";
import { getJson } from "./http";
import type { TrimmedNode } from "./trim";

// Reaching a node's kubelet two ways.
//  direct: https://<InternalIP>:<kubeletEndpoint port>/stats/summary with our own credentials;
//          needs only nodes/stats and nodes/configz (fine-grained kubelet authz, k8s >= 1.33).
//  proxy:  <apiserver>/api/v1/nodes/<name>/proxy/stats/summary; needs nodes/proxy, which is NOT
//          read-only (GET on it reaches the kubelet's exec/run endpoints).
// We build the proxy URL ourselves: client-node's connectGetNodeProxyWithPath sends "/" as %2F
// (stack.md G9 and "Extra notes").

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;

export type KubeletPath = "/stats/summary" | "/configz";

export class KubeletClient {
  private directAgent: https.Agent | undefined;

  constructor(private readonly client: ClusterClient, private readonly s: CollectorSettings) {}

  get mode(): "direct" | "proxy" {
    return this.s.mode;
  }

  /** GETs one kubelet endpoint of a node and parses JSON (caps the body at 32 MiB). */
  async get(node: TrimmedNode, path: KubeletPath): Promise<unknown> {
    const name = node.metadata.name;
    if (!DNS_SUBDOMAIN.test(name)) throw new K8sError(`bad data: node name is not a DNS subdomain`, 0, "node", "bad-data");
    const resource = path === "/configz" ? "kubelet configz" : "kubelet summary";
    const timeoutMs = this.s.kubeletTimeoutMs;
    // A 110-pod node's Summary is ~1 MiB; 32 MiB bounds what a broken kubelet can make us buffer
    // (times HEADROOM_CONCURRENCY requests in flight).
    const maxBytes = 32 * 1024 * 1024;
    if (this.s.mode === "proxy") {
      const { headers } = await this.client.credentials();
      const agent = await this.apiAgent();
      const url = new URL(`${this.client.server}/api/v1/nodes/${encodeURIComponent(name)}/proxy${path}`);
      return getJson(url, { agent, headers, timeoutMs, resource, maxBytes });
    }
    const { headers, tls } = await this.client.credentials();
    const url = new URL(`https://${hostPort(node)}${path}`);
    const auth = headers.Authorization ?? headers.authorization;
    return getJson(url, { agent: this.agentFor(tls), headers: auth ? { Authorization: auth } : {}, timeoutMs, resource, maxBytes });
  }

  private apiAgentCache: https.Agent | undefined;
  private async apiAgent(): Promise<https.Agent> {
    if (!this.apiAgentCache) {
      const { tls } = await this.client.credentials();
      this.apiAgentCache = new https.Agent({ keepAlive: true, maxSockets: this.s.concurrency, ...tls });
    }
    return this.apiAgentCache;
  }

  private agentFor(tls: { ca?: string | Buffer; cert?: string | Buffer; key?: string | Buffer }): https.Agent {
    if (!this.directAgent) {
      const ca = this.s.kubeletCaFile ? readFileSync(this.s.kubeletCaFile) : tls.ca;
      // No keep-alive: at 5 000 nodes idle TLS sockets would cost more memory than reconnects
      // cost CPU; TLS session resumption keeps the reconnects cheap.
      this.directAgent = new https.Agent({
        keepAlive: false, maxCachedSessions: 10_000, ca, cert: tls.cert, key: tls.key,
        rejectUnauthorized: !this.s.kubeletInsecureSkipVerify,
      });
    }
    return this.directAgent;
  }

  close(): void {
    this.directAgent?.destroy();
    this.apiAgentCache?.destroy();
  }
}

/** The node's kubelet address from status (InternalIP, kubeletEndpoint port), validated. */
export function hostPort(node: TrimmedNode): string {
  const addrs = (node.status.addresses ?? []) as { type?: string; address?: string }[];
  const ip = addrs.find((a) => a.type === "InternalIP")?.address ?? addrs.find((a) => a.type === "ExternalIP")?.address;
  if (!ip || !isIP(ip)) throw new K8sError("bad data: node has no InternalIP address", 0, "node", "bad-data");
  const port = (node.status.daemonEndpoints as { kubeletEndpoint?: { Port?: number } } | undefined)?.kubeletEndpoint?.Port ?? 10250;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new K8sError("bad data: bad kubelet port", 0, "node", "bad-data");
  return isIP(ip) === 6 ? `[${ip}]:${port}` : `${ip}:${port}`;
}
