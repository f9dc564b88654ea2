// The slice stream the fleet routes answer with: text and bytes in order, from a generator or an
// async one (the merged fleet, written while peers' answers arrive), other work run between two
// slices, and a reader that goes away ends the generator (its `finally` runs).
import { describe, expect, it } from "vitest";

import { sliceStream } from "./slice-stream";

async function read(stream: ReadableStream<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for (const reader = stream.getReader(); ;) {
    const c = await reader.read();
    if (c.done) return Buffer.concat(parts).toString();
    parts.push(c.value);
  }
}

describe("sliceStream", () => {
  it("sends text and bytes in order, from a generator or an async one", async () => {
    function* sync() {
      yield "héllo ";
      yield Buffer.from("wörld");
    }
    async function* later() {
      yield Buffer.from("a");
      await new Promise((r) => setTimeout(r, 5));
      yield "ß";
    }
    expect(await read(sliceStream(sync()))).toBe("héllo wörld");
    expect(await read(sliceStream(later()))).toBe("aß");
  });

  it("lets other work run between two slices", async () => {
    const seen: string[] = [];
    function* slices() {
      for (let i = 0; i < 3; i++) {
        seen.push(`slice ${i}`);
        setImmediate(() => seen.push(`other ${i}`));
        yield String(i);
      }
    }
    expect(await read(sliceStream(slices()))).toBe("012");
    expect(seen.slice(0, 4)).toEqual(["slice 0", "other 0", "slice 1", "other 1"]);
  });

  it("ends the generator when the reader cancels", async () => {
    let ended = false;
    async function* slices() {
      try {
        for (;;) yield "x";
      } finally {
        ended = true;
      }
    }
    const reader = sliceStream(slices()).getReader();
    await reader.read();
    await reader.cancel();
    expect(ended).toBe(true);
  });
});
