import { describe, expect, it } from "vitest";

import { fixture, nodesOf } from "@/tests/fixtures";

import { analyzeNode } from "../eviction";
import { noPressureSentence } from "./standing";
import { verdictOf } from "./verdict";

type SummaryPods = { pods: { podRef: { name: string; namespace: string; uid: string }; containers: { name: string }[] }[] };
const summary = fixture<SummaryPods>("summary/nri-minikube-1.35.json");
const base = {
  node: nodesOf(fixture("nodes/nri-minikube-1.35-nodelist.json"))[0],
  summary,
  pods: summary.pods.map((p) => ({
    metadata: { ...p.podRef },
    spec: { containers: p.containers.map((c) => ({ name: c.name })) },
    status: { phase: "Running" },
  })),
};

describe("verdictOf", () => {
  it("names the signal acted on and the first pod the replay evicts", () => {
    const out = analyzeNode({ ...base, kubeletConfig: { evictionHard: { "memory.available": "99%" } } });
    const first = out.replay[0]!.evicted[0]!;
    expect(verdictOf(out)).toEqual({
      tone: "evicting",
      text: expect.stringMatching(
        new RegExp(
          `^memory\\.available is past its threshold: the kubelet evicts ${first.namespace}/${first.name} first \\(\\d+ pod\\(s\\) to recover\\)\\.$`,
        ),
      ),
    });
  });
  it("otherwise names the closest threshold and its margin, in the node page's own sentence", () => {
    const out = analyzeNode({ ...base, kubeletConfig: { evictionHard: { "memory.available": "100Mi" } } });
    expect(verdictOf(out).tone).toBe("ok");
    // the same sentence as the live verdict's (e2e/forecast.e2e.ts), for the threshold nearest as a share of capacity
    const nearest = out.signals
      .flatMap((s) => s.thresholds.map((t) => ({ signal: s.signal, fraction: t.margin / s.capacity })))
      .filter((c) => Number.isFinite(c.fraction))
      .reduce((a, c) => (c.fraction < a.fraction ? c : a));
    expect(verdictOf(out).text).toBe(noPressureSentence(nearest));
    expect(verdictOf(out).text).toMatch(/^No pressure; the closest threshold is \S+ with \d+(\.\d)?% margin\.$/);
  });
});
