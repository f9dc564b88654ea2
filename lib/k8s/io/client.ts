import "server-only";

import http from "node:http";
import https from "node:https";
import { KubeConfig } from "@kubernetes/client-node";

import { decodeWire, decodeWireList, type WireList } from "../store/wire";
import { K8sError, UnknownContextError } from "./errors";
import { getJson } from "./http";
import { scanList, scannedItem, type ScannedList } from "./list-skip";

/** A list page read item by item (ClusterClient.listPageByItem). */
export interface ItemPage<W> {
  metadata: WireList<W>["metadata"];
  length: number;
  /** The i-th item, parsed and checked now; call once per item. */
  item: (i: number) => W;
  /** Items left out unparsed (another node's pods). */
  skipped: number;
}

// Tags a scanned page apart from any JSON value a server could send.
class Scanned {
  constructor(readonly s: ScannedList) {}
}

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
  return kc;
}

interface TlsMaterial {
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
  rejectUnauthorized?: boolean;
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

  constructor(
    readonly kc: KubeConfig,
    private readonly maxSockets = 16,
  ) {
    this.context = kc.getCurrentContext();
    this.contexts = kc.getContexts().map((c) => c.name);
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
    this.auth = { headers, tls, at: Date.now() };
    return this.auth;
  }

  private async agent(): Promise<http.Agent> {
    if (this.agentCache) return this.agentCache;
    const { tls } = await this.credentials();
    this.agentCache = this.server.startsWith("http:")
      ? new http.Agent({ keepAlive: true, maxSockets: this.maxSockets })
      : new https.Agent({ keepAlive: true, maxSockets: this.maxSockets, ...tls });
    return this.agentCache;
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

  /** GETs one page of a list through the decoding doorway. */
  async listPage<W extends object>(path: string, resource: string, timeoutMs?: number): Promise<WireList<W>> {
    return decodeWireList<W>(await this.get(path, resource, timeoutMs), resource);
  }

  /**
   * GETs one page of a list whose items are parsed one at a time, as `item(i)` is called
   * (list-skip.ts): each raw object lives only until the caller has trimmed it, not for the whole
   * page. Items whose `spec.nodeName` `keepNode` rejects are never parsed at all.
   */
  async listPageByItem<W extends object>(
    path: string,
    resource: string,
    keepNode: (node: string) => boolean,
  ): Promise<ItemPage<W>> {
    const got = await this.get(path, resource, undefined, (text) => {
      const scanned = scanList(text, keepNode);
      return scanned ? new Scanned(scanned) : JSON.parse(text);
    });
    if (!(got instanceof Scanned)) {
      const page = decodeWireList<W>(got, resource);
      const items = page.items ?? [];
      return { metadata: page.metadata, length: items.length, item: (i) => items[i]!, skipped: 0 };
    }
    const s = got.s;
    const page = decodeWireList<W>(s.page, resource);
    return {
      metadata: page.metadata,
      length: s.spans.length / 2,
      skipped: s.skipped,
      item: (i) => {
        let raw: unknown;
        try {
          raw = scannedItem(s, i);
        } catch {
          throw new K8sError(`bad data: ${resource} is not valid JSON (${s.text.length} bytes)`, 0, resource, "bad-data");
        }
        return decodeWire<W>(raw, `${resource} list item ${i}`, resource);
      },
    };
  }

  /** Closes idle keep-alive sockets. */
  close(): void {
    this.agentCache?.destroy();
  }
}
