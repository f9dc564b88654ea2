import "server-only";

import http from "node:http";
import https from "node:https";

import { decodeWire, decodeWireList, type WireList } from "../store/wire";
import { KubeConfig } from "./client-node";
import { UnknownContextError } from "./errors";
import { getJson } from "./http";
import { proxiedAgent } from "./proxy/agents";
import { parseProxyUrl, type ProxySpec } from "./proxy/proxy-url";
import { openWatch, type WatchHandle, type WatchHandlers } from "./watch-stream";

/** Where the cluster connection comes from (decided by the start-up switch, see lib/server/start/startup.ts). */
export type ClusterSource =
  | { kind: "default" } // KUBECONFIG (may list several files) or ~/.kube/config
  | { kind: "file"; path: string }
  | { kind: "text"; yaml: string; demo?: boolean }
  | { kind: "in-cluster" };

/** Loads a KubeConfig from a source and selects `context` when given. */
export function loadKubeConfig(source: ClusterSource, context?: string): KubeConfig {
  const kc = new KubeConfig();
  if (source.kind === "default") kc.loadFromDefault();
  else if (source.kind === "file") kc.loadFromFile(source.path);
  else if (source.kind === "text") kc.loadFromString(source.yaml);
  else kc.loadFromCluster();
  if (context !== undefined) {
    if (!kc.getContexts().some((c) => c.name === context))
      throw new UnknownContextError(`unknown context ${JSON.stringify(context)}`);
    kc.setCurrentContext(context);
  }
  if (!kc.getCurrentCluster()) throw new Error("the kubeconfig has no current cluster");
  proxyOf(kc);
  return kc;
}

/** The current cluster's proxy-url, checked; an unusable one throws naming the cluster's field. */
function proxyOf(kc: KubeConfig): ProxySpec | undefined {
  const cluster = kc.getCurrentCluster()!;
  return cluster.proxyUrl
    ? parseProxyUrl(cluster.proxyUrl, `the kubeconfig's proxy-url of cluster ${JSON.stringify(cluster.name)}`)
    : undefined;
}

interface TlsMaterial {
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
  rejectUnauthorized?: boolean;
  /** The kubeconfig's `tls-server-name`: the name the API server's certificate is checked against. */
  servername?: string;
  /** The kubeconfig's `proxy-url`, parsed once (a plain object: it crosses to the collection thread). */
  proxy?: ProxySpec;
}

interface Auth {
  headers: Record<string, string>;
  tls: TlsMaterial;
  at: number;
}

const AUTH_TTL_MS = 30_000;

/** The API server connection: client-node's auth (tokens, exec plugins, client certs) on a keep-alive agent. */
export class ClusterClient {
  readonly context: string;
  readonly contexts: string[];
  private auth: Auth | undefined;
  private agentCache: http.Agent | undefined;
  /** The current cluster's proxy-url (checked when the kubeconfig was loaded). */
  private readonly proxy: ProxySpec | undefined;

  constructor(
    readonly kc: KubeConfig,
    private readonly maxSockets = 16,
  ) {
    this.context = kc.getCurrentContext();
    this.contexts = kc.getContexts().map((c) => c.name);
    this.proxy = proxyOf(kc);
  }

  get server(): string {
    return this.kc.getCurrentCluster()!.server.replace(/\/+$/, "");
  }

  /** Resolves credentials (re-read every 30 s so rotated service-account tokens are picked up). */
  async credentials(): Promise<Auth> {
    if (this.auth && Date.now() - this.auth.at < AUTH_TTL_MS) return this.auth;
    const opts: https.RequestOptions = {};
    await this.kc.applyToHTTPSOptions(opts);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.headers ?? {})) if (v !== undefined) headers[k] = String(v);
    if (opts.auth) headers.Authorization = `Basic ${Buffer.from(opts.auth).toString("base64")}`;
    const tls: TlsMaterial = {
      ca: opts.ca as string | undefined,
      cert: opts.cert as string | undefined,
      key: opts.key as string | undefined,
    };
    if (opts.rejectUnauthorized !== undefined) tls.rejectUnauthorized = opts.rejectUnauthorized;
    if (opts.servername) tls.servername = opts.servername;
    if (this.proxy) tls.proxy = this.proxy;
    this.auth = { headers, tls, at: Date.now() };
    return this.auth;
  }

  private async agent(): Promise<http.Agent> {
    if (this.agentCache) return this.agentCache;
    const { proxy: _, ...tls } = (await this.credentials()).tls;
    const secure = !this.server.startsWith("http:");
    const options = { keepAlive: true, maxSockets: this.maxSockets, ...(secure ? tls : {}) };
    if (this.proxy) this.agentCache = proxiedAgent(this.proxy, secure, options);
    else this.agentCache = secure ? new https.Agent(options) : new http.Agent(options);
    return this.agentCache;
  }

  /**
   * Opens a watch of an API collection path on a connection of its own (watch-stream.ts), with
   * the same credentials as every other request; `params` become its query, after watch=true.
   * Resolves with its handle before any handler is called.
   */
  async watch(
    path: string,
    params: Record<string, string>,
    opts: { resource: string; idleTimeoutMs: number },
    on: WatchHandlers,
  ): Promise<WatchHandle> {
    let auth: Auth;
    try {
      auth = await this.credentials();
    } catch (e) {
      setImmediate(() => on.done(e instanceof Error ? e : new Error(String(e))));
      return { abort() {} };
    }
    const url = new URL(this.server + path);
    url.searchParams.set("watch", "true");
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return openWatch({ url, tls: auth.tls, headers: auth.headers, ...opts }, on);
  }

  /** GETs an API path (already escaped) and parses JSON, untyped: decode it (wire.ts) before use. */
  async get(path: string, resource: string, timeoutMs = 60_000, parse?: (text: string) => unknown): Promise<unknown> {
    const [{ headers }, agent] = await Promise.all([this.credentials(), this.agent()]);
    return getJson(new URL(this.server + path), { agent, headers, timeoutMs, resource, parse });
  }

  /** GETs one object through the decoding doorway. */
  async getObject<W extends object>(path: string, resource: string): Promise<W> {
    return decodeWire<W>(await this.get(path, resource), resource);
  }

  /** GETs one page of a list through the decoding doorway; `parse` may leave out items (list-skip.ts). */
  async listPage<W extends object>(
    path: string,
    resource: string,
    timeoutMs?: number,
    parse?: (text: string) => unknown,
  ): Promise<WireList<W>> {
    return decodeWireList<W>(await this.get(path, resource, timeoutMs, parse), resource);
  }

  /** Closes idle keep-alive sockets. */
  close(): void {
    this.agentCache?.destroy();
  }
}
