// The API server: HTTPS on 127.0.0.1 with the sim CA, bearer-token authn, RBAC-like authz,
// discovery, get/list/watch, and the nodes/proxy subresource (which calls the kubelet as the API
// server itself, so only `nodes/proxy` is checked on this path, never nodes/stats).
import { type IncomingMessage, type ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";

import { APISERVER_IDENTITY, serveKubelet, type KubeletContext } from "../kubelet/kubelet-handler";
import type { Counters } from "../state/counters";
import { sleep, type Faults } from "../state/faults";
import type { SimNode } from "../state/world";
import { authorize, type Authenticator } from "./auth";
import type { Pem } from "./certs";
import { discovery, versionInfo } from "./discovery";
import { parseApiPath, sendJson, sendStatus } from "./http-util";
import { getOne, listAll, type ListQuery } from "./list";
import type { ResourceDef } from "./resources";
import { failure, forbidden, methodNotAllowed, pathNotFound, unauthorized } from "./status";
import { wantsTable } from "./tables";
import { serveWatch } from "./watch";

export interface ApiContext {
  defs: Map<string, ResourceDef>;
  auth: Authenticator;
  faults: Faults;
  counters: Counters;
  now: () => number;
  kubelet: KubeletContext;
  node: (name: string) => SimNode | undefined;
  bookmarkEveryMs: number;
  serverAddress: () => string;
}

const PUBLIC = new Set(["/version", "/healthz", "/livez", "/readyz"]);

/** Handles one API request. */
async function handleApi(ctx: ApiContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "https://apiserver");
  const rawPath = (req.url ?? "/").split("?")[0]!;
  const path = url.pathname.replace(/\/+$/, "") || "/";
  if (PUBLIC.has(path)) {
    ctx.counters.inc("apiserver.public");
    return path === "/version"
      ? sendJson(res, 200, versionInfo())
      : void res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
  }
  const id = ctx.auth.authenticate(req.headers.authorization);
  if (!id) return sendStatus(res, unauthorized());
  const fault = ctx.faults.pick("apiserver", undefined, path);
  if (fault?.kind === "latency") await sleep(fault.ms ?? 1000);
  // An outage as a client sees it: the connection is cut with no HTTP answer at all.
  if (fault?.kind === "drop") return void req.socket.destroy();
  if (fault?.kind === "throttle")
    return sendStatus(
      res,
      failure(429, "TooManyRequests", "Too many requests, please try again later.", { retryAfterSeconds: 1 }),
      { "Retry-After": "1" },
    );
  if (fault?.kind === "error") return sendStatus(res, failure(500, "InternalError", "Internal error occurred: simulated fault"));
  const disc = discovery(path, ctx.serverAddress());
  if (disc) {
    ctx.counters.inc("apiserver.discovery");
    return sendJson(res, 200, disc);
  }
  const ap = parseApiPath(rawPath);
  const def = ap && ctx.defs.get(`${ap.group}/${ap.plural}`);
  if (!ap || !def || def.version !== ap.version) {
    ctx.counters.inc("apiserver.notfound");
    return sendStatus(res, pathNotFound());
  }
  if (ap.namespace !== undefined && !def.namespaced) return sendStatus(res, pathNotFound());
  if (req.method !== "GET") return sendStatus(res, methodNotAllowed());
  const params = url.searchParams;
  const isWatch = params.get("watch") === "true" || params.get("watch") === "1";
  const sub = ap.sub ?? "";
  const verb = ap.name ? "get" : isWatch ? "watch" : "list";
  const ns = ap.namespace ?? "";
  if (!authorize(id, { verb, group: def.group, resource: def.plural, subresource: sub, namespace: ns, name: ap.name ?? "" })) {
    return sendStatus(res, forbidden(id.user, verb, def.plural, sub, def.group, ns, ap.name));
  }
  const q: ListQuery = { namespace: ap.namespace, params, table: wantsTable(req.headers.accept), now: ctx.now() };
  if (ap.name && sub === "proxy" && def.plural === "nodes") {
    const n = ctx.node(ap.name.replace(/:\d+$/, ""));
    ctx.counters.inc(`apiserver.proxy.${ap.rest === "stats/summary" ? "summary" : ap.rest === "configz" ? "configz" : "other"}`);
    if (!n) return sendStatus(res, failure(404, "NotFound", `nodes "${ap.name}" not found`, { name: ap.name, kind: "nodes" }));
    return serveKubelet(ctx.kubelet, n, req, res, `/${ap.rest}`, APISERVER_IDENTITY);
  }
  if (sub && sub !== "status") return sendStatus(res, pathNotFound());
  ctx.counters.inc(`apiserver.${verb}.${def.counterClass}`);
  if (ap.name) return getOne(def, res, ns, ap.name, q);
  if (isWatch) return serveWatch(def, res, q, { faults: ctx.faults, bookmarkEveryMs: ctx.bookmarkEveryMs, now: ctx.now });
  return listAll(def, res, q);
}

/** Starts the HTTPS API server on 127.0.0.1. */
export function startApiServer(ctx: ApiContext, pem: Pem, port: number): Promise<{ server: Server; port: number }> {
  const server = createServer({ key: pem.key, cert: pem.cert }, (req, res) => {
    handleApi(ctx, req, res).catch((err: unknown) => {
      if (!res.headersSent) sendStatus(res, failure(500, "InternalError", `Internal error occurred: ${String(err)}`));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}
