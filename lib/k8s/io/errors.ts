// Typed errors for Kubernetes and kubelet I/O, and the redaction every message goes through before
// it reaches a log line or the browser: no bearer token, no URL, no IP address.

/** An HTTP-level failure from the API server or a kubelet. */
export class K8sError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly resource: string,
    readonly kind: "http" | "timeout" | "network" | "bad-data" = "http",
  ) {
    super(message);
    this.name = "K8sError";
  }
}

/**
 * A failure that decides the HTTP status Headroom's own routes answer with (503 while no cluster is
 * configured, 400 for a context switch the kubeconfig cannot make). Routes map `status` as is;
 * any other error is a 500.
 */
export class HttpStatusError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "HttpStatusError";
  }
}

/** A context the kubeconfig does not have (a 400 when a request asked for it, a 500 at start-up). */
export class UnknownContextError extends Error {
  override name = "UnknownContextError";
}

const TOKEN = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const URL_RE = /\bhttps?:\/\/[^\s"')]+/gi;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g;
// Compressed ("fe80::1") or full (8 groups) IPv6, optionally bracketed with a port; not "10:30:00".
const IPV6 =
  /\[?(?:\b(?:[0-9a-f]{1,4}:){1,6}|::)(?::[0-9a-f]{1,4}){1,6}\b\]?(?::\d+)?|\[?\b(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}\b\]?(?::\d+)?/gi;
const LONG_SECRET = /\b[A-Za-z0-9_-]{32,}\b/g;

/** Removes tokens, URLs and addresses from a message and keeps it to one short line. */
export function redact(message: string): string {
  return message
    .replace(TOKEN, "$1 <redacted>")
    .replace(JWT, "<redacted>")
    .replace(URL_RE, "<url>")
    .replace(IPV4, "<addr>")
    .replace(IPV6, "<addr>")
    .replace(LONG_SECRET, "<redacted>")
    .replace(/\s*\n\s*/g, " ")
    .slice(0, 300);
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  410: "Gone",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** Builds the K8sError for a non-2xx answer; the first line of the body says why. */
export function httpError(status: number, resource: string, body: string): K8sError {
  let detail = body.trim();
  try {
    const parsed = JSON.parse(detail) as { message?: unknown };
    if (typeof parsed.message === "string") detail = parsed.message;
  } catch {
    // kubelets answer plain text
  }
  const head = `${status} ${REASONS[status] ?? "Error"}`;
  return new K8sError(detail ? `${head}: ${redact(detail).slice(0, 200)}` : head, status, resource);
}

/** A one-line, redacted cause for the UI: "403 Forbidden: …", "timeout after 5s", "bad data: …". */
export function describeError(e: unknown): string {
  if (e instanceof K8sError) return redact(e.message);
  const err = e as { name?: string; code?: string; message?: string };
  if (err?.name === "TimeoutError" || err?.code === "ETIMEDOUT") return "timeout";
  if (err?.code && typeof err.code === "string") return redact(`network error ${err.code}`);
  return redact(err?.message ?? String(e));
}

/** The HTTP status to put on a collection error (0 when there is none, e.g. a timeout). */
export function statusOf(e: unknown): number {
  return e instanceof K8sError ? e.status : 0;
}
