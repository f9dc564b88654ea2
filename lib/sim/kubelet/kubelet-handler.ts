// What one kubelet answers on its HTTPS port: /stats/summary, /configz, /healthz, with the
// kubelet's bearer-token authentication and fine-grained authorization (nodes/stats,
// nodes/configz, else nodes/proxy). The API server's node proxy calls this too, as itself.
import type { IncomingMessage, ServerResponse } from "node:http";

import { authorize, kubeletSubresources, type Authenticator, type Identity } from "../apiserver/auth";
import { sendText } from "../apiserver/http-util";
import type { Counters } from "../state/counters";
import { sleep, type Faults } from "../state/faults";
import type { SimNode } from "../state/world";
import { kubeletJson } from "./kubelet-json";

export interface KubeletContext {
  auth: Authenticator;
  faults: Faults;
  counters: Counters;
  summary: (n: SimNode) => object;
  configz: (n: SimNode) => object;
}

/** The API server's own client identity when it proxies to a kubelet (kube-apiserver-kubelet-client). */
export const APISERVER_IDENTITY: Identity = {
  name: "apiserver",
  user: "kube-apiserver-kubelet-client",
  groups: ["kubelet-api-admin"],
  token: "",
  rules: [{ apiGroups: [""], resources: ["nodes/*"], verbs: ["*"] }],
};

function counterClass(path: string): string {
  if (path === "/stats/summary") return "kubelet.summary";
  if (path === "/configz") return "kubelet.configz";
  if (path.startsWith("/healthz")) return "kubelet.healthz";
  return "kubelet.other";
}

/** Serves one kubelet request for `node`; `as` skips authentication (the API server proxying). */
export async function serveKubelet(
  ctx: KubeletContext,
  n: SimNode,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  as?: Identity,
): Promise<void> {
  ctx.counters.inc(counterClass(path));
  if (!n.kubeletUp) {
    // A dead kubelet: the TCP connection is reset, as when the process is gone.
    res.socket?.destroy();
    return;
  }
  const id = as ?? ctx.auth.authenticate(req.headers.authorization);
  if (!id) return sendText(res, 401, "Unauthorized");
  if (req.method !== "GET" && req.method !== "HEAD") return sendText(res, 405, "405: Method Not Allowed");
  const subs = kubeletSubresources(path);
  const ok = subs.some((sub) =>
    authorize(id, { verb: "get", group: "", resource: "nodes", subresource: sub, namespace: "", name: n.name }),
  );
  if (!ok) {
    return sendText(res, 403, `Forbidden (user=${id.user}, verb=get, resource=nodes, subresource(s)=[${subs.join(" ")}])\n`);
  }
  const fault = ctx.faults.pick("kubelet", n.name, path);
  if (fault?.kind === "latency") await sleep(fault.ms ?? 2000);
  if (fault?.kind === "timeout") return; // never answers; the client's timeout decides
  if (fault?.kind === "error") return sendText(res, 500, "Internal Error: failed to get node info: simulated fault\n");
  let body: unknown;
  if (path === "/stats/summary") body = ctx.summary(n);
  else if (path === "/configz") body = ctx.configz(n);
  else if (path === "/healthz") return sendText(res, 200, "ok");
  else return sendText(res, 404, "404 page not found\n");
  if (fault?.kind === "huge") return sendHuge(res, fault.ms ?? 64 * 1024 * 1024, (n) => ctx.faults.countBytes(fault.id, n));
  if (fault?.kind === "slowloris") return sendSlowly(res, fault.ms ?? 200);
  if (fault?.kind === "absurd") body = absurd(body);
  let bytes = kubeletJson(body);
  if (fault?.kind === "malformed") bytes = bytes.subarray(0, bytes.length >> 1);
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": bytes.length });
  res.end(bytes);
}

/** Streams `bytes` of one JSON string value, chunked, without a Content-Length (as a runaway kubelet would). */
function sendHuge(res: ServerResponse, bytes: number, count: (bytes: number) => void): void {
  const chunk = Buffer.alloc(1024 * 1024, "a");
  let sent = 0;
  res.writeHead(200, { "Content-Type": "application/json" });
  res.write('{"node":{"nodeName":"');
  const pump = () => {
    while (sent < bytes && !res.destroyed) {
      sent += chunk.length;
      count(chunk.length);
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    if (!res.destroyed) res.end('"}}');
  };
  pump();
}

/** Sends the headers and then one byte every `ms`, forever, until the client gives up. */
function sendSlowly(res: ServerResponse, ms: number): void {
  res.writeHead(200, { "Content-Type": "application/json" });
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(" ")), ms);
  res.on("close", () => clearInterval(timer));
}

/** The same document with impossible numbers where a broken kubelet or cAdvisor would put them. */
function absurd(body: unknown): unknown {
  const doc = structuredClone(body) as {
    node?: { fs?: Record<string, number>; memory?: Record<string, number>; rlimit?: Record<string, number> };
  };
  if (doc.node?.fs) Object.assign(doc.node.fs, { inodesFree: 2 ** 64 - 1, inodes: 2 ** 64 - 1, availableBytes: -1 });
  if (doc.node?.memory) Object.assign(doc.node.memory, { availableBytes: -(2 ** 63), workingSetBytes: 2 ** 64 - 1 });
  if (doc.node?.rlimit) Object.assign(doc.node.rlimit, { maxpid: -5, curproc: 2 ** 64 - 1 });
  return doc;
}
