import { describe, expect, it } from "vitest";

import { place } from "./compose";

const summary = { node: { nodeName: "n1", systemContainers: [] }, pods: [] };

describe("place (the analyze form)", () => {
  it("puts a bare Summary in its slot instead of analyzing it as an input document", () => {
    const r = place(JSON.stringify(summary), {});
    expect(r).toMatchObject({
      action: "placed",
      message: "Recognised a kubelet Summary (GET /stats/summary): placed in the Summary slot. Add the other pieces, or Analyze.",
    });
    if (r.action !== "placed") throw new Error("not placed");
    expect(r.pieces.summary?.value).toEqual(summary);
    // then a Node in YAML, then Analyze with an empty box sends both, naming what is missing
    const withNode = place("kind: Node\nmetadata: {name: n1}\nstatus: {capacity: {memory: 8Gi}}\n", r.pieces);
    if (withNode.action !== "placed") throw new Error("not placed");
    const go = place("", withNode.pieces);
    expect(go).toMatchObject({ action: "analyze", missing: ["pods", "kubeletConfig"] });
    if (go.action === "analyze")
      expect(JSON.parse(go.body)).toEqual({
        summary,
        node: { kind: "Node", metadata: { name: "n1" }, status: { capacity: { memory: "8Gi" } } },
      });
  });
  it("sends a whole input document as it is, pieces filling only its empty slots", () => {
    const r = place(JSON.stringify({ node: { metadata: { name: "a" } } }), {
      summary: { what: "a Summary", value: summary },
      node: { what: "a Node", value: { metadata: { name: "b" } } },
    });
    expect(r.action).toBe("analyze");
    if (r.action === "analyze") expect(JSON.parse(r.body)).toEqual({ node: { metadata: { name: "a" } }, summary });
  });
  it("refuses several nodes and unparsable text with a message", () => {
    const node = { kind: "Node", metadata: { name: "a" }, status: {} };
    expect(place(JSON.stringify({ kind: "List", items: [node, node] }), {})).toEqual({
      action: "error",
      message:
        'This is a list of 2 Nodes (kubectl get nodes -o json): an input document describes one node: give one Node under "node".',
    });
    expect(place("{", {})).toMatchObject({ action: "error", message: expect.stringMatching(/^input: not valid JSON/) });
    expect(place("", {})).toMatchObject({ action: "error" });
  });
});
