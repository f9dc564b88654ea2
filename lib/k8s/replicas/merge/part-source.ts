import "server-only";

import type { Envelope } from "@/lib/k8s/documents/overview";

import { PartReader } from "../peer/part-reader";
import { peerError } from "../peer/peer-ask";
import type { OverviewPart, PartRow } from "../peer/peer-rows";

// One replica's part as the fleet merge reads it (fleet-parts.ts): its envelope and its rows in
// name order, whole (ours; a peer's whole document) or as a peer's answer arrives.

export interface PartSource {
  readonly identity: string;
  /** Its envelope, once read (a peer's first line). */
  readonly env: Envelope | null;
  /** Why it failed (the words of the "owner unreachable" note); its rows stop there. */
  readonly error: string | null;
  /** Whether the next row is known: one is waiting, or none will come (ended or failed). */
  ready(): boolean;
  /** Reads on until ready. */
  fill(): Promise<void>;
  /** The next row; undefined when none is waiting. */
  head(): PartRow | undefined;
  /** Moves past the head. */
  next(): void;
}

/** A part already read whole (ours, or a peer's whole document), or a peer that failed. */
export function wholeSource(identity: string, part: OverviewPart | { error: string }): PartSource {
  const rows = "rows" in part ? part.rows : [];
  let at = 0;
  return {
    identity,
    env: "env" in part ? part.env : null,
    error: "error" in part ? part.error : null,
    ready: () => true,
    fill: () => Promise.resolve(),
    head: () => rows[at],
    next: () => void at++,
  };
}

/**
 * A peer's answer to GET /api/peer/rows read as it arrives (part-reader.ts), within the bound its
 * request set. It is read on at the network's pace, whatever the merge takes: the merge waits for
 * every part's next row, so a peer read only as fast as the merge goes would spend its bound
 * waiting on another one that hangs. The rows that came before a fault are kept; none after it.
 */
export class StreamedSource implements PartSource {
  env: Envelope | null = null;
  error: string | null = null;
  private rows: PartRow[] = [];
  private at = 0;
  private done = false;
  private arrived: () => void = () => {};

  constructor(
    readonly identity: string,
    body: ReadableStream<Uint8Array>,
    timeoutMs: number,
  ) {
    void this.read(body.getReader(), timeoutMs);
  }

  private async read(chunks: ReadableStreamDefaultReader<Uint8Array>, timeoutMs: number): Promise<void> {
    const reader = new PartReader();
    try {
      for (let c = await chunks.read(); !c.done; c = await chunks.read()) {
        const rows = reader.push(Buffer.from(c.value.buffer, c.value.byteOffset, c.value.byteLength));
        this.env = reader.env;
        if (this.at > 0 && this.at === this.rows.length) [this.rows, this.at] = [rows, 0];
        else for (const r of rows) this.rows.push(r);
        this.arrived();
      }
      reader.finish();
    } catch (e) {
      this.env = reader.env;
      this.error = peerError(e, timeoutMs);
      chunks.cancel().catch(() => {});
    }
    this.done = true;
    this.arrived();
  }

  ready(): boolean {
    return this.done || this.at < this.rows.length;
  }

  async fill(): Promise<void> {
    while (!this.ready()) await new Promise<void>((resolve) => (this.arrived = resolve));
  }

  head(): PartRow | undefined {
    return this.rows[this.at];
  }

  next(): void {
    this.at++;
  }
}
