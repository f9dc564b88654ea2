// Pure: reads one HTTP/1.1 answer from a connection's bytes, as RFC 9112 frames it (a status line,
// header fields, then a body delimited by Content-Length, by chunked transfer coding, or by the
// connection's close), into a reused body buffer. kept-connections.ts feeds it. Only what a GET's
// answer needs: no upgrades, no pipelining (bytes after the answer end the connection's reuse).
// Anything it cannot frame is an Http1Error: the caller drops the connection and reports bad data.
import { BodyBuffer } from "./body-buffer";

/** An answer that is not well-framed HTTP/1.x, or one larger than allowed (`tooLarge`). */
export class Http1Error extends Error {
  override name = "Http1Error";
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

const MAX_HEAD_BYTES = 64 * 1024;
const MAX_LINE_BYTES = 4 * 1024;
const CRLF_CRLF = Buffer.from("\r\n\r\n");
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: [^\r\n]*)?$/;
const FIELD = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

type State = "head" | "length" | "chunk-size" | "chunk-data" | "chunk-end" | "trailer" | "close" | "done";

export class Http1Reader {
  /** The answer's status code, once its head is read. */
  status = 0;
  /** Whether the connection may carry another request once this answer is done. */
  reusable = true;
  /** Whether any byte of an answer has arrived (a kept connection closed before that may be retried). */
  started = false;
  private body: BodyBuffer | null = null;
  private state: State = "head";
  private pending: Buffer | null = null;
  private remaining = 0;
  /** This answer's body goes to `stream` (a 2xx answer, with `stream` given). */
  private streaming = false;

  /**
   * `maxBytes` bounds the body, or with `stream` each chunk of it. `stream`: a 2xx answer's body
   * goes to it as it arrives, piece by piece (views of the connection's bytes: copy or decode them
   * at once), instead of into the body buffer; a watch's body never ends. Other answers are kept
   * whole, for their error message.
   */
  constructor(
    private readonly maxBytes: number,
    private readonly stream?: (bytes: Buffer) => void,
  ) {}

  /** Reads the next bytes of the connection; true once the answer is complete. */
  push(chunk: Buffer): boolean {
    if (chunk.length) this.started = true;
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    let at = 0;
    while (at < data.length) {
      if (this.state === "done") {
        // bytes after the answer: nothing was asked for them, so the connection is not reused
        this.reusable = false;
        return true;
      }
      const used = this.step(data, at);
      if (used < 0) {
        // a line or head that continues in the next chunk
        this.pending = data.subarray(at);
        if (this.pending.length > (this.state === "head" ? MAX_HEAD_BYTES : MAX_LINE_BYTES))
          throw new Http1Error(this.state === "head" ? "answer head too large" : "chunk line too long");
        return false;
      }
      at = used;
    }
    return this.state === "done";
  }

  /** The connection ended; true if that completes the answer (a body delimited by the close). */
  end(): boolean {
    if (this.state === "close") {
      this.state = "done";
      return true;
    }
    return this.state === "done";
  }

  /** The body as text (UTF-8). */
  text(): string {
    return this.body?.text() ?? "";
  }

  /** Hands the body's buffer back for the next answer (`text()` must not be called after this). */
  release(): void {
    this.body?.release();
    this.body = null;
  }

