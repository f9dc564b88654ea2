// Large documents go through the analyze thread (lib/http/analyze-thread.ts): the same answers
// as the main thread, the same errors, and the event loop stays free meanwhile.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";

import { bigJson, bigYaml } from "@/e2e/helpers/big-documents";
import { MAX_YAML_BYTES } from "@/lib/contract/document";
import { analyzeNode } from "@/lib/eviction";
import { INLINE_BYTES } from "@/lib/http/analyze-thread";
import { ANALYZE_WORKER_FILE, bundleAnalyzeWorker } from "@/scripts/bundle-fetch-worker.mjs";
import { nestedText } from "@/tests/hostile/helpers";

import { POST } from "./route";

const post = (body: string) => POST(new Request("http://h/api/analyze", { method: "POST", body }));

describe("POST /api/analyze with large documents", () => {
  it("answers a large JSON document exactly as analyzeNode does", async () => {
    const body = bigJson(INLINE_BYTES * 4, 50);
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(analyzeNode(JSON.parse(body)));
  });

  it("analyses every pod of a large YAML document while the event loop keeps turning", async () => {
    const body = bigYaml(3000);
    expect(body.length).toBeGreaterThan(INLINE_BYTES);
    let ticks = 0;
    let worst = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
      ticks++;
    }, 10);
    const res = await post(body);
    clearInterval(timer);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { pods: unknown[] }).pods).toHaveLength(3000);
    expect(ticks).toBeGreaterThan(5);
    expect(worst).toBeLessThan(250);
  }, 60_000);

  it("names the field of a bad large document (400), refuses YAML past its cap (413)", async () => {
    const bad = bigJson(INLINE_BYTES * 2).replace('"memory":"64Mi"', '"memory":"1e400"');
    const res = await post(bad);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^pods\[0\]\.spec\.containers\[0\]\.resources\.requests\.memory: /,
    );
    const deep = await post(`{"kubeletConfig":${nestedText(200_000)}}`);
    expect([deep.status, ((await deep.json()) as { error: string }).error]).toEqual([
      400,
      expect.stringMatching(/^kubeletConfig: nested more than/),
    ]);
    const yaml = await post(`kubeletConfig: {}\n#${"x".repeat(MAX_YAML_BYTES)}\n`);
    expect(yaml.status).toBe(413);
    expect(((await yaml.json()) as { error: string }).error).toMatch(/^body: YAML larger than/);
  }, 60_000);

  it("the thread's esbuild bundle (what the standalone server runs) parses YAML and analyses", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "headroom-analyze-")), ANALYZE_WORKER_FILE);
    bundleAnalyzeWorker(file);
    const bytes = new TextEncoder().encode(bigYaml(10));
    const reply = await new Promise((resolve, reject) => {
      const w = new Worker(file, { workerData: { bytes } });
      w.once("message", resolve);
      w.once("error", reject);
    });
    expect(reply).toMatchObject({ ok: true });
    expect(JSON.parse((reply as { json: string }).json).pods).toHaveLength(10);
  }, 60_000);
});
