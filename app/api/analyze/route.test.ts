import { describe, expect, it } from "vitest";

import { analyzeNode } from "@/lib/eviction";

import { POST } from "./route";

function post(body: string) {
  return POST(new Request("http://localhost/api/analyze", { method: "POST", body }));
}

describe("POST /api/analyze", () => {
  it("answers the same document as analyzeNode", async () => {
    const input = {
      kubeletConfig: { evictionHard: { "memory.available": "1Gi" } },
      node: { metadata: { name: "n1" }, status: { capacity: { memory: "8Gi", cpu: "4" } } },
    };
    const res = await post(JSON.stringify(input));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(analyzeNode(input));
  });

  it("answers 400 with the field-naming error", async () => {
    const res = await post(JSON.stringify({ kubeletConfig: { evictionHard: { "memory.available": "-100Mi" } } }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatch(/^kubeletConfig\.evictionHard\["memory\.available"\]: /);
  });

  it.each([
    ["empty body", ""],
    ["broken JSON", "{"],
    ["an array", "[]"],
    ["a string", '"x"'],
    ["YAML that is not a mapping", "- a\n- b"],
  ])("answers 400 for %s", async (_name, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^(body|input)/);
  });

  it("refuses a body over the size limit", async () => {
    const res = await post("x".repeat(32 * 1024 * 1024 + 1));
    expect(res.status).toBe(413);
  });

  it("answers 400 naming the document when a bare Summary or configz is posted as the whole input", async () => {
    const summary = {
      node: { nodeName: "n1", systemContainers: [], memory: { availableBytes: 1 } },
      pods: [{ podRef: { name: "a", namespace: "default", uid: "u" } }],
    };
    const res = await post(JSON.stringify(summary));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(
      'input: this is a kubelet Summary (GET /stats/summary), not an input document; it belongs under "summary", e.g. {"summary": <this document>, ...} (see docs/cli.md)',
    );
    const configz = await post(JSON.stringify({ kubeletconfig: { evictionHard: { "memory.available": "100Mi" } } }));
    expect(configz.status).toBe(400);
    expect((await configz.json()).error).toMatch(
      /^input: this is a kubelet configz response \(GET \/configz\), not an input document; it belongs under "kubeletConfig"/,
    );
  });
});
