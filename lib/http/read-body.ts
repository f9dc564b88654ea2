// Reads a request body with a hard cap, whatever Content-Length says (or whether it is sent at
// all): chunked uploads are counted as they stream and the read stops at the cap, so a client
// cannot make the server buffer more than `max` bytes.

export type BodyResult = { ok: true; text: string } | { ok: false; status: 400 | 413; error: string };
export type BodyBytes = { ok: true; bytes: Buffer } | { ok: false; status: 400 | 413; error: string };

/** Reads the body as UTF-8 text, refusing (413) past `max` bytes. */
export async function readBody(request: Request, max: number): Promise<BodyResult> {
  const r = await readBodyBytes(request, max);
  return r.ok ? { ok: true, text: r.bytes.toString("utf8") } : r;
}

/** Reads the body's bytes, refusing (413) past `max` bytes. */
export async function readBodyBytes(request: Request, max: number): Promise<BodyBytes> {
  const tooLarge = { ok: false, status: 413, error: `body: larger than ${max} bytes` } as const;
  const declared = request.headers.get("content-length");
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > max)) {
    return /^\d+$/.test(declared) ? tooLarge : { ok: false, status: 400, error: "body: bad Content-Length" };
  }
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return tooLarge;
    }
    chunks.push(value);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}
