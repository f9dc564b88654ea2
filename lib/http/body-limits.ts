// The only requests that carry a body, and how large it may be. The front door (front-door.ts)
// refuses any other body and any declared size past the cap before a byte is read; the route
// counts the bytes again as they stream (read-body.ts), for chunked uploads that declare nothing.

import { MAX_DOCUMENT_BYTES } from "@/lib/contract/document";

export const BODY_LIMITS: Readonly<Record<string, number>> = {
  "/api/analyze": MAX_DOCUMENT_BYTES,
  "/api/login": 16 * 1024,
  "/api/context": 4 * 1024,
};

export interface BodyRefusal {
  status: 400 | 413;
  error: string;
}

/** Refuses a body the path does not take, or one that declares more than the path's cap. */
export function bodyProblem(
  method: string,
  path: string,
  headers: { "content-length"?: string; "transfer-encoding"?: string },
): BodyRefusal | null {
  const declared = headers["content-length"];
  const hasBody = headers["transfer-encoding"] !== undefined || (declared !== undefined && declared !== "0");
  if (!hasBody) return null;
  const cap = method === "POST" ? BODY_LIMITS[path] : undefined;
  if (cap === undefined) return { status: 413, error: `body: ${method} ${path.slice(0, 100)} takes no body` };
  if (declared !== undefined && !/^\d+$/.test(declared)) return { status: 400, error: "body: bad Content-Length" };
  if (declared !== undefined && Number(declared) > cap) return { status: 413, error: `body: larger than ${cap} bytes` };
  return null;
}
