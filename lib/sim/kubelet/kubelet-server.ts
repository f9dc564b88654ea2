// All kubelets behind one port number: a listener per node InternalIP (127.1.x.y) feeding a single
// HTTP handler that routes by the address the connection arrived on (socket.localAddress). TLS is
// terminated per connection with that node's certificate, issued by the sim CA on first use.
import { createServer as createHttpServer } from "node:http";
import { createServer as createNetServer, type Server, type Socket } from "node:net";
import { createSecureContext, TLSSocket, type SecureContext } from "node:tls";

import { issueServing, type Pem } from "../apiserver/certs";
import type { SimNode } from "../state/world";
import { serveKubelet, type KubeletContext } from "./kubelet-handler";

export interface KubeletServer {
  port: number;
  close: () => Promise<void>;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onErr = (e: Error) => reject(e);
    server.once("error", onErr);
    server.listen({ port, host, exclusive: true }, () => {
      server.off("error", onErr);
      resolve((server.address() as { port: number }).port);
    });
  });
}

/** Starts the kubelet listeners; tries `preferredPort` (10250) first, then any free port. */
export async function startKubelets(
  ctx: KubeletContext,
  ca: Pem,
  nodes: SimNode[],
  preferredPort = 10250,
): Promise<KubeletServer> {
  const byIp = new Map(nodes.map((n) => [n.ip, n]));
  const contexts = new Map<string, Promise<SecureContext>>();
  const contextFor = (n: SimNode) => {
    let c = contexts.get(n.ip);
    if (!c) {
      c = issueServing(ca, n.name, [n.ip], [n.name]).then((p) =>
        createSecureContext({ key: p.key, cert: `${p.cert}\n${ca.cert}` }),
      );
      contexts.set(n.ip, c);
    }
    return c;
  };
  const nodeOf = new WeakMap<object, SimNode>();
  const http = createHttpServer((req, res) => {
    const n = nodeOf.get(req.socket);
    if (!n) return void res.socket?.destroy();
    const path = new URL(req.url ?? "/", "https://kubelet").pathname;
    serveKubelet(ctx, n, req, res, path).catch(() => res.destroy());
  });
  http.keepAliveTimeout = 5000;
  const onConnection = (raw: Socket) => {
    const n = byIp.get(raw.localAddress?.replace(/^::ffff:/, "") ?? "");
    if (!n) return void raw.destroy();
    raw.pause();
    raw.on("error", () => raw.destroy());
    contextFor(n).then(
      (secureContext) => {
        const tls = new TLSSocket(raw, { isServer: true, secureContext });
        tls.on("error", () => tls.destroy());
        nodeOf.set(tls, n);
        http.emit("connection", tls);
        raw.resume();
      },
      () => raw.destroy(),
    );
  };
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  const make = () => {
    const s = createNetServer((sock) => {
      sockets.add(sock);
      sock.on("close", () => sockets.delete(sock));
      onConnection(sock);
    });
    servers.push(s);
    return s;
  };
  let port = preferredPort;
  for (let attempt = 0; ; attempt++) {
    try {
      port = await listen(make(), nodes[0]!.ip, attempt === 0 ? preferredPort : 0);
      break;
    } catch (e) {
      servers.pop();
      if (attempt > 5) throw e;
    }
  }
  for (let i = 1; i < nodes.length; i += 256) {
    await Promise.all(nodes.slice(i, i + 256).map((n) => listen(make(), n.ip, port)));
  }
  return {
    port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
      http.close();
    },
  };
}
