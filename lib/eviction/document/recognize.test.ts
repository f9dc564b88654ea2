// Real captures given where the whole input document belongs: each is named and sent to its slot.
import { describe, expect, it } from "vitest";

import { fixture, fixtureFiles, nodesOf } from "@/tests/fixtures";

import { analyzeNode } from "../index";
import { misplacedDocument, recognizeDocument } from "./recognize";

const nodeList = fixture("nodes/nri-minikube-1.35-nodelist.json");
const node = nodesOf(nodeList)[0]!;
const pod = {
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "web-1", namespace: "default" },
  spec: { containers: [{ name: "web", image: "nginx" }] },
  status: { phase: "Running" },
};

describe("recognizeDocument", () => {
  it.each(fixtureFiles("summary"))("a bare Summary (%s) goes to summary", (f) => {
    expect(recognizeDocument(fixture(f))).toMatchObject({
      kind: "piece",
      slot: "summary",
      what: "a kubelet Summary (GET /stats/summary)",
    });
  });
  it.each(fixtureFiles("configz"))("a configz response (%s) goes to kubeletConfig", (f) => {
    expect(recognizeDocument(fixture(f))).toMatchObject({ kind: "piece", slot: "kubeletConfig" });
  });
  it("a kubelet config file goes to kubeletConfig", () => {
    expect(recognizeDocument(fixture("kubelet-config-files/learnk8s-eks-2022-kubelet-config.json"))).toMatchObject({
      kind: "piece",
      slot: "kubeletConfig",
      what: "a KubeletConfiguration",
    });
  });
  it("a Node, and kubectl get node -o json with one item, go to node; several nodes are refused", () => {
    expect(recognizeDocument(node)).toMatchObject({ kind: "piece", slot: "node", value: node });
    expect(recognizeDocument({ apiVersion: "v1", kind: "List", items: [node] })).toMatchObject({
      kind: "piece",
      slot: "node",
      value: node,
    });
    expect(recognizeDocument({ kind: "List", items: [node, node] })).toMatchObject({
      kind: "refused",
      what: "a list of 2 Nodes (kubectl get nodes -o json)",
    });
  });
  it("a Pod list, a kubectl List of pods, a bare array and a single Pod go to pods", () => {
    expect(recognizeDocument({ kind: "PodList", items: [pod] })).toMatchObject({ kind: "piece", slot: "pods" });
    expect(recognizeDocument({ kind: "List", items: [pod, pod] })).toMatchObject({
      kind: "piece",
      slot: "pods",
      what: "a Pod list of 2 pod(s) (kubectl get pods -o json)",
    });
    expect(recognizeDocument([pod])).toMatchObject({ kind: "piece", slot: "pods" });
    expect(recognizeDocument(pod)).toMatchObject({ kind: "piece", slot: "pods", value: [pod] });
  });
  it("leaves real input documents alone", () => {
    const input = {
      node,
      summary: fixture("summary/nri-minikube-1.35.json"),
      kubeletConfig: fixture("configz/kubeadm-k8s-node-01.json"),
      pods: { kind: "PodList", items: [pod] },
    };
    expect(recognizeDocument(input)).toEqual({ kind: "input" });
    expect(recognizeDocument({})).toEqual({ kind: "input" });
    expect(misplacedDocument(input)).toBeNull();
    expect(() => analyzeNode(input)).not.toThrow();
  });
});

describe("analyzeNode given a piece as the whole input", () => {
  it("refuses a bare Summary with what it is and where it belongs (it used to answer 'Node (unnamed), no pressure')", () => {
    expect(() => analyzeNode(fixture("summary/nri-minikube-1.35.json"))).toThrow(
      'input: this is a kubelet Summary (GET /stats/summary), not an input document; it belongs under "summary", e.g. {"summary": <this document>, ...}',
    );
  });
  it("refuses a configz, a Node and a Pod list the same way", () => {
    expect(() => analyzeNode(fixture("configz/kubeadm-k8s-node-01.json"))).toThrow(
      /^input: this is a kubelet configz response \(GET \/configz\), not an input document; it belongs under "kubeletConfig"/,
    );
    expect(() => analyzeNode(nodeList)).toThrow(
      /^input: this is a list with one Node .*its one item belongs under "node", e.g. jq '{node: .items\[0\]}'/,
    );
    expect(() => analyzeNode({ kind: "PodList", items: [pod] })).toThrow(/it belongs under "pods"/);
  });
});

describe("analyzeNode given what the hints lead to, or no document at all", () => {
  it("refuses a List placed under node, naming the field and the item to give, instead of dropping allocatable", () => {
    expect(() => analyzeNode({ node: nodeList })).toThrow(
      /^node: is a List of 1 item\(s\), not a Node; give the Node itself, e.g. jq '\{node: \.items\[0\]\}'$/,
    );
    const out = analyzeNode({ node: (nodeList as { items: unknown[] }).items[0] });
    expect(Object.keys(out.allocatable)).toContain("memory");
  });
  it("calls prose prose, not an unknown field", () => {
    for (const text of ["this is { not", { "this is { not": "json }" }])
      expect(() => analyzeNode(text)).toThrow(
        /^input: this is plain text \("this is \{ not"\), not an input document; an input document is a JSON or YAML object/,
      );
    expect(() => analyzeNode({ nodes: [] })).toThrow(/^nodes: unknown field/);
  });
});
