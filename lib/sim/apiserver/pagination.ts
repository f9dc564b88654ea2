// limit/continue the way the API server encodes it (storage/continue.go): the token is
// RawURL-base64 JSON {v, rv, start} where start is the last key plus "\0". A continuation reuses
// the first page's resourceVersion in the list metadata so clients see one consistent version.

export interface ContinueToken {
  rv: number;
  afterKey: string;
}

/** Encodes the continue token for a page that ended at `lastKey`. */
export function encodeContinue(rv: number, lastKey: string): string {
  const json = JSON.stringify({ v: "meta.k8s.io/v1", rv, start: `${lastKey}\u0000` });
  return Buffer.from(json).toString("base64url");
}

/** Decodes a continue token; returns undefined when it is malformed. */
export function decodeContinue(token: string): ContinueToken | undefined {
  try {
    const o = JSON.parse(Buffer.from(token, "base64url").toString()) as { v?: string; rv?: number; start?: string };
    if (o.v !== "meta.k8s.io/v1" || typeof o.rv !== "number" || typeof o.start !== "string") return undefined;
    return { rv: o.rv, afterKey: o.start.endsWith("\u0000") ? o.start.slice(0, -1) : o.start };
  } catch {
    return undefined;
  }
}

/** Parses the `limit` query parameter; 0 or absent means unlimited. */
export function parseLimit(v: string | null): number {
  const n = v ? Number.parseInt(v, 10) : 0;
  return Number.isFinite(n) && n > 0 ? n : 0;
}
