// What a client says to a proxy before the tunnel carries the API server's bytes: HTTP CONNECT
// (RFC 9110 §9.3.6) for http and https proxies, SOCKS5 (RFC 1928, with RFC 1929's user name and
// password) for socks5 and socks5h. Each takes the proxy's bytes from `Incoming` and returns once
// the proxy has agreed; anything the proxy sent past its answer is the tunnel's first bytes.
import net from "node:net";

import type { ProxySpec } from "./proxy-url";

/** An answer's head larger than this is no proxy's answer to CONNECT. */
const MAX_HEAD = 16 * 1024;

export interface Target {
  host: string;
  port: number;
}

/** The proxy's bytes during the handshake, taken as the handshake needs them. */
export class Incoming {
  private buf: Buffer = Buffer.alloc(0);
  private wake: (() => void) | undefined;
  private ended: Error | undefined;

  push(data: Buffer): void {
    this.buf = this.buf.length === 0 ? data : Buffer.concat([this.buf, data]);
    this.wake?.();
  }

  /** The proxy closed or failed: a take waiting for bytes rejects with `error`. */
  fail(error: Error): void {
    this.ended ??= error;
    this.wake?.();
  }

  /** Exactly `n` bytes. */
  async take(n: number): Promise<Buffer> {
    await this.until(() => this.buf.length >= n);
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  /** Up to and including the first `marker`, failing past `max` bytes without it. */
  async upTo(marker: string, max: number): Promise<Buffer> {
    let at = -1;
    await this.until(() => {
      at = this.buf.indexOf(marker);
      if (at < 0 && this.buf.length > max) throw new Error(`answered with more than ${max} bytes and no end to its head`);
      return at >= 0;
    });
    return this.take(at + marker.length);
  }

  /** What came after the handshake's last byte. */
  rest(): Buffer {
    const out = this.buf;
    this.buf = Buffer.alloc(0);
    return out;
  }

  private async until(ready: () => boolean): Promise<void> {
    while (!ready()) {
      if (this.ended) throw this.ended;
      await new Promise<void>((r) => (this.wake = r));
      this.wake = undefined;
    }
  }
}

const hostPort = (t: Target) => (net.isIPv6(t.host) ? `[${t.host}]:${t.port}` : `${t.host}:${t.port}`);

/** CONNECT to `target`; resolves once the proxy answers 2xx. */
export async function httpConnect(
  spec: ProxySpec,
  target: Target,
  write: (b: Buffer) => void,
  incoming: Incoming,
): Promise<void> {
  let head = `CONNECT ${hostPort(target)} HTTP/1.1\r\nHost: ${hostPort(target)}\r\n`;
  if (spec.auth) {
    const basic = Buffer.from(`${spec.auth.user}:${spec.auth.password}`).toString("base64");
    head += `Proxy-Authorization: Basic ${basic}\r\n`;
  }
  write(Buffer.from(`${head}\r\n`, "latin1"));
  const answer = (await incoming.upTo("\r\n\r\n", MAX_HEAD)).toString("latin1");
  const status = /^HTTP\/1\.[01] (\d{3})(?: ([^\r\n]*))?\r\n/.exec(answer);
  if (!status) throw new Error("answered CONNECT with something other than HTTP/1.1");
  const code = Number(status[1]);
  if (code < 200 || code > 299) {
    const reason = status[2] ? ` ${status[2].slice(0, 100)}` : "";
    throw new Error(
      `answered ${code}${reason} to CONNECT ${hostPort(target)}${code === 407 || code === 401 ? " (check the user and password in proxy-url)" : ""}`,
    );
  }
}

// RFC 1928 §6: what a reply's REP field means
const SOCKS_REPLIES: Record<number, string> = {
  1: "general SOCKS server failure",
  2: "connection not allowed by ruleset",
  3: "network unreachable",
  4: "host unreachable",
  5: "connection refused",
  6: "TTL expired",
  7: "command not supported",
  8: "address type not supported",
};

/** SOCKS5 CONNECT to `target`, by name unless it is an address; resolves once the proxy has connected. */
export async function socks5Connect(
  spec: ProxySpec,
  target: Target,
  write: (b: Buffer) => void,
  incoming: Incoming,
): Promise<void> {
  write(Buffer.from(spec.auth ? [5, 2, 0, 2] : [5, 1, 0]));
  const greeting = await incoming.take(2);
  const version = greeting.readUInt8(0);
  const method = greeting.readUInt8(1);
  if (version !== 5) throw new Error("is not a SOCKS5 proxy (its greeting's version is not 5)");
  if (method === 2 && spec.auth) {
    const user = Buffer.from(spec.auth.user);
    const password = Buffer.from(spec.auth.password);
    write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([password.length]), password]));
    if ((await incoming.take(2)).readUInt8(1) !== 0) throw new Error("refused the user name and password in proxy-url");
  } else if (method !== 0) {
    throw new Error(
      method === 2
        ? "asks for a user name and password, and proxy-url has none"
        : "accepts none of the authentication methods offered",
    );
  }
  write(Buffer.concat([Buffer.from([5, 1, 0]), socksAddress(target.host), Buffer.from([target.port >> 8, target.port & 0xff])]));
  const reply = await incoming.take(4);
  const rep = reply.readUInt8(1);
  const atyp = reply.readUInt8(3);
  if (rep !== 0) throw new Error(`could not connect to ${hostPort(target)}: ${SOCKS_REPLIES[rep] ?? `reply ${rep}`}`);
  // the address the proxy bound, and its port: read past, not used
  const bound = atyp === 1 ? 4 : atyp === 4 ? 16 : atyp === 3 ? (await incoming.take(1)).readUInt8(0) : -1;
  if (bound < 0) throw new Error(`answered with an unknown address type ${atyp}`);
  await incoming.take(bound + 2);
}

function socksAddress(host: string): Buffer {
  if (net.isIPv4(host)) return Buffer.from([1, ...host.split(".").map(Number)]);
  if (net.isIPv6(host)) return Buffer.concat([Buffer.from([4]), ipv6Bytes(host)]);
  const name = Buffer.from(host);
  if (name.length > 255) throw new Error("cannot be given a host name longer than 255 bytes");
  return Buffer.concat([Buffer.from([3, name.length]), name]);
}

function ipv6Bytes(address: string): Buffer {
  // eight 16-bit groups: "::" expanded, an embedded IPv4 as two groups, a zone id dropped
  const [head, tail] = address.replace(/%.*$/, "").split("::");
  const groups = (s: string | undefined) => (s ? s.split(":").flatMap((g) => (g.includes(".") ? v4Groups(g) : [g])) : []);
  const h = groups(head);
  const t = groups(tail);
  const all = [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t];
  const out = Buffer.alloc(16);
  all.forEach((g, i) => out.writeUInt16BE(parseInt(g, 16), i * 2));
  return out;
}

function v4Groups(v4: string): string[] {
  const b = Buffer.from(v4.split(".").map(Number));
  return [b.readUInt16BE(0).toString(16), b.readUInt16BE(2).toString(16)];
}
