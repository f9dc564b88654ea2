// GET of one object and LIST with selectors and limit/continue. Large lists are streamed item by
// item, so `kubectl get pods -A` on 150 000 pods never builds one giant string.
import type { ServerResponse } from "node:http";

import { sendJson, sendStatus } from "./http-util";
import { decodeContinue, encodeContinue, parseLimit } from "./pagination";
import type { ResourceDef } from "./resources";
import { parseFieldSelector, parseLabelSelector, SelectorError } from "./selectors";
import { badRequest, expired, notFound } from "./status";
import type { Entry, KObj } from "./store";
import { toTable } from "./tables";

export interface ListQuery {
  namespace: string | undefined;
  params: URLSearchParams;
  table: boolean;
  now: number;
}

/** Builds a predicate over entries from labelSelector and fieldSelector; throws SelectorError. */
export function entryFilter(
  def: ResourceDef,
  params: URLSearchParams,
): (labels: Record<string, string> | undefined, fields: Record<string, string>) => boolean {
  const lm = parseLabelSelector(params.get("labelSelector"));
  let fsel = params.get("fieldSelector");
  if (fsel && def.fieldAlias) {
    // Rewrite the aliased field names before parsing, then check support against this API's names.
    parseFieldSelector(fsel, def.fields);
    fsel = fsel.replace(/(^|,)([^=!,]+)(?=!?=)/g, (_, p: string, k: string) => `${p}${def.fieldAlias!(k.trim())}`);
  }
  const fm = parseFieldSelector(fsel, def.fieldAlias ? def.fields.map(def.fieldAlias) : def.fields);
  return (labels, fields) => lm(labels) && fm(fields);
}

/** Materializes an entry as this API version serves it. */
function wire(def: ResourceDef, e: Entry): KObj {
  const o = def.store.materialize(e);
  return def.convert ? def.convert(o) : o;
}

/** Serves GET of a single object (JSON or Table). */
export function getOne(def: ResourceDef, res: ServerResponse, namespace: string, name: string, q: ListQuery): void {
  const e = def.store.get(namespace, name);
  if (!e) return sendStatus(res, notFound(def.plural, name, def.group));
  const obj = wire(def, e);
  if (q.table)
    return sendJson(
      res,
      200,
      toTable(def.kind, [obj], q.now, q.params.get("includeObject"), { resourceVersion: obj.metadata.resourceVersion }),
      TABLE_TYPE,
    );
  sendJson(res, 200, obj);
}

export const TABLE_TYPE = "application/json;as=Table;v=v1;g=meta.k8s.io";

/** Serves LIST: selectors, limit/continue with a consistent resourceVersion, JSON or Table. */
export function listAll(def: ResourceDef, res: ServerResponse, q: ListQuery): void {
  let match;
  try {
    match = entryFilter(def, q.params);
  } catch (err) {
    if (err instanceof SelectorError) return sendStatus(res, badRequest(err.message));
    throw err;
  }
  const limit = parseLimit(q.params.get("limit"));
  const token = q.params.get("continue");
  let afterKey = "";
  let rv = def.store.revision;
  if (token) {
    const c = decodeContinue(token);
    if (!c) return sendStatus(res, badRequest("continue key is not valid: illegal base64 data"));
    if (c.rv < def.store.windowStart) {
      return sendStatus(
        res,
        expired(
          "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.",
        ),
      );
    }
    afterKey = c.afterKey;
    rv = c.rv;
  }
  const selective = !!(q.params.get("labelSelector") || q.params.get("fieldSelector"));
  const picked: Entry[] = [];
  let more = false;
  for (const e of def.store.scan(q.namespace, afterKey)) {
    if (!match(e.labels, e.fields)) continue;
    if (limit && picked.length >= limit) {
      more = true;
      break;
    }
    picked.push(e);
  }
  const meta: Record<string, unknown> = { resourceVersion: String(rv) };
  if (more) {
    const last = picked[picked.length - 1]!.key;
    meta.continue = encodeContinue(rv, last);
    // Like the API server, only an unfiltered list says how many items remain.
    if (!selective) meta.remainingItemCount = def.store.countAfter(q.namespace, last);
  }
  streamList(def, res, picked, meta, q);
}

function streamList(def: ResourceDef, res: ServerResponse, picked: Entry[], meta: object, q: ListQuery): void {
  res.writeHead(200, { "Content-Type": q.table ? TABLE_TYPE : "application/json", "Cache-Control": "no-cache, private" });
  const apiVersion = def.group ? `${def.group}/${def.version}` : def.version;
  if (q.table) {
    const head = toTable(def.kind, [], q.now, null, meta) as { rows: unknown[] };
    const text = JSON.stringify(head);
    res.write(text.slice(0, text.lastIndexOf("[]")) + "[");
  } else {
    res.write(`{"kind":"${def.kind}List","apiVersion":"${apiVersion}","metadata":${JSON.stringify(meta)},"items":[`);
  }
  const includeObject = q.params.get("includeObject");
  let buf = "";
  picked.forEach((e, i) => {
    const obj = wire(def, e);
    const item = q.table ? (toTable(def.kind, [obj], q.now, includeObject, {}) as { rows: unknown[] }).rows[0] : obj;
    buf += (i ? "," : "") + JSON.stringify(item);
    if (buf.length > 1 << 16) {
      res.write(Buffer.from(buf));
      buf = "";
    }
  });
  res.end(Buffer.from(buf + "]}"));
}
