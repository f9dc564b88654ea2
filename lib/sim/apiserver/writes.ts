// Create, update (PUT) and delete for the kinds the sim lets clients write (Leases only: what
// Headroom replicas use for membership). Answers are the real API server's: 201 on create, 409
// AlreadyExists / Conflict with its Status wording, 404 for a missing object or namespace, 400 when
// the body's name or namespace disagrees with the URL, and an optimistic-concurrency check on
// metadata.resourceVersion (an update without one is unconditional, as Lease's strategy allows).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import { rfc3339 } from "../state/clock";
import { sendJson, sendStatus } from "./http-util";
import type { ResourceDef } from "./resources";
import { badRequest, failure, notFound } from "./status";
import type { KObj, ResourceStore } from "./store";

/** Bodies larger than this are refused (the real server's limit is 3 MiB; a Lease is < 1 KiB). */
const MAX_BODY = 1 << 20;

export interface WriteContext {
  now: () => number;
  /** Whether a namespace exists (NamespaceLifecycle admission). */
  namespaceExists: (ns: string) => boolean;
}

/** The verb RBAC sees for a write method, or undefined when the sim does not serve it. */
export function writeVerb(method: string | undefined): "create" | "update" | "delete" | undefined {
  return method === "POST" ? "create" : method === "PUT" ? "update" : method === "DELETE" ? "delete" : undefined;
}

const resourceName = (def: ResourceDef) => (def.group ? `${def.plural}.${def.group}` : def.plural);

async function readBody(req: IncomingMessage): Promise<KObj | string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) return "the request body is too large";
    chunks.push(c as Buffer);
  }
  try {
    const o = JSON.parse(Buffer.concat(chunks).toString("utf8")) as KObj;
    if (!o || typeof o !== "object" || typeof o.metadata !== "object" || o.metadata === null)
      return "the body is not an object with metadata";
    return o;
  } catch (e) {
    return `the body is not JSON: ${(e as Error).message}`;
  }
}

/** Serves POST (collection path), PUT and DELETE (object path) on a writable resource. */
export async function serveWrite(
  def: ResourceDef,
  store: ResourceStore<KObj>,
  verb: "create" | "update" | "delete",
  namespace: string,
  name: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  ctx: WriteContext,
): Promise<void> {
  const details = (n: string) => ({ name: n, group: def.group, kind: def.plural });
  if (verb === "delete") {
    const e = name ? store.get(namespace, name) : undefined;
    if (!name || !e) return sendStatus(res, notFound(def.plural, name ?? "", def.group));
    store.delete(namespace, name);
    return sendJson(res, 200, {
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Success",
      details: { ...details(name), uid: e.src.metadata.uid },
    });
  }
  const body = await readBody(req);
  if (typeof body === "string") return sendStatus(res, badRequest(body));
  const m = body.metadata;
  if (m.namespace !== undefined && m.namespace !== "" && m.namespace !== namespace)
    return sendStatus(res, badRequest("the namespace of the provided object does not match the namespace sent on the request"));
  if (verb === "update" && m.name !== name)
    return sendStatus(res, badRequest(`the name of the object (${String(m.name)}) does not match the name on the URL (${name})`));
  if (typeof m.name !== "string" || !/^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/.test(m.name))
    return sendStatus(
      res,
      failure(422, "Invalid", `${def.kind} "${String(m.name ?? "")}" is invalid: metadata.name: Invalid value`, {
        ...details(String(m.name ?? "")),
        kind: def.kind,
      }),
    );
  if (!ctx.namespaceExists(namespace))
    return sendStatus(
      res,
      failure(404, "NotFound", `namespaces "${namespace}" not found`, { name: namespace, kind: "namespaces" }),
    );
  const prev = store.get(namespace, m.name);
  const apiVersion = def.group ? `${def.group}/${def.version}` : def.version;
  if (verb === "create") {
    if (prev)
      return sendStatus(res, failure(409, "AlreadyExists", `${resourceName(def)} "${m.name}" already exists`, details(m.name)));
    const obj: KObj = {
      ...body,
      apiVersion,
      kind: def.kind,
      metadata: { ...m, namespace, uid: randomUUID(), creationTimestamp: rfc3339(ctx.now()) },
    };
    delete obj.metadata.resourceVersion;
    return sendJson(res, 201, store.materialize(store.put(obj)));
  }
  if (!prev) return sendStatus(res, notFound(def.plural, m.name, def.group));
  if (m.resourceVersion !== undefined && m.resourceVersion !== "" && m.resourceVersion !== String(prev.rv))
    return sendStatus(
      res,
      failure(
        409,
        "Conflict",
        `Operation cannot be fulfilled on ${resourceName(def)} "${m.name}": the object has been modified; please apply your changes to the latest version and try again`,
        details(m.name),
      ),
    );
  // uid and creationTimestamp belong to the server: a client's copy cannot change them.
  const obj: KObj = {
    ...body,
    apiVersion,
    kind: def.kind,
    metadata: { ...m, namespace, uid: prev.src.metadata.uid, creationTimestamp: prev.src.metadata.creationTimestamp },
  };
  delete obj.metadata.resourceVersion;
  return sendJson(res, 200, store.materialize(store.put(obj)));
}
