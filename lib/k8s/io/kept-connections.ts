// The collection thread's GETs through the API server's node proxy (proxy mode, the default): a
// few kept HTTP/1.1 connections, written to and read (http1-reader.ts) without node's HTTP client,
// whose per-request and per-chunk objects (ClientRequest, IncomingMessage, a stream event for each
// 16 KiB TLS record) were a fifth of the thread's work on a 116 KiB Summary. Measured against the
// simulated cluster: 0.45 against 0.50 ms of the thread's CPU a Summary, eight interleaved pairs
// (docs/benchmark-rounds.md, round nineteen). Everything else is as http.ts does it: one deadline for
// the whole exchange, the size cap, the same error words. Direct mode (a connection per kubelet,
// not kept) stays on node's client, with its TLS session cache. The watches (watch-stream.ts) open
// their connections and write their requests with `connectTo` and `requestText` below.
import type https from "node:https";
import net from "node:net";
import type { Duplex } from "node:stream";
import tls from "node:tls";

import { K8sError } from "./errors";
import { answerOf } from "./http";
import { Http1Error, Http1Reader } from "./http1-reader";
import type { ProxySpec } from "./proxy/proxy-url";
import { TunnelSocket } from "./proxy/tunnel";

/**
 * TLS material and the pool's size, as the agent options carry them (`maxSockets` default 32), and
 * the kubeconfig's proxy-url, parsed (client.ts; a plain object: these options cross to the collection thread).
 */
export type KeptOptions = Pick<https.AgentOptions, "ca" | "cert" | "key" | "rejectUnauthorized" | "servername" | "maxSockets"> & {
  proxy?: ProxySpec;
};

/** A connection as its users read and write it: a socket, TLS over one, or TLS over a proxy's tunnel. */
export type Connection = Duplex;

export interface KeptGet {
  headers: Record<string, string>;
  timeoutMs: number;
  resource: string;
  maxBytes: number;
}

interface Origin {
  /** Where its connections go (protocol and host: the pool's key). */
  url: URL;
  idle: Connection[];
  open: number;
  waiting: ((s: Connection | null, reused: boolean) => void)[];
}

// A header line must not carry CR, LF or NUL: a value with one would start a field or a request of its own.
const UNSAFE = /[\r\n\0]/;

export class KeptConnections {
  private readonly origins = new Map<string, Origin>();
  private closed = false;

  constructor(private readonly options: KeptOptions) {}

  /** GETs `url` and parses its JSON; rejects with a K8sError as getJson (http.ts) does. */
  async getJson(url: URL, o: KeptGet): Promise<unknown> {
    const { status, text } = await this.get(url, o);
    return answerOf(status, text, o.resource);
  }

  /** Ends every connection; requests waiting for one fail. */
  destroy(): void {
    this.closed = true;
    for (const o of this.origins.values()) {
      for (const s of o.idle) s.destroy();
      for (const w of o.waiting.splice(0)) w(null, false);
    }
    this.origins.clear();
  }

  private async get(url: URL, o: KeptGet): Promise<{ status: number; text: string }> {
    const request = requestText(url, o.headers, o.resource);
    const deadline = Date.now() + o.timeoutMs;
    const timeout = () => new K8sError(`timeout after ${o.timeoutMs / 1000}s`, 0, o.resource, "timeout");
    const key = `${url.protocol}//${url.host}`;
    const origin = this.origins.get(key) ?? { url, idle: [], open: 0, waiting: [] };
    this.origins.set(key, origin);
    // A kept connection the server closed while idle fails before any byte of an answer: the GET
    // is then sent once more on a new connection, as nothing of it can have been acted on.
    for (let attempt = 0; ; attempt++) {
      const { socket, reused } = await this.acquire(origin, deadline, timeout, o.resource);
      try {
        return await exchange(socket, request, o, deadline, timeout, (reusable) => this.release(origin, socket, reusable));
      } catch (e) {
        if (!(e instanceof Stale) || !reused || attempt > 0) throw e instanceof Stale ? e.error : e;
      }
    }
  }

  private acquire(
    origin: Origin,
    deadline: number,
    timeout: () => K8sError,
    resource: string,
  ): Promise<{ socket: Connection; reused: boolean }> {
    const closed = () => new K8sError("network error ECONNRESET", 0, resource, "network");
    if (this.closed) return Promise.reject(closed());
    const idle = origin.idle.pop();
    if (idle) {
      unwatchIdle(idle);
      return Promise.resolve({ socket: idle, reused: true });
    }
    if (origin.open < (this.options.maxSockets ?? 32)) return Promise.resolve({ socket: this.connect(origin), reused: false });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        origin.waiting.splice(origin.waiting.indexOf(hand), 1);
        reject(timeout());
      }, deadline - Date.now());
      const hand = (s: Connection | null, reused: boolean) => {
        clearTimeout(timer);
        if (!s) return reject(closed());
        resolve({ socket: s, reused });
      };
      origin.waiting.push(hand);
    });
  }

  private connect(origin: Origin): Connection {
    origin.open++;
    const socket = connectTo(origin.url, this.options);
    socket.once("close", () => origin.open--);
    return socket;
  }

  private release(origin: Origin, socket: Connection, reusable: boolean): void {
    const next = this.closed ? undefined : origin.waiting.shift();
    if (!reusable || this.closed || socket.destroyed) {
      socket.destroy();
      // the freed place goes to a request waiting for one, on a new connection
      if (next) next(this.connect(origin), false);
      return;
    }
    if (next) return next(socket, true);
    // idle: anything the server sends or does now ends it
    const drop = () => {
      unwatchIdle(socket);
      const i = origin.idle.indexOf(socket);
      if (i >= 0) origin.idle.splice(i, 1);
      socket.destroy();
    };
    idleWatch.set(socket, drop);
    socket.on("data", drop).on("end", drop).on("error", drop).on("close", drop);
    origin.idle.push(socket);
  }
}

