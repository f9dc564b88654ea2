// ?watch=1: a chunked stream of {"type","object"} lines. A version inside the window replays what
// followed it; an older one gets an ERROR event carrying a 410 Expired Status (HTTP stays 200, as
// on a real API server). No version (or "0") starts with synthetic ADDED events for current
// objects. Objects that stop matching a selector arrive as DELETED.
import type { ServerResponse } from "node:http";

import type { Faults } from "../state/faults";
import { sendStatus } from "./http-util";
import { entryFilter, TABLE_TYPE, type ListQuery } from "./list";
import type { ResourceDef } from "./resources";
import { SelectorError } from "./selectors";
import { badRequest, expired } from "./status";
import type { KObj, StoredEvent } from "./store";
import { toTable } from "./tables";

export interface WatchOptions {
  faults: Faults;
  /** Wall-clock ms between BOOKMARKs when the client allows them. */
  bookmarkEveryMs: number;
  now: () => number;
}

/** Serves a watch request until the client leaves, the timeout passes or a fault drops it. */
export function serveWatch(def: ResourceDef, res: ServerResponse, q: ListQuery, opts: WatchOptions): void {
  let match: ReturnType<typeof entryFilter>;
  try {
    match = entryFilter(def, q.params);
  } catch (err) {
    if (err instanceof SelectorError) return sendStatus(res, badRequest(err.message));
    throw err;
  }
  const rvParam = q.params.get("resourceVersion") ?? "";
  res.writeHead(200, {
    "Content-Type": q.table ? TABLE_TYPE : "application/json",
    "Cache-Control": "no-cache, private",
    "Transfer-Encoding": "chunked",
  });
  res.flushHeaders();
  let sentColumns = false;
  const includeObject = q.params.get("includeObject");
  const send = (type: string, obj: KObj) => {
    let o: unknown = def.convert && type !== "ERROR" && type !== "BOOKMARK" ? def.convert(obj) : obj;
    if (q.table && type !== "ERROR" && type !== "BOOKMARK") {
      o = toTable(
        def.kind,
        [o as KObj],
        opts.now(),
        includeObject,
        { resourceVersion: obj.metadata.resourceVersion },
        !sentColumns,
      );
      sentColumns = true;
    }
    res.write(`${JSON.stringify({ type, object: o })}\n`);
  };
  const inNs = (ns: string) => q.namespace === undefined || ns === q.namespace;
  const deliver = (ev: StoredEvent) => {
    if (!inNs(ev.namespace)) return;
    const now = match(ev.labels, ev.fields);
    const before = ev.prev ? match(ev.prev.labels, ev.prev.fields) : ev.type !== "ADDED";
    if (ev.type === "MODIFIED") {
      if (now && before) send("MODIFIED", ev.obj);
      else if (now) send("ADDED", ev.obj);
      else if (before) send("DELETED", ev.obj);
    } else if (now) send(ev.type, ev.obj);
  };

  let from: number;
  if (rvParam === "" || rvParam === "0") {
    from = def.store.revision;
    for (const e of def.store.scan(q.namespace)) if (match(e.labels, e.fields)) send("ADDED", def.store.materialize(e));
  } else {
    from = Number.parseInt(rvParam, 10);
    if (!Number.isFinite(from)) {
      res.end();
      return;
    }
  }
  const sub = def.store.watch(from, deliver);
  if (sub === "gone") {
    const st = expired(`too old resource version: ${from} (${def.store.windowStart})`);
    res.end(`${JSON.stringify({ type: "ERROR", object: st })}\n`);
    return;
  }
  for (const ev of sub.replay) deliver(ev);

  const bookmarks = q.params.get("allowWatchBookmarks") === "true" || q.params.get("allowWatchBookmarks") === "1";
  const apiVersion = def.group ? `${def.group}/${def.version}` : def.version;
  const timer = bookmarks
    ? setInterval(
        () =>
          send("BOOKMARK", {
            kind: def.kind,
            apiVersion,
            metadata: { name: "", resourceVersion: String(def.store.revision), creationTimestamp: null } as never,
          }),
        opts.bookmarkEveryMs,
      )
    : undefined;
  const timeoutS = Number.parseInt(q.params.get("timeoutSeconds") ?? "1800", 10);
  const deadline = setTimeout(() => res.end(), Math.max(1, timeoutS) * 1000);
  const unDrop = opts.faults.onDrop(() => res.socket?.destroy());
  const cleanup = () => {
    sub.stop();
    if (timer) clearInterval(timer);
    clearTimeout(deadline);
    unDrop();
  };
  res.on("close", cleanup);
}
