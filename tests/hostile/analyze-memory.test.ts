// Memory and time per analyze document (issue 29, items 7 and 9): YAML is parsed off the event
// loop at any size (250 KiB of 17 000 labels held it 4.2 s), a full queue refuses a body before
// reading it, and the analyze thread has a heap limit, past which the document is refused (413)
// instead of growing the process past its container limit.
import { afterEach, describe, expect, it } from "vitest";

import { POST } from "@/app/api/analyze/route";
import { bigJson } from "@/e2e/helpers/big-documents";
import { admitToThread, AnalyzeQueue, type Admission } from "@/lib/http/analyze-thread";
import { probeWhile } from "@/tests/prometheus/hostile-prometheus";

/** A node whose metadata carries `n` labels, as YAML (the shape that made the parser super-linear). */
function labelledYaml(n: number): string {
  // One-space indentation keeps 17 000 labels near the report's 250 KiB.
  const labels = Array.from({ length: n }, (_, i) => `   l${i}: v${i % 10}`).join("\n");
  return `node:\n metadata:\n  name: n1\n  labels:\n${labels}\n status:\n  capacity: {cpu: "4", memory: "16Gi", pods: "110"}\nkubeletConfig:\n evictionHard: {memory.available: 100Mi}\npods: []\n`;
}

describe("analyze documents' cost", () => {
  const held: Admission[] = [];
  afterEach(() => held.splice(0).forEach((p) => p.release()));

  it("parses a 250 KiB YAML of 17 000 labels off the event loop", async () => {
    const body = labelledYaml(17_000);
    expect(body.length).toBeGreaterThan(200 * 1024);
    expect(body.length).toBeLessThan(256 * 1024); // under the size that used to go to the thread
    const { result, figures } = await probeWhile(async () => {
      const res = await POST(new Request("http://h/api/analyze", { method: "POST", body }));
      return { status: res.status, body: (await res.json()) as { node?: { name: string } } };
    });
    expect(result.status).toBe(200);
    expect(figures.healthzMaxMs).toBeLessThan(100);
  }, 30_000);

  it("refuses a large body with 503 before reading it when the queue is full", async () => {
    for (let p = admitToThread(); p; p = admitToThread()) held.push(p);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await POST(
      new Request("http://h/api/analyze", {
        method: "POST",
        body: stream,
        headers: { "content-length": String(30 * 2 ** 20) },
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(((await res.json()) as { error: string }).error).toBe("body: too many large documents being analysed; retry later");
    expect(pulled).toBeLessThanOrEqual(1); // the stream's first chunk at most (the Request may prime it), never 30 MiB
  });

  it("refuses a document that needs more heap than the thread may have (413), and the next one runs", async () => {
    const queue = new AnalyzeQueue({ heapMb: 24 });
    const big = bigJson(12 * 2 ** 20, 20_000);
    const r = await queue.analyze(new TextEncoder().encode(big));
    expect(r).toEqual({
      ok: false,
      input: true,
      tooLarge: true,
      message: "body: needs more than 24 MiB to analyse; send a smaller document",
    });
    expect(await queue.analyze(new TextEncoder().encode(bigJson(64 * 1024, 5)))).toMatchObject({ ok: true });
  }, 30_000);
});
