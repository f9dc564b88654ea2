// A connection to the API server through the kubeconfig's proxy, returned at once as a stream the
// callers use as they use a socket: bytes written before the proxy has agreed wait, in order, and
// go through once it has; TLS to the API server runs inside it (connectTo, the lists' agent).
// client-node honours proxy-url for its own requests; these are the requests Headroom writes
// itself (lists, watches, the node proxy's kept connections), which must go the same way.
import net from "node:net";
import { Duplex } from "node:stream";
import tls from "node:tls";

import { httpConnect, Incoming, socks5Connect, type Target } from "./handshakes";
import type { ProxySpec } from "./proxy-url";

type Pending = { chunk: Buffer; callback: (e?: Error | null) => void };

export class TunnelSocket extends Duplex {
  /** Bytes of the tunnel's payload read so far (as net.Socket's bytesRead, without the handshake). */
  bytesRead = 0;
  timeout: number | undefined;
  private readonly inner: net.Socket;
  private open = false;
  private pending: Pending[] = [];
  private finalPending: ((e?: Error | null) => void) | undefined;

  /**
   * @param ca the CAs a proxy reached over https is checked against besides Node's own: the
   *   kubeconfig's, so a proxy whose certificate the cluster's CA signed is trusted as kubectl trusts it.
   */
  constructor(
    private readonly spec: ProxySpec,
    target: Target,
    ca?: string | Buffer | (string | Buffer)[],
  ) {
    super({ allowHalfOpen: false });
    this.inner =
      spec.protocol === "https:"
        ? tls.connect({
            host: spec.host,
            port: spec.port,
            servername: net.isIP(spec.host) ? undefined : spec.host,
            ca: ca ? [...tls.rootCertificates, ...[ca].flat()] : undefined,
            ALPNProtocols: ["http/1.1"],
          })
        : net.connect({ host: spec.host, port: spec.port });
    this.inner.setNoDelay(true);
    const incoming = new Incoming();
    const onHandshakeData = (d: Buffer) => incoming.push(d);
    // a close before the proxy agreed (the proxy's, or ours when our user gave up) ends the handshake
    const onHandshakeEnd = () => incoming.fail(new Error("closed the connection during the handshake"));
    this.inner.on("data", onHandshakeData).on("end", onHandshakeEnd).on("close", onHandshakeEnd);
    this.inner.on("error", (e: NodeJS.ErrnoException) => {
      incoming.fail(e);
      if (this.open) this.destroy(e);
    });
    this.inner.on("timeout", () => this.emit("timeout"));
    const write = (b: Buffer) => void this.inner.write(b);
    const handshake = spec.protocol.startsWith("socks") ? socks5Connect : httpConnect;
    handshake(spec, target, write, incoming).then(
      () => {
        // our user may have given up while the proxy's answer was on its way
        if (this.destroyed) return;
        this.inner.off("data", onHandshakeData).off("end", onHandshakeEnd).off("close", onHandshakeEnd);
        this.opened(incoming.rest());
      },
      (e: NodeJS.ErrnoException) => this.destroy(this.proxyError(e)),
    );
  }

  // What a socket's user calls on it: passed to the connection to the proxy.
  setNoDelay(noDelay?: boolean): this {
    this.inner.setNoDelay(noDelay);
    return this;
  }
  setKeepAlive(enable?: boolean, delay?: number): this {
    this.inner.setKeepAlive(enable, delay);
    return this;
  }
  setTimeout(ms: number, callback?: () => void): this {
    this.timeout = ms;
    this.inner.setTimeout(ms);
    if (callback) this.once("timeout", callback);
    return this;
  }
  ref(): this {
    this.inner.ref();
    return this;
  }
  unref(): this {
    this.inner.unref();
    return this;
  }

  override _read(): void {
    if (this.open) this.inner.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (e?: Error | null) => void): void {
    if (this.open) this.inner.write(chunk, callback);
    else this.pending.push({ chunk, callback });
  }

  override _final(callback: (e?: Error | null) => void): void {
    if (this.open) this.inner.end(callback);
    else this.finalPending = callback;
  }

  override _destroy(error: Error | null, callback: (e?: Error | null) => void): void {
    this.inner.destroy();
    for (const p of this.pending.splice(0)) p.callback(error ?? new Error("the tunnel was closed"));
    callback(error);
  }

  private opened(first: Buffer): void {
    this.open = true;
    this.deliver(first);
    this.inner.on("data", (d: Buffer) => this.deliver(d));
    this.inner.on("end", () => this.push(null));
    // a close without the target's end first cut the tunnel; after it, the stream ends on its own
    this.inner.on("close", () => {
      if (!this.inner.readableEnded && !this.destroyed)
        this.destroy(Object.assign(new Error("ECONNRESET"), { code: "ECONNRESET" }));
    });
    for (const p of this.pending.splice(0)) this.inner.write(p.chunk, p.callback);
    if (this.finalPending) this.inner.end(this.finalPending);
  }

  private deliver(d: Buffer): void {
    if (d.length === 0) return;
    this.bytesRead += d.length;
    if (!this.push(d)) this.inner.pause();
  }

  // Before the tunnel is up every failure is the proxy's, and says so (with the proxy's address,
  // never its credentials): "network error ECONNREFUSED" alone would send the reader to the API server.
  private proxyError(e: NodeJS.ErrnoException): Error {
    const refusedCertificate = /CERT|SELF_SIGNED|UNABLE_TO|ERR_TLS|ERR_SSL/.test(e.code ?? "");
    const what = !e.code
      ? e.message
      : refusedCertificate
        ? `presented a certificate that was refused (${e.code})`
        : `could not be reached (${e.code})`;
    return new Error(`the proxy ${this.spec.label} (the kubeconfig's proxy-url) ${what}`);
  }
}
