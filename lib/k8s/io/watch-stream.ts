import { StringDecoder } from "node:string_decoder";

import { httpError, K8sError } from "./errors";
import { Http1Error, Http1Reader } from "./http1-reader";
import { connectTo, framingError, requestText, type KeptOptions } from "./kept-connections";

// One watch over a connection of its own, read without node's HTTP client: the answer is framed by
// http1-reader.ts, its body decoded as it arrives and split at each newline, each line one event.
// Through client-node's Watch (undici's fetch, a web stream adapted to a Node stream, readline) the
// reflector spent 21.5–22.8 µs of CPU on a node Lease event, through this 14.1–16.4
// (docs/benchmark-rounds.md, round twenty-five): most of an event was the objects and stream events
// a client builds for each piece of a body, as kept-connections.ts found for Summaries. Every replica reads every node's Lease renewals, 500 a
// second at 5 000 nodes, 10 000 at 100 000. What the reflector sees is what it saw from client-node:
// `opened` once the API server has answered, events, then one `done`.

export interface WatchRequest {
  /** The collection's URL with its query (watch=true and the rest). */
  url: URL;
  tls: KeptOptions;
  headers: Record<string, string>;
  /** What is watched, in error messages ("pods"). */
  resource: string;
  /** No byte for this long ends the watch with a TimeoutError (bookmarks keep a quiet one alive). */
  idleTimeoutMs: number;
}

/** An event's type and object; a line that is not a JSON event gives type "" and object undefined. */
type WatchEventHandler = (type: string, object: unknown) => void;

type WatchDone = (err: Error | null) => void;

/** Ends a watch; nothing is delivered after it. */
export interface WatchHandle {
  abort(): void;
}

export interface WatchHandlers {
  /** The API server answered 2xx: the stream is open (called before its first event). */
  opened: () => void;
  onEvent: WatchEventHandler;
  /**
   * Called exactly once: null when the server ended the stream, else the error: a non-2xx answer
   * as the K8sError of its status and message, a connection lost before any answer as a network
   * K8sError, one cut after as "terminated", silence as a TimeoutError, `abort()` as an AbortError.
   */
  done: WatchDone;
}

/** A chunk or an error answer's body larger than this is bad data: no watch event comes near it. */
const MAX_BYTES = 64 * 1024 * 1024;
/** One event's line, unbounded by the framing: the same bound. */
const MAX_LINE_CHARS = MAX_BYTES;

const named = (name: string, message: string): Error => Object.assign(new Error(message), { name });

/**
 * Opens a watch and returns at once with its handle: nothing is delivered before the caller's
 * current task ends, so the handle is in place before the first event (an ERROR event's handler
 * aborts through it).
 */
export function openWatch(req: WatchRequest, on: WatchHandlers): WatchHandle {
  let request: string;
  try {
    request = requestText(req.url, req.headers, req.resource);
  } catch (e) {
    // said after the caller's task, as every other outcome is; nothing was sent
    setImmediate(() => on.done(e as Error));
    return { abort() {} };
  }
  const socket = connectTo(req.url, req.tls);
  let ended = false;
  let answered = false;
  const decoder = new StringDecoder("utf8");
  let carry = "";
  // One timer for the watch's life, pushed back by every piece of the answer (each event, on a
  // busy watch): refresh() re-arms it without a new timer object.
  const timer = setTimeout(() => finish(named("TimeoutError", "the watch was silent too long")), req.idleTimeoutMs).unref();
  const idle = () => void timer.refresh();
  const finish = (err: Error | null) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    socket.off("data", onData).off("end", onClose).off("close", onClose).off("error", onError);
    // whatever the socket still says once it is given up goes nowhere, and never uncaught
    socket.on("error", () => {}).destroy();
    reader.release();
    on.done(err);
  };
  const handle: WatchHandle = { abort: () => finish(named("AbortError", "the watch was aborted")) };
  const open = () => {
    if (answered) return;
    answered = true;
    on.opened();
  };
  const deliver = (line: string) => {
    let event: { type?: unknown; object?: unknown } | null;
    try {
      event = JSON.parse(line) as typeof event;
    } catch {
      event = null;
    }
    if (event === null || typeof event !== "object" || typeof event.type !== "string") on.onEvent("", undefined);
    else on.onEvent(event.type, event.object);
  };
  // The body as it arrives: every complete line is an event; the rest waits for the next piece.
  const body = (bytes: Buffer) => {
    open();
    const text = carry + decoder.write(bytes);
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1 && !ended; nl = text.indexOf("\n", start)) {
      if (nl > start) deliver(text.slice(start, nl));
      start = nl + 1;
    }
    carry = start === 0 ? text : text.slice(start);
    if (carry.length > MAX_LINE_CHARS) throw new Http1Error(`a watch line larger than ${MAX_LINE_CHARS} characters`, true);
  };
  const reader = new Http1Reader(MAX_BYTES, body);
  const ok = () => reader.status >= 200 && reader.status < 300;
  const onData = (chunk: Buffer) => {
    idle();
    try {
      const complete = reader.push(chunk);
      if (ok()) open();
      if (complete) end();
    } catch (e) {
      finish(e instanceof Http1Error ? framingError(e, `the ${req.resource} watch`, req.resource) : (e as Error));
    }
  };
  // The answer is complete: a stream the server ended, or an error answer read whole.
  const end = () => {
    if (ok()) {
      const rest = carry + decoder.end();
      carry = "";
      if (rest.length > 0 && !ended) deliver(rest);
      return finish(null);
    }
    const text = reader.text();
    reader.release();
    finish(httpError(reader.status, req.resource, text));
  };
  // Lost before any byte of an answer: the API server could not be reached; after: the stream was cut.
  const lost = (code: string) =>
    reader.started
      ? new Error("terminated: the watch stream was cut")
      : new K8sError(`network error ${code}`, 0, req.resource, "network");
  const onClose = () => {
    if (ended) return;
    if (reader.end()) return end();
    finish(lost("ECONNRESET"));
  };
  const onError = (e: NodeJS.ErrnoException) => finish(lost(e.code ?? e.message));
  socket.on("data", onData).on("end", onClose).on("close", onClose).on("error", onError);
  socket.write(request, "latin1");
  return handle;
}
