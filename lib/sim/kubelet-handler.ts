// What one kubelet answers on its HTTPS port: /stats/summary, /configz, /healthz, with the
// kubelet's bearer-token authentication and fine-grained authorization (nodes/stats,
// nodes/configz, else nodes/proxy). The API server's node proxy calls this too, as itself.
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Authenticator, type Identity, authorize, kubeletSubresources } from "./auth";
import type { Counters } from "./counters";
import { type Faults, sleep } from "./faults";
import { sendText } from "./http-util";
import type { SimNode } from "./world";

export interface KubeletContext {
  auth: Authenticator;
  faults: Faults;
  counters: Counters;
  summary: (n: SimNode) => object;
  configz: (n: SimNode) => object;
}

/** The API server's own client identity when it proxies to a kubelet (kube-apiserver-kubelet-client). */
export const APISERVER_IDENTITY: Identity = {
  name: "apiserver", user: "kube-apiserver-kubelet-client", groups: ["kubelet-api-admin"], token: "",
  rules: [{ apiGroups: [""], resources: ["nodes/*"], verbs: ["*"] }],
};

function counterClass(path: string): string {
  if (path === "/stats/summary") return "kubelet.summary";
  if (path === "/configz") return "kubelet.configz";
  if (path.startsWith("/healthz")) return "kubelet.healthz";
  return "kubelet.other";
}

/** Serves one kubelet request for `node`; `as` skips authentication (the API server proxying). */
export async function serveKubelet(ctx: KubeletContext, n: SimNode, req: IncomingMessage, res: ServerResponse, path: string, as?: Identity): Promise<void> {
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
  const ok = subs.some((sub) => authorize(id, { verb: "get", group: "", resource: "nodes", subresource: sub, namespace: "", name: n.name }));
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
  let text = JSON.stringify(body, null, 2);
  if (fault?.kind === "malformed") text = text.slice(0, Math.floor(text.length / 2));
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}