  /** Reads from `at`; returns where it stopped, or -1 when the rest is an incomplete line or head. */
  private step(data: Buffer, at: number): number {
    switch (this.state) {
      case "head": {
        const end = data.indexOf(CRLF_CRLF, at);
        if (end < 0) return -1;
        this.readHead(data.toString("latin1", at, end));
        return end + 4;
      }
      case "length":
      case "chunk-data": {
        const n = Math.min(this.remaining, data.length - at);
        this.take(data.subarray(at, at + n));
        this.remaining -= n;
        if (this.remaining === 0) this.state = this.state === "length" ? "done" : "chunk-end";
        return at + n;
      }
      case "close":
        this.take(data.subarray(at));
        return data.length;
      case "chunk-end": {
        if (data.length - at < 2) return -1;
        if (data[at] !== 13 || data[at + 1] !== 10) throw new Http1Error("chunk not followed by CRLF");
        this.state = "chunk-size";
        return at + 2;
      }
      case "chunk-size":
      case "trailer": {
        const eol = data.indexOf("\r\n", at, "latin1");
        if (eol < 0) return -1;
        if (eol - at > MAX_LINE_BYTES) throw new Http1Error("chunk line too long");
        const line = data.toString("latin1", at, eol);
        if (this.state === "trailer") {
          if (line === "") this.state = "done";
        } else this.chunkSize(line);
        return eol + 2;
      }
      case "done":
        return data.length;
    }
  }

  private chunkSize(line: string): void {
    const m = /^([0-9A-Fa-f]{1,8})(?:[ \t]*;.*)?$/.exec(line);
    if (!m) throw new Http1Error("bad chunk size");
    const size = parseInt(m[1]!, 16);
    if (size === 0) this.state = "trailer";
    else {
      this.fits(size);
      this.remaining = size;
      this.state = "chunk-data";
    }
  }

  private readHead(head: string): void {
    const lines = head.split("\r\n");
    const status = STATUS_LINE.exec(lines[0]!);
    if (!status) throw new Http1Error("not an HTTP/1.x answer");
    const code = Number(status[2]);
    let length: string | undefined;
    let coding: string | undefined;
    let close = status[1] === "0";
    for (const line of lines.slice(1)) {
      const f = FIELD.exec(line);
      // obsolete line folding (a line that starts with white space) included: RFC 9112 lets a client reject it
      if (!f) throw new Http1Error("bad header field");
      const name = f[1]!.toLowerCase();
      const value = f[2]!;
      if (name === "content-length") {
        if (length !== undefined && length !== value) throw new Http1Error("conflicting Content-Length");
        length = value;
      } else if (name === "transfer-encoding") coding = coding === undefined ? value : `${coding}, ${value}`;
      else if (name === "connection" && value.split(",").some((t) => t.trim().toLowerCase() === "close")) close = true;
    }
    // 1xx: an interim answer; the final one follows on the same connection
    if (code >= 100 && code < 200) {
      if (code === 101) throw new Http1Error("unexpected protocol switch");
      return;
    }
    // a length is checked only where it frames the body: not on a 204 or 304, nor under Transfer-Encoding
    const valid = length !== undefined && /^\d{1,15}$/.test(length);
    const declared = valid ? Number(length) : undefined;
    this.status = code;
    if (close) this.reusable = false;
    // the declared length picks a reused buffer that fits; a chunked body grows its own
    this.streaming = this.stream !== undefined && code >= 200 && code < 300;
    this.body = this.streaming ? null : new BodyBuffer(Math.min(declared ?? 0, this.maxBytes));
    if (code === 204 || code === 304) return void (this.state = "done");
    if (coding !== undefined) {
      // Transfer-Encoding overrides Content-Length (RFC 9112 §6.3); anything but a final "chunked" runs to the close
      const codings = coding.split(",").map((c) => c.trim().toLowerCase());
      if (length !== undefined) this.reusable = false;
      if (codings[codings.length - 1] === "chunked") return void (this.state = "chunk-size");
      this.reusable = false;
      return void (this.state = "close");
    }
    if (length !== undefined && !valid) throw new Http1Error("bad Content-Length");
    if (declared !== undefined) {
      this.fits(declared);
      this.remaining = declared;
      this.state = declared === 0 ? "done" : "length";
      return;
    }
    this.reusable = false;
    this.state = "close";
  }

  private fits(n: number): void {
    if ((this.body?.length ?? 0) + n > this.maxBytes) throw new Http1Error(`larger than ${this.maxBytes} bytes`, true);
  }

  private take(bytes: Buffer): void {
    if (this.streaming) return this.stream!(bytes);
    this.fits(bytes.length);
    this.body!.push(bytes);
  }
}
