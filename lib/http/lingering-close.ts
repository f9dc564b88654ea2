import type { Socket } from "node:net";

// A refused upload is answered before its body is read, with "Connection: close". Node then ends
// the socket and destroys it as soon as the answer is written, with the body's bytes still in the
// kernel's receive buffer or still on their way; closing a socket with unread data makes the
// kernel send a reset, and a reset makes the client's kernel drop the answer it had not yet read.
// A client still writing its upload (a browser, curl) then sees "connection reset" instead of our
// 401 or 413. So, as nginx's lingering_close does: send the answer and the FIN, keep reading and
// dropping what the client still sends, and close once it closes its side or a bound is reached.

/** How long a refused upload's connection keeps reading after the answer (nginx: lingering_time). */
const LINGER_MS = 2_000;
/** How much it reads at most in that time before closing anyway. */
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Makes the HTTP server's close of this socket (its destroySoon, called once a "Connection: close"
 * answer is written) a lingering close. Reading stays bounded by `ms` and `maxBytes`.
 */
export function lingerOnClose(socket: Socket, ms = LINGER_MS, maxBytes = LINGER_BYTES): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed) return;
    let read = 0;
    const close = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, ms);
    timer.unref();
    // Node's HTTP parser may read the socket itself (no "data" events); it drops a finished
    // request's body too, so only the time bound applies then.
    this.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) close();
    });
    this.once("end", close);
    this.once("close", () => clearTimeout(timer));
    this.end();
    this.resume();
  };
}
