// Small response helpers shared by the API server and the kubelets.
import type { ServerResponse } from "node:http";

import type { StatusBody } from "./status";

/** Writes a JSON body with the API server's content type. */
export function sendJson(res: ServerResponse, code: number, body: unknown, contentType = "application/json"): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(code, { "Content-Type": contentType, "Content-Length": bytes.length, "Cache-Control": "no-cache, private" });
  res.end(bytes);
}

/** Writes a metav1.Status with its own code. */
export function sendStatus(res: ServerResponse, s: StatusBody, headers: Record<string, string> = {}): void {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  sendJson(res, s.code, s);
}

/** Writes plain text, as the kubelet does for errors and /healthz. */
export function sendText(res: ServerResponse, code: number, text: string): void {
  res.writeHead(code, {
    "Content-Type": "text/plain; charset=utf-8",
    "X-Content-Type-Options": "nosniff",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

export interface ApiPath {
  group: string;
  version: string;
  namespace: string | undefined;
  plural: string;
  name: string | undefined;
  sub: string | undefined;
  /** Decoded remainder after the subresource (the proxied path), "" when none. */
  rest: string;
}

/**
 * Parses a resource URL. Segments are split before decoding, so `proxy/stats%2Fsummary` (what
 * client-node's connect*Proxy sends) and `proxy/stats/summary` give the same `rest`.
 */
export function parseApiPath(rawPath: string): ApiPath | undefined {
  const seg = rawPath.split("/").slice(1);
  let group: string;
  let version: string;
  let i: number;
  if (seg[0] === "api" && seg[1]) [group, version, i] = ["", seg[1], 2];
  else if (seg[0] === "apis" && seg[1] && seg[2]) [group, version, i] = [seg[1], seg[2], 3];
  else return undefined;
  const dec = (s: string | undefined) => (s === undefined || s === "" ? undefined : decodeURIComponent(s));
  let namespace: string | undefined;
  if (seg[i] === "namespaces" && seg[i + 1] && seg[i + 2]) {
    namespace = dec(seg[i + 1]);
    i += 2;
  }
  const plural = dec(seg[i]);
  if (!plural) return undefined;
  const rest = seg
    .slice(i + 3)
    .map((s) => decodeURIComponent(s))
    .join("/");
  return { group, version, namespace, plural, name: dec(seg[i + 1]), sub: dec(seg[i + 2]), rest: rest.replace(/^\/+/, "") };
}
