// Pinned links on the simulated cluster: the memory-pressure scenario stepped as Headroom's cache
// steps it. The view pinned at a moment, computed much later from the history and the node as they
// are then, must forecast what the live page forecast at that moment: the same eviction time and
// reason, the same soft-grace countdown. That is what lets a shared link reproduce a countdown.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { NodeDetail } from "@/lib/contract/dto";
import { analyzeNode, type Pod } from "@/lib/eviction";
import { forecastNode, transitionPeriodOf, type NodeForecast } from "@/lib/forecast";
import { evictionRecords } from "@/lib/k8s/documents/evictions";
import { NodeHistory } from "@/lib/k8s/store/history";
import { trimPod } from "@/lib/k8s/store/trim";
import { decodeWire, type WirePod } from "@/lib/k8s/store/wire";
import { startSim, type Sim } from "@/lib/sim";
import { podObject } from "@/lib/sim/state/pod-object";

import { covers, historyUntil, pinnedView } from "./pinned-view";

type Condition = NodeDetail["conditions"][number];
interface Step {
  t: number;
  now: number;
  live: NodeForecast;
}

let sim: Sim;
const steps: Step[] = [];
const history = new NodeHistory(360);
const transitions: NodeDetail["conditionHistory"] = [];
let later: NodeDetail;
let laterResult: ReturnType<typeof analyzeNode>;

function nodeState() {
  const n = sim.cluster.nodes[0]!;
  const input = sim.cluster.brainInput(n);
  const result = analyzeNode(input);
  const pods = [...sim.cluster.stores.pods.values()]
    .flatMap((e) => trimPod(decodeWire<WirePod>(podObject(e.src), "pod")) ?? [])
    .filter((p) => p.spec.nodeName === n.name);
  const conditions = (input.node.status?.conditions ?? []) as Condition[];
  return { input, result, conditions, evictions: evictionRecords(pods, [], n.name) };
}

beforeAll(async () => {
  sim = await startSim({ scenario: "memory-pressure" });
  const seen = new Map<string, string>();
  // Headroom collects a node once a kubelet cycle (10 s), a few seconds after it: one sample a slot
  sim.advance(5);
  for (let t = 5; t <= 500; t += 10) {
    const s = nodeState();
    history.push(
      sim.clock.now(),
      s.result.signals.map((x) => ({ signal: x.signal, available: x.available, capacity: x.capacity })),
    );
    for (const c of s.conditions)
      if (seen.get(c.type) !== c.status) {
        seen.set(c.type, c.status);
        transitions.push({
          time: c.lastTransitionTime ?? new Date(sim.clock.now()).toISOString(),
          type: c.type,
          status: c.status,
          reason: null,
        });
      }
    const live = forecastNode({
      now: sim.clock.now(),
      result: s.result,
      history: history.series(10),
      conditions: s.conditions,
      evictions: s.evictions,
      pods: s.input.pods as Pod[],
      transitionPeriodSeconds: transitionPeriodOf(s.input.kubeletConfig, null),
    });
    steps.push({ t, now: sim.clock.now(), live });
    sim.advance(10);
  }
  const s = nodeState();
  laterResult = s.result;
  later = {
    conditions: s.conditions,
    conditionHistory: transitions,
    evictions: s.evictions,
    pods: s.input.pods,
    kubeletConfig: s.input.kubeletConfig as NodeDetail["kubeletConfig"],
    kubeletFlags: null,
  } as unknown as NodeDetail;
});
afterAll(() => sim.close());

// the live page's countdown: the soonest eviction and, under a soft threshold, when its grace ends
const countdown = (f: NodeForecast) => ({
  next: f.next && { at: f.next.at, because: f.next.because, signal: f.next.signal },
  grace: f.signals.map((s) => s.soft?.actsAt ?? null),
  holds: f.holds.map((h) => h.clearsAt),
});

describe("a view pinned at a moment, computed later", () => {
  it("forecasts the soft grace countdown the live page showed then (275 s: soft met, within grace)", () => {
    const step = steps.find((s) => s.t === 275)!;
    const pinned = pinnedView(later, laterResult, history.series(10), step.now);
    expect(pinned.forecast.signals.find((x) => x.signal === "memory.available")?.soft?.graceSeconds).toBe(90);
    expect(countdown(pinned.forecast)).toEqual(countdown(step.live));
    expect(pinned.forecast.now).toBe(step.now);
  });

  it("agrees with the live forecast at every sampled moment of the scenario", () => {
    const full = history.series(10);
    fc.assert(
      fc.property(fc.constantFrom(...steps.filter((s) => s.t >= 60)), (step) => {
        expect(covers(full, step.now)).toBe(true);
        expect(countdown(pinnedView(later, laterResult, full, step.now).forecast)).toEqual(countdown(step.live));
      }),
      { numRuns: 40 },
    );
  });

  it("never sees a sample after its moment", () => {
    const full = history.series(10);
    fc.assert(
      fc.property(fc.integer({ min: full.start, max: steps.at(-1)!.now }), (at) => {
        const cut = historyUntil(full, at);
        for (const s of Object.values(cut.signals))
          expect(full.start + (s.available.length - 1) * full.intervalSeconds * 1000).toBeLessThanOrEqual(at);
      }),
    );
  });
});
