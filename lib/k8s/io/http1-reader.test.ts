import { describe, expect, it } from "vitest";

import { Http1Error, Http1Reader } from "./http1-reader";

const MAX = 1024 * 1024;

/** Feeds `text` in pieces of `size` bytes (every split point a chunk can fall on); returns the reader once done. */
function read(text: string | Buffer, size = Infinity, max = MAX): { reader: Http1Reader; done: boolean } {
  const bytes = typeof text === "string" ? Buffer.from(text, "latin1") : text;
  const reader = new Http1Reader(max);
  let done = false;
  for (let at = 0; at < bytes.length && !done; at += size)
    done = reader.push(bytes.subarray(at, Math.min(bytes.length, at + size)));
  return { reader, done };
}

const BODY = JSON.stringify({ node: { nodeName: "n1" }, pods: Array.from({ length: 40 }, (_, i) => ({ name: `p${i}` })) });
const withLength = `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY}`;
const chunked = (parts: string[], trailer = "") =>
  `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${parts.map((p) => `${p.length.toString(16)}\r\n${p}\r\n`).join("")}0\r\n${trailer}\r\n`;

describe("Http1Reader", () => {
  it.each([1, 2, 3, 7, 64, Infinity])("reads a Content-Length answer split every %s bytes", (size) => {
    const { reader, done } = read(withLength, size);
    expect(done).toBe(true);
    expect(reader.status).toBe(200);
    expect(reader.reusable).toBe(true);
    expect(reader.text()).toBe(BODY);
  });

  it.each([1, 2, 5, 13, Infinity])("reads a chunked answer, with extensions and trailers, split every %s bytes", (size) => {
    const parts = [BODY.slice(0, 100), BODY.slice(100, 101), BODY.slice(101)];
    const text = chunked(parts, "X-Trailer: yes\r\n").replace(/^(\w+)\r\n/m, "$1;name=value\r\n");
    const { reader, done } = read(text, size);
    expect(done).toBe(true);
    expect(reader.text()).toBe(BODY);
    expect(reader.reusable).toBe(true);
  });

  it("skips interim 1xx answers and reads the final one", () => {
    const { reader, done } = read(`HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n${withLength}`, 5);
    expect(done).toBe(true);
    expect(reader.status).toBe(200);
    expect(reader.text()).toBe(BODY);
  });

  it("reads a body that runs to the close, and keeps that connection from reuse", () => {
    const { reader, done } = read(`HTTP/1.1 200 OK\r\n\r\n${BODY}`);
    expect(done).toBe(false);
    expect(reader.end()).toBe(true);
    expect(reader.text()).toBe(BODY);
    expect(reader.reusable).toBe(false);
  });

  it("does not reuse a connection the answer closes, an HTTP/1.0 one, or one with bytes after the answer", () => {
    expect(read(withLength.replace("OK\r\n", "OK\r\nConnection: keep-alive, close\r\n")).reader.reusable).toBe(false);
    expect(read(withLength.replace("HTTP/1.1", "HTTP/1.0")).reader.reusable).toBe(false);
    const extra = read(`${withLength}HTTP/1.1 200 OK\r\n`);
    expect(extra.done).toBe(true);
    expect(extra.reader.reusable).toBe(false);
  });

  it("lets Transfer-Encoding win over Content-Length, and then closes the connection", () => {
    const text = chunked([BODY]).replace("Transfer-Encoding", "Content-Length: 3\r\nTransfer-Encoding");
    const { reader, done } = read(text);
    expect(done).toBe(true);
    expect(reader.text()).toBe(BODY);
    expect(reader.reusable).toBe(false);
  });

  it("ends a 204 or a Content-Length: 0 answer at its head; a cut-short body is not complete", () => {
    expect(read("HTTP/1.1 204 No Content\r\n\r\n").done).toBe(true);
    expect(read("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n").reader.status).toBe(404);
    const cut = read(withLength.slice(0, -10));
    expect(cut.done).toBe(false);
    expect(cut.reader.end()).toBe(false);
    const cutChunked = read(chunked([BODY]).slice(0, -5));
    expect(cutChunked.reader.end()).toBe(false);
  });

  it.each([
    ["a status line that is not HTTP/1.x", "HTTP/2 200\r\n\r\n", "not an HTTP/1.x answer"],
    ["a field without a colon", "HTTP/1.1 200 OK\r\nbroken\r\n\r\n", "bad header field"],
    ["a folded field", "HTTP/1.1 200 OK\r\nA: b\r\n c\r\n\r\n", "bad header field"],
    ["two different lengths", "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", "conflicting Content-Length"],
    ["a length that is not a number", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "bad Content-Length"],
    ["a chunk size that is not hex", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "bad chunk size"],
    ["a chunk without its CRLF", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabXY", "chunk not followed by CRLF"],
    ["a protocol switch", "HTTP/1.1 101 Switching Protocols\r\n\r\n", "unexpected protocol switch"],
  ])("rejects %s", (_what, text, message) => {
    expect(() => read(text, 3)).toThrow(new Http1Error(message));
  });

  it("rejects a head or a chunk line that never ends, without holding it", () => {
    expect(() => read(`HTTP/1.1 200 OK\r\nA: ${"x".repeat(70 * 1024)}`, 4096)).toThrow("answer head too large");
    expect(() => read(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;${"x".repeat(8 * 1024)}`, 1024)).toThrow(
      "chunk line too long",
    );
  });

  it("stops at the size cap, declared or chunked, before reading past it", () => {
    const declared = () => read(`HTTP/1.1 200 OK\r\nContent-Length: ${2 * MAX}\r\n\r\n`);
    expect(declared).toThrow(new Http1Error(`larger than ${MAX} bytes`, true));
    try {
      declared();
    } catch (e) {
      expect((e as Http1Error).tooLarge).toBe(true);
    }
    const big = "x".repeat(600 * 1024);
    expect(() => read(chunked([big, big]), 64 * 1024)).toThrow(`larger than ${MAX} bytes`);
    expect(() => read(`HTTP/1.1 200 OK\r\n\r\n${big}${big}`, 64 * 1024)).toThrow(`larger than ${MAX} bytes`);
  });

  it.each([1, 3, 64, Infinity])(
    "streams a 2xx body as it arrives, split every %s bytes, and keeps an error answer whole",
    (size) => {
      const parts = [BODY.slice(0, 100), BODY.slice(100, 101), BODY.slice(101)];
      const streamed = (text: string) => {
        const pieces: Buffer[] = [];
        // the pieces are views of the pushed bytes: copied at once, as a caller decodes them at once
        const reader = new Http1Reader(MAX, (b) => pieces.push(Buffer.from(b)));
        const bytes = Buffer.from(text, "latin1");
        let done = false;
        for (let at = 0; at < bytes.length && !done; at += size)
          done = reader.push(bytes.subarray(at, Math.min(bytes.length, at + size)));
        return { reader, done, body: Buffer.concat(pieces).toString("latin1") };
      };
      const ok = streamed(chunked(parts));
      expect(ok.done).toBe(true);
      expect(ok.body).toBe(BODY);
      expect(ok.reader.text()).toBe("");
      const denied = streamed(`HTTP/1.1 403 Forbidden\r\nContent-Length: 9\r\n\r\nforbidden`);
      expect(denied.done).toBe(true);
      expect(denied.body).toBe("");
      expect(denied.reader.text()).toBe("forbidden");
      // a streamed body is bounded per chunk, not in all
      const big = "x".repeat(600 * 1024);
      expect(streamed(chunked([big, big])).body.length).toBe(2 * big.length);
      expect(() => streamed(chunked(["x".repeat(MAX + 1)]))).toThrow(`larger than ${MAX} bytes`);
    },
  );

  it("says whether any byte of an answer arrived", () => {
    const r = new Http1Reader(MAX);
    expect(r.started).toBe(false);
    r.push(Buffer.from("HTTP/1.1 2"));
    expect(r.started).toBe(true);
  });
});
