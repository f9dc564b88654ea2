import { describe, expect, it } from "vitest";

import { readBody } from "./read-body";

function streamed(chunks: number, size: number): Request {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (i++ < chunks) c.enqueue(new Uint8Array(size).fill(97));
      else c.close();
    },
  });
  return new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readBody", () => {
  it("reads a body under the cap", async () => {
    expect(await readBody(new Request("http://x/", { method: "POST", body: "hello" }), 10)).toEqual({ ok: true, text: "hello" });
  });
  it("refuses a declared length over the cap before reading", async () => {
    const r = new Request("http://x/", { method: "POST", body: "x", headers: { "content-length": "999999" } });
    expect(await readBody(r, 10)).toMatchObject({ ok: false, status: 413 });
  });
  it("stops a chunked body without Content-Length at the cap", async () => {
    expect(await readBody(streamed(1000, 1024), 8 * 1024)).toMatchObject({
      ok: false,
      status: 413,
      error: "body: larger than 8192 bytes",
    });
    expect(await readBody(streamed(8, 1024), 8 * 1024)).toMatchObject({ ok: true });
  });
});
