// The tunnel (lib/k8s/io/proxy/tunnel.ts, handshakes.ts) against proxies on loopback that speak each protocol byte
// by byte as written here, so every answer a proxy can give is one the test chooses: the agreed
// tunnel, a 407, a proxy that hangs up, a SOCKS5 refusal. Debian's own proxies (tinyproxy,
// microsocks) carry a whole cache in proxy-url.test.ts.
import http from "node:http";
import https from "node:https";
import net, { type AddressInfo } from "node:net";
import tls from "node:tls";
import { afterEach, describe, expect, it } from "vitest";

import { parseProxyUrl } from "@/lib/k8s/io/proxy/proxy-url";
import { TunnelSocket } from "@/lib/k8s/io/proxy/tunnel";
import { issueServing, makeCa } from "@/lib/sim/apiserver/certs";

const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

const listen = async (server: net.Server) => {
  closers.push(() => server.close());
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
};

/** A target that answers every line it gets with "echo: <line>". */
async function echoServer() {
  const server = net.createServer((s) => {
    s.on("data", (d) => s.write(`echo: ${d.toString()}`));
    closers.push(() => s.destroy());
  });
  return listen(server);
}

/** An HTTP proxy that answers CONNECT with `answer` (the tunnel when it is 200) and records each request head. */
async function connectProxy(
  answer = "HTTP/1.1 200 Connection established\r\n\r\n",
  extra = "",
  cert?: { key: string; cert: string },
) {
  const heads: { url: string; auth?: string }[] = [];
  const server = cert ? https.createServer(cert) : http.createServer();
  server.on("connect", (req: http.IncomingMessage, client: net.Socket) => {
    heads.push({ url: req.url ?? "", auth: req.headers["proxy-authorization"] });
    closers.push(() => client.destroy());
    if (!answer.startsWith("HTTP/1.1 200")) return client.end(answer);
    const [host, port] = (req.url ?? "").split(":");
    const upstream = net.connect({ host, port: Number(port) }, () => {
      client.write(answer + extra);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    closers.push(() => upstream.destroy());
  });
  return { port: await listen(server), heads };
}

/** Sends `line` through a tunnel and resolves with what came back (or the error's message). */
function roundTrip(t: TunnelSocket, line: string, expectChars = 0): Promise<string> {
  return new Promise((resolve) => {
    let got = "";
    t.on("data", (d: Buffer) => {
      got += d.toString();
      if (got.length >= expectChars) resolve(got);
    });
    t.on("error", (e) => resolve(`error: ${e.message}`));
    // written at once, before the proxy can have agreed: it must wait, not be lost
    t.write(line);
  });
}

describe("an HTTP CONNECT tunnel", () => {
  it("over TLS to an https proxy, checked against the kubeconfig's CA, with the API server's TLS inside", async () => {
    const ca = await makeCa();
    const proxyCert = await issueServing(ca, "proxy", ["127.0.0.1"], []);
    const targetCert = await issueServing(ca, "kube", [], ["kube.internal"]);
    const target = tls.createServer({ key: targetCert.key, cert: targetCert.cert }, (s) => {
      s.on("data", (d) => s.write(`echo: ${d.toString()}`));
      closers.push(() => s.destroy());
    });
    const targetPort = await listen(target);
    const proxy = await connectProxy(undefined, "", { key: proxyCert.key, cert: proxyCert.cert });
    const spec = parseProxyUrl(`https://127.0.0.1:${proxy.port}`);
    const inner = new TunnelSocket(spec, { host: "127.0.0.1", port: targetPort }, ca.cert);
    const t = tls.connect({ socket: inner, host: "127.0.0.1", servername: "kube.internal", ca: ca.cert });
    closers.push(() => t.destroy());
    const got = await new Promise<string>((resolve, reject) => {
      t.on("data", (d: Buffer) => resolve(d.toString())).on("error", reject);
      t.write("tls in tls\n");
    });
    expect(got).toBe("echo: tls in tls\n");
    // a proxy certificate nothing vouches for: refused, and said to be the proxy's
    const untrusted = new TunnelSocket(spec, { host: "127.0.0.1", port: targetPort });
    expect(await roundTrip(untrusted, "x")).toMatch(
      new RegExp(
        `^error: the proxy https://127\\.0\\.0\\.1:${proxy.port} \\(the kubeconfig's proxy-url\\) presented a certificate that was refused \\([A-Z_]+\\)$`,
      ),
    );
  });

  it("carries bytes both ways once the proxy agrees, with what was written before", async () => {
    const target = await echoServer();
    const proxy = await connectProxy();
    const t = new TunnelSocket(parseProxyUrl(`http://127.0.0.1:${proxy.port}`), { host: "127.0.0.1", port: target });
    closers.push(() => t.destroy());
    expect(await roundTrip(t, "hello\n", 12)).toBe("echo: hello\n");
    expect(proxy.heads).toEqual([{ url: `127.0.0.1:${target}`, auth: undefined }]);
    expect(t.bytesRead).toBe(12);
  });

  it("sends the URL's user and password as Proxy-Authorization: Basic", async () => {
    const target = await echoServer();
    const proxy = await connectProxy();
    const t = new TunnelSocket(parseProxyUrl(`http://ops:s%40cret@127.0.0.1:${proxy.port}`), { host: "127.0.0.1", port: target });
    closers.push(() => t.destroy());
    expect(await roundTrip(t, "x\n", 8)).toBe("echo: x\n");
    expect(proxy.heads[0]?.auth).toBe(`Basic ${Buffer.from("ops:s@cret").toString("base64")}`);
  });

  it("hands on bytes the target sent in the same packet as the proxy's 200", async () => {
    const target = await echoServer();
    const proxy = await connectProxy(undefined, "early\n");
    const t = new TunnelSocket(parseProxyUrl(`http://127.0.0.1:${proxy.port}`), { host: "127.0.0.1", port: target });
    closers.push(() => t.destroy());
    expect(await roundTrip(t, "hi\n", 15)).toBe("early\necho: hi\n");
  });

  it("fails with the proxy's status, naming the proxy but never its password", async () => {
    const proxy = await connectProxy("HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n");
    const t = new TunnelSocket(parseProxyUrl(`http://ops:hunter2@127.0.0.1:${proxy.port}`), { host: "kube.example", port: 6443 });
    const out = await roundTrip(t, "GET / HTTP/1.1\r\n\r\n");
    expect(out).toBe(
      `error: the proxy http://127.0.0.1:${proxy.port} (the kubeconfig's proxy-url) answered 407 Proxy Authentication Required to CONNECT kube.example:6443 (check the user and password in proxy-url)`,
    );
    expect(out).not.toContain("hunter2");
    expect(proxy.heads[0]?.url).toBe("kube.example:6443");
  });

  it("says the proxy could not be reached, or hung up during the handshake", async () => {
    const closed = await listen(net.createServer());
    closers.splice(0).forEach((c) => c()); // nothing listens there now
    await new Promise((r) => setTimeout(r, 50));
    const refused = new TunnelSocket(parseProxyUrl(`http://127.0.0.1:${closed}`), { host: "127.0.0.1", port: 1 });
    expect(await roundTrip(refused, "x")).toBe(
      `error: the proxy http://127.0.0.1:${closed} (the kubeconfig's proxy-url) could not be reached (ECONNREFUSED)`,
    );
    const hangUp = await listen(net.createServer((s) => s.once("data", () => s.end())));
    const cut = new TunnelSocket(parseProxyUrl(`http://127.0.0.1:${hangUp}`), { host: "127.0.0.1", port: 1 });
    expect(await roundTrip(cut, "x")).toBe(
      `error: the proxy http://127.0.0.1:${hangUp} (the kubeconfig's proxy-url) closed the connection during the handshake`,
    );
  });

  it("given up before the proxy agreed: nothing it queued reaches the target", async () => {
    let received = 0;
    const target = await listen(net.createServer((c) => c.on("data", (d: Buffer) => (received += d.length))));
    // a proxy that connects at once and agrees 100 ms later
    const proxy = await listen(
      net.createServer((client) => {
        closers.push(() => client.destroy());
        client.once("data", () => {
          const upstream = net.connect({ host: "127.0.0.1", port: target });
          closers.push(() => upstream.destroy());
          setTimeout(() => {
            client.write("HTTP/1.1 200 OK\r\n\r\n");
            client.pipe(upstream);
          }, 100);
        });
      }),
    );
    const t = new TunnelSocket(parseProxyUrl(`http://127.0.0.1:${proxy}`), { host: "127.0.0.1", port: target });
    const errors: Error[] = [];
    t.on("error", (e) => errors.push(e));
    t.write("GET / HTTP/1.1\r\n\r\n");
    await new Promise((r) => setTimeout(r, 20));
    t.destroy();
    await new Promise((r) => setTimeout(r, 250));
    expect(received).toBe(0);
    expect(errors).toEqual([]);
  });

  it("passes the target's end on, and ends", async () => {
    const target = await listen(net.createServer((s) => s.end("bye\n")));
    const proxy = await connectProxy();
    const t = new TunnelSocket(parseProxyUrl(`http://127.0.0.1:${proxy.port}`), { host: "127.0.0.1", port: target });
    const got: string[] = [];
    t.on("data", (d: Buffer) => got.push(d.toString()));
    await new Promise<void>((r) => t.on("close", r));
    expect(got.join("")).toBe("bye\n");
  });
});

type SocksSeen = { methods: number[]; auth?: [string, string]; atyp: number; address: string; port: number };

/**
 * A SOCKS5 proxy (RFC 1928/1929) that records what it was asked and connects to the echo server
 * whatever the address (the test asks for names no resolver knows); `reply` other than 0 refuses.
 */
async function socksProxy(echoPort: number, o: { method?: number; reply?: number; credentials?: [string, string] } = {}) {
  const seen: SocksSeen[] = [];
  const server = net.createServer((s) => {
    closers.push(() => s.destroy());
    let buf = Buffer.alloc(0);
    let stage = 0;
    const entry: Partial<SocksSeen> = {};
    s.on("data", (d) => {
      buf = Buffer.concat([buf, d]);
      if (stage === 0 && buf.length >= 2 && buf.length >= 2 + buf.readUInt8(1)) {
        entry.methods = [...buf.subarray(2, 2 + buf.readUInt8(1))];
        buf = buf.subarray(2 + buf.readUInt8(1));
        const method = o.method ?? (o.credentials ? 2 : 0);
        s.write(Buffer.from([5, method]));
        stage = method === 2 ? 1 : method === 0 ? 2 : 9;
      }
      if (
        stage === 1 &&
        buf.length >= 2 &&
        buf.length >= 3 + buf.readUInt8(1) &&
        buf.length >= 3 + buf.readUInt8(1) + buf.readUInt8(2 + buf.readUInt8(1))
      ) {
        const ul = buf.readUInt8(1);
        const pl = buf.readUInt8(2 + ul);
        entry.auth = [buf.subarray(2, 2 + ul).toString(), buf.subarray(3 + ul, 3 + ul + pl).toString()];
        buf = buf.subarray(3 + ul + pl);
        const ok = entry.auth[0] === o.credentials?.[0] && entry.auth[1] === o.credentials?.[1];
        s.write(Buffer.from([1, ok ? 0 : 1]));
        stage = ok ? 2 : 9;
      }
      if (stage === 2 && buf.length >= 5) {
        const atyp = buf.readUInt8(3);
        const len = atyp === 1 ? 4 : atyp === 4 ? 16 : 1 + buf.readUInt8(4);
        if (buf.length < 4 + len + 2) return;
        const addr = buf.subarray(4, 4 + len);
        entry.atyp = atyp;
        entry.address = atyp === 3 ? addr.subarray(1).toString() : atyp === 1 ? [...addr].join(".") : addr.toString("hex");
        entry.port = buf.readUInt16BE(4 + len);
        seen.push(entry as SocksSeen);
        stage = 3;
        if (o.reply) return s.end(Buffer.from([5, o.reply, 0, 1, 0, 0, 0, 0, 0, 0]));
        const upstream = net.connect({ host: "127.0.0.1", port: echoPort }, () => {
          // bound address given as a name, to read past a variable-length one
          s.write(Buffer.concat([Buffer.from([5, 0, 0, 3, 4]), Buffer.from("here"), Buffer.from([0, 80])]));
          upstream.pipe(s);
          s.pipe(upstream);
        });
        closers.push(() => upstream.destroy());
      }
    });
  });
  return { port: await listen(server), seen };
}

describe("a SOCKS5 tunnel", () => {
  it("gives the proxy the API server's name to resolve, for socks5 as for socks5h (as kubectl does)", async () => {
    const echo = await echoServer();
    const proxy = await socksProxy(echo);
    for (const scheme of ["socks5", "socks5h"]) {
      const t = new TunnelSocket(parseProxyUrl(`${scheme}://127.0.0.1:${proxy.port}`), { host: "kube.internal", port: 6443 });
      closers.push(() => t.destroy());
      expect(await roundTrip(t, "ping\n", 11)).toBe("echo: ping\n");
    }
    expect(proxy.seen).toEqual([
      { methods: [0], atyp: 3, address: "kube.internal", port: 6443 },
      { methods: [0], atyp: 3, address: "kube.internal", port: 6443 },
    ]);
  });

  it("sends addresses as addresses: IPv4 and IPv6, the latter expanded", async () => {
    const echo = await echoServer();
    const proxy = await socksProxy(echo);
    for (const host of ["10.0.0.7", "fd00::1:2", "::ffff:10.0.0.7"]) {
      const t = new TunnelSocket(parseProxyUrl(`socks5://127.0.0.1:${proxy.port}`), { host, port: 443 });
      closers.push(() => t.destroy());
      expect(await roundTrip(t, "a\n", 8)).toBe("echo: a\n");
    }
    expect(proxy.seen.map((s) => [s.atyp, s.address])).toEqual([
      [1, "10.0.0.7"],
      [4, "fd000000000000000000000000010002"],
      [4, "00000000000000000000ffff0a000007"],
    ]);
  });

  it("authenticates with the URL's user and password (RFC 1929), and says when they are refused", async () => {
    const echo = await echoServer();
    const proxy = await socksProxy(echo, { credentials: ["ops", "pa:ss"] });
    const good = new TunnelSocket(parseProxyUrl(`socks5://ops:pa%3Ass@127.0.0.1:${proxy.port}`), { host: "k", port: 1 });
    closers.push(() => good.destroy());
    expect(await roundTrip(good, "b\n", 8)).toBe("echo: b\n");
    expect(proxy.seen[0]).toMatchObject({ methods: [0, 2], auth: ["ops", "pa:ss"] });
    const bad = new TunnelSocket(parseProxyUrl(`socks5://ops:wrong@127.0.0.1:${proxy.port}`), { host: "k", port: 1 });
    const out = await roundTrip(bad, "b\n");
    expect(out).toBe(
      `error: the proxy socks5://127.0.0.1:${proxy.port} (the kubeconfig's proxy-url) refused the user name and password in proxy-url`,
    );
    expect(out).not.toContain("wrong");
    const none = new TunnelSocket(parseProxyUrl(`socks5://127.0.0.1:${proxy.port}`), { host: "k", port: 1 });
    expect(await roundTrip(none, "b\n")).toMatch(/asks for a user name and password, and proxy-url has none$/);
  });

  it("says what the proxy's refusal means", async () => {
    const echo = await echoServer();
    const proxy = await socksProxy(echo, { reply: 5 });
    const t = new TunnelSocket(parseProxyUrl(`socks5h://127.0.0.1:${proxy.port}`), { host: "kube.internal", port: 6443 });
    expect(await roundTrip(t, "x")).toBe(
      `error: the proxy socks5h://127.0.0.1:${proxy.port} (the kubeconfig's proxy-url) could not connect to kube.internal:6443: connection refused`,
    );
  });
});

describe("parseProxyUrl", () => {
  it("takes kubectl's schemes with their default ports and keeps credentials out of its label", () => {
    expect(parseProxyUrl("http://proxy.corp")).toEqual({
      protocol: "http:",
      host: "proxy.corp",
      port: 80,
      label: "http://proxy.corp:80",
    });
    expect(parseProxyUrl("https://u:p@[fd00::5]:8443/ignored")).toEqual({
      protocol: "https:",
      host: "fd00::5",
      port: 8443,
      auth: { user: "u", password: "p" },
      label: "https://[fd00::5]:8443",
    });
    expect(parseProxyUrl("socks5://127.0.0.1").port).toBe(1080);
    expect(parseProxyUrl("socks5h://bastion:1081").label).toBe("socks5h://bastion:1081");
  });

  it.each([
    ["ftp://proxy:21", 'proxy-url uses the scheme "ftp:"; Headroom reaches a proxy by http, https, socks5 or socks5h'],
    ["socks4://proxy:1080", 'proxy-url uses the scheme "socks4:"; Headroom reaches a proxy by http, https, socks5 or socks5h'],
    ["proxy.corp:3128", 'proxy-url uses the scheme "proxy.corp:"; Headroom reaches a proxy by http, https, socks5 or socks5h'],
    ["not a url", "proxy-url is not a URL (expected http://, https://, socks5:// or socks5h:// with a host)"],
    [`socks5://${"u".repeat(256)}:p@h`, "proxy-url: a SOCKS5 user name and password are at most 255 bytes each"],
  ])("refuses %s, naming the field", (raw, message) => {
    expect(() => parseProxyUrl(raw)).toThrow(message);
  });
});
