// The CLI's input, with the same cap as the HTTP route's body (MAX_DOCUMENT_BYTES): a file or
// standard input past it is refused (exit 2) after reading at most one byte more, never buffered
// whole and never analysed in part.
import { closeSync, openSync, readSync } from "node:fs";

import { InputError } from "@/lib/eviction";

import { MAX_DOCUMENT_BYTES } from "../lib/contract/document";

const CHUNK = 1024 * 1024;
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Reads FILE (or standard input for "-") as UTF-8, refusing more than `max` bytes. */
export function readInputCapped(file: string, max = MAX_DOCUMENT_BYTES): string {
  const what = file === "-" ? "stdin" : file;
  let fd: number;
  try {
    fd = file === "-" ? 0 : openSync(file, "r");
  } catch (e) {
    throw new InputError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(CHUNK);
      let n: number;
      try {
        n = readSync(fd, buf, 0, CHUNK, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === "EAGAIN") {
          Atomics.wait(PAUSE, 0, 0, 5); // a non-blocking stdin with nothing yet: wait, do not spin
          continue;
        }
        if (code === "EOF") break;
        throw new InputError(`${file}: cannot read (${code ?? (e as Error).message})`);
      }
      if (n === 0) break;
      size += n;
      if (size > max) throw new InputError(`${what}: larger than ${max} bytes`);
      chunks.push(buf.subarray(0, n));
    }
  } finally {
    if (fd !== 0) closeSync(fd);
  }
  return Buffer.concat(chunks).toString("utf8");
}
