// A response body produced slice by slice (the fleet overview's rows, a peer's rows, the merged
// fleet as peers' answers arrive): one slice per pull, one event-loop turn before each, so a 10 MB
// document does not hold the process while other requests (a peer's, a probe) wait.

type Slices = Generator<string | Uint8Array, void, undefined> | AsyncGenerator<string | Uint8Array, void, undefined>;

/** Slices (text, or bytes as they are) as a response body, one per pull, other requests served in between. */
export function sliceStream(slices: Slices): ReadableStream<Uint8Array> {
  const utf8 = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      const next = await slices.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === "string" ? utf8.encode(next.value) : next.value);
    },
    async cancel() {
      await slices.return();
    },
  });
}
