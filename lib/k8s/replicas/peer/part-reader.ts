import "server-only";

import { envelopeSchema, type Envelope } from "@/lib/k8s/documents/overview";

import type { OverviewPart, PartRow } from "./peer-rows";

// A peer's answer to GET /api/peer/rows (the format is in peer-rows.ts) read back from its bytes,
// whole or as they arrive: the envelope decoded and checked against its schema; each row line split
// at its tabs (JSON never holds a raw newline or tab, and UTF-8 never uses those bytes inside a
// character) into views of the answer, neither decoded nor parsed (the peer rendered and validated
// them), only the name read and the row's start checked against it, and the names in order (the
// merge streams rows as they come, so a row out of order could not be placed); the `end N` line
// must be there and count the rows. Faults throw words naming them, for the "owner unreachable"
// note. Decoding the rows and encoding them again was most of the merge's own work.

const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
const NL = 0x0a;
const TAB = 0x09;
const EMPTY = Buffer.alloc(0);

/** Reads a peer's answer chunk by chunk: `push` each chunk as it comes, `finish` when it ends. */
export class PartReader {
  env: Envelope | null = null;
  /** Rows read so far. */
  count = 0;
  private carry: Buffer = EMPTY; // the start of a line whose end has not come yet
  private last = "";

  /** The rows the chunk completes, in order; throws words naming the first fault. */
  push(chunk: Buffer): PartRow[] {
    const buf = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const rows: PartRow[] = [];
    let at = 0;
    for (let nl = buf.indexOf(NL); nl >= 0; nl = buf.indexOf(NL, at)) {
      if (this.env) rows.push(this.row(buf, at, nl));
      else this.env = envelopeOf(buf, at, nl);
      at = nl + 1;
    }
    this.carry = buf.subarray(at);
    return rows;
  }

  /** The answer is over: its last line must be `end N`, N the rows read; throws otherwise. */
  finish(): void {
    const end = /^end (\d+)$/.exec(this.carry.toString("latin1"));
    if (!end) throw new Error("answer cut short (no end line)");
    if (!this.env) throw new Error("bad document: envelope");
    if (Number(end[1]) !== this.count) throw new Error(`answer cut short (${this.count} of ${end[1]} rows)`);
  }

  private row(buf: Buffer, at: number, nl: number): PartRow {
    const t1 = buf.indexOf(TAB, at);
    const t2 = t1 < 0 || t1 > nl ? -1 : buf.indexOf(TAB, t1 + 1);
    const t3 = t2 < 0 || t2 > nl ? -1 : buf.indexOf(TAB, t2 + 1);
    const name = t1 < 0 || t1 > nl ? "" : buf.toString("latin1", at, t1);
    const start = `{"name":${JSON.stringify(name)},`;
    if (
      t2 < 0 ||
      t2 > nl ||
      (t3 >= 0 && t3 < nl) ||
      !NAME.test(name) ||
      name <= this.last ||
      buf.toString("latin1", t1 + 1, t1 + 1 + start.length) !== start
    )
      throw new Error(`bad document: row ${this.count}`);
    this.last = name;
    this.count++;
    return { name, head: buf.subarray(t1 + 1, t2), extra: buf.subarray(t2 + 1, nl) };
  }
}

function envelopeOf(buf: Buffer, at: number, nl: number): Envelope {
  try {
    return envelopeSchema.parse(JSON.parse(buf.toString("utf8", at, nl)));
  } catch {
    throw new Error("bad document: envelope");
  }
}

/** A whole answer read back at once (the tests). */
export function readPart(body: Buffer): OverviewPart {
  const reader = new PartReader();
  const rows = reader.push(body);
  reader.finish();
  return { env: reader.env!, rows };
}
