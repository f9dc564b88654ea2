import { describe, expect, it, vi } from "vitest";

import { NodeState } from "./node-state";
import { packSummary, reuseSharedStrings, type StoredSummary } from "./stored-summary";
import { trimSummary, type TrimmedPod } from "./trim";
import { decodeWire, type WireSummary } from "./wire";

// A Summary's strings point at the cached pods' own (sharePodStrings). JavaScript cannot tell two
// equal strings apart, so what is checked is the work done: how often the node's pods are looked
// up, and that the strings kept read the same either way.
type PodSpecOf = { name: string; uid: string; containers?: string[] };
const summaryOf = (pods: PodSpecOf[]): StoredSummary =>
  packSummary(
    trimSummary(
      decodeWire<WireSummary>(
        {
          node: { nodeName: "n1", memory: { availableBytes: 1, workingSetBytes: 2 } },
          pods: pods.map((p) => ({
            podRef: { name: p.name, namespace: "team", uid: p.uid },
            memory: { workingSetBytes: 5 },
            containers: (p.containers ?? ["app"]).map((name) => ({ name, memory: { workingSetBytes: 5 } })),
            volume: [{ name: "scratch", usedBytes: 1, inodesUsed: 1 }],
          })),
        },
        "summary",
      ),
    ),
  );
const podOf = ({ name, uid }: PodSpecOf): TrimmedPod =>
  ({
    metadata: { name, namespace: "team", uid },
    spec: { nodeName: "n1", containers: [] },
    status: { phase: "Running" },
  }) as unknown as TrimmedPod;
const refsOf = (s: StoredSummary): unknown[] => (s.invalid ? [] : s.refs);
const podRefs = (state: NodeState) => state.summary!.pods!.map((p) => p.podRef);

const A = { name: "api-7f9c", uid: "uid-api-7f9c" };
const B = { name: "web-5d2b", uid: "uid-web-5d2b", containers: ["app", "side"] };

/** A node holding pods A and B, with one Summary stored, and a count of its pod lookups since. */
function nodeWithSummary() {
  const state = new NodeState("n1", 4);
  for (const p of [A, B]) state.pods.set(`team/${p.name}`, podOf(p));
  state.setSummary(summaryOf([A, B]));
  const lookups = vi.spyOn(state.pods, "get");
  return { state, lookups };
}

describe("a node's Summary strings shared with its cached pods", () => {
  it("are the previous Summary's when every string is equal, place by place: no pod is looked up", () => {
    const { state, lookups } = nodeWithSummary();
    state.setSummary(summaryOf([A, B]));
    state.setSummary(summaryOf([A, B]));
    expect(lookups).not.toHaveBeenCalled();
    expect(podRefs(state)).toEqual([
      { name: A.name, namespace: "team", uid: A.uid },
      { name: B.name, namespace: "team", uid: B.uid },
    ]);
    expect(state.summary!.pods!.map((p) => p.containers!.map((c) => c.name))).toEqual([["app"], ["app", "side"]]);
  });

  it("are looked up again after any pod of the node changed (an update replaces the pod object)", () => {
    const { state, lookups } = nodeWithSummary();
    state.pods.set(`team/${A.name}`, podOf(A));
    state.setSummary(summaryOf([A, B]));
    expect(lookups).toHaveBeenCalledTimes(2);
    // and only once: the next equal Summary takes those strings
    state.setSummary(summaryOf([A, B]));
    expect(lookups).toHaveBeenCalledTimes(2);
    state.pods.delete(`team/${B.name}`);
    state.setSummary(summaryOf([A, B]));
    expect(lookups).toHaveBeenCalledTimes(4);
  });

  it("are looked up again when the Summary names other pods, or the same pods in another order", () => {
    const { state, lookups } = nodeWithSummary();
    state.setSummary(summaryOf([B, A]));
    expect(lookups).toHaveBeenCalledTimes(2);
    expect(podRefs(state).map((r) => r.uid)).toEqual([B.uid, A.uid]);
    const C = { name: "job-1b3x", uid: "uid-job-1b3x" };
    state.setSummary(summaryOf([B, A, C]));
    expect(lookups).toHaveBeenCalledTimes(5);
    expect(podRefs(state).map((r) => r.uid)).toEqual([B.uid, A.uid, C.uid]);
  });

  it("are looked up again after a Summary the engine rejected", () => {
    const { state, lookups } = nodeWithSummary();
    state.setSummary({ invalid: { node: {}, pods: [] } } as unknown as StoredSummary);
    state.setSummary(summaryOf([A, B]));
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it("reuseSharedStrings leaves the Summary as it came when any string differs", () => {
    const prev = summaryOf([A, B]);
    const next = summaryOf([A, { ...B, uid: "uid-web-5d2b-2" }]);
    const before = [...refsOf(next)];
    expect(reuseSharedStrings(prev, next)).toBe(false);
    expect(refsOf(next)).toEqual(before);
    expect(reuseSharedStrings(prev, summaryOf([A]))).toBe(false);
    expect(reuseSharedStrings(prev, summaryOf([A, { ...B, containers: ["app", "other"] }]))).toBe(false);
    expect(reuseSharedStrings(prev, summaryOf([A, B]))).toBe(true);
  });
});