/**
 * A new connection to `url`'s host: TCP for http:, else TLS with `options`' material, HTTP/1.1
 * only; through the kubeconfig's proxy when `options.proxy` names one (proxy/tunnel.ts).
 */
export function connectTo(url: URL, options: KeptOptions): Connection {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = Number(url.port) || (url.protocol === "http:" ? 80 : 443);
  const secure: tls.ConnectionOptions = {
    host,
    // the kubeconfig's tls-server-name, else the host's name (SNI carries no address)
    servername: options.servername ?? (net.isIP(host) ? undefined : host),
    ca: options.ca,
    cert: options.cert,
    key: options.key,
    rejectUnauthorized: options.rejectUnauthorized ?? true,
    ALPNProtocols: ["http/1.1"],
  };
  // as node's keep-alive agent sets them: no Nagle delay, TCP keep-alive probes on a quiet connection
  if (!options.proxy) {
    const socket = url.protocol === "http:" ? net.connect({ host, port }) : tls.connect({ ...secure, port });
    return socket.setNoDelay(true).setKeepAlive(true, 1000);
  }
  const tunnel = new TunnelSocket(options.proxy, { host, port }, options.ca);
  tunnel.setNoDelay(true).setKeepAlive(true, 1000);
  return url.protocol === "http:" ? tunnel : tls.connect({ ...secure, socket: tunnel });
}

// The listener an idle connection has, so it can be taken off (and only it: node's own stay).
const idleWatch = new WeakMap<Connection, () => void>();

function unwatchIdle(s: Connection): void {
  const drop = idleWatch.get(s);
  if (!drop) return;
  idleWatch.delete(s);
  s.off("data", drop).off("end", drop).off("error", drop).off("close", drop);
}

/** An exchange that ended before any byte of its answer: `error` is what to report if not retried. */
class Stale extends Error {
  constructor(readonly error: K8sError) {
    super(error.message);
  }
}

function exchange(
  socket: Connection,
  request: string,
  o: KeptGet,
  deadline: number,
  timeout: () => K8sError,
  release: (reusable: boolean) => void,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const reader = new Http1Reader(o.maxBytes);
    let settled = false;
    const finish = (reusable: boolean, error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      if (error) {
        reader.release();
        release(false);
        return reject(error);
      }
      const text = reader.text();
      reader.release();
      release(reusable);
      resolve({ status: reader.status, text });
    };
    const network = (code: string) => new K8sError(`network error ${code}`, 0, o.resource, "network");
    const lost = (e: K8sError) => (reader.started ? e : new Stale(e));
    // the server's close ends an answer read to the close; any other answer it cuts short
    const onEnd = () => finish(false, reader.end() ? null : lost(network("ECONNRESET")));
    const onClose = onEnd;
    const onError = (e: NodeJS.ErrnoException) => finish(false, lost(network(e.code ?? e.message)));
    const onData = (chunk: Buffer) => {
      try {
        if (reader.push(chunk)) finish(reader.reusable, null);
      } catch (e) {
        if (!(e instanceof Http1Error)) return finish(false, e as Error);
        finish(false, framingError(e, o.resource, o.resource));
      }
    };
    const timer = setTimeout(() => finish(false, timeout()), Math.max(0, deadline - Date.now()));
    socket.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
    socket.write(request, "latin1");
  });
}

/** The "bad data" an answer `http1-reader.ts` cannot frame (or one too large) is, for `subject` ("kubelet summary"). */
export function framingError(e: Http1Error, subject: string, resource: string): K8sError {
  const what = e.tooLarge ? e.message : `is not a well-framed HTTP answer (${e.message})`;
  return new K8sError(`bad data: ${subject} ${what}`, 0, resource, "bad-data");
}

/** A GET's request head; a header that is not a valid HTTP field is "bad data" (no field injection). */
export function requestText(url: URL, headers: Record<string, string>, resource: string): string {
  let text = `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: application/json\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (UNSAFE.test(name) || UNSAFE.test(value) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw new K8sError(`bad data: header ${JSON.stringify(name)} is not a valid HTTP field`, 0, resource, "bad-data");
    if (name.toLowerCase() === "host" || name.toLowerCase() === "accept") continue;
    text += `${name}: ${value}\r\n`;
  }
  return `${text}\r\n`;
}
