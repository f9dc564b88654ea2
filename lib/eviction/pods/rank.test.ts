// Port of kubernetes pkg/kubelet/eviction/helpers_test.go: the memory and pid comparators
// (TestOrderedByExceedsRequestMemory, TestOrderedByPriority, TestOrderedByMemory,
// TestOrderedByPriorityMemory, TestOrderedByPriorityProcess), plus the missing-stats rule and critical
// pods (spec §8.2, §8.5). Go sorts with insertion sort for ≤ 12 pods, so its expected orders equal our
// stable sort's; the Go input order is kept in every case. Disk: rank.disk.test.ts.
import { describe, expect, it } from "vitest";

import type { Pod, PodStats } from "../k8s-types";
import { SIGNALS } from "../signals";
import { entriesFor, factsFor, LAYOUTS, names, pod, podStats } from "../testing";
import { orderedBy, sortedBy } from "./compare";
import {
  exceedsRequest,
  priority,
  processCount,
  rankFunctionFor,
  rankMemoryPressure,
  rankPidPressure,
  rankPods,
  usageAboveRequest,
} from "./rank";

const LOW = -1; // lowPriority in eviction_manager_test.go
const HIGH = 1; // highPriority

const mem = (p: Pod, workingSet: string) => podStats(p, { workingSet });

describe("exceedsRequest (TestOrderedByExceedsRequestMemory)", () => {
  const below = pod({ name: "below-requests", priority: -1, requests: { memory: "200Mi" } });
  const exceeds = pod({ name: "exceeds-requests", priority: 1, requests: { memory: "100Mi" } });
  const cases: [string, PodStats[], string[]][] = [
    [
      "usage over request outranks usage under it, whatever the priority",
      [mem(below, "199Mi"), mem(exceeds, "101Mi")],
      ["exceeds-requests", "below-requests"],
    ], // -1Mi vs +1Mi
    [
      "usage equal to request does not exceed (strict >)",
      [mem(below, "200Mi"), mem(exceeds, "100Mi")],
      ["below-requests", "exceeds-requests"],
    ],
    ["a pod without stats goes first", [mem(below, "1Gi")], ["exceeds-requests", "below-requests"]],
  ];
  it.each(cases)("%s", (_name, stats, want) => {
    const entries = entriesFor([below, exceeds], stats, "memory.available");
    expect(names(sortedBy(entries, orderedBy(exceedsRequest)))).toEqual(want);
  });
});

describe("priority (TestOrderedByPriority)", () => {
  const low = pod({ name: "low-priority", priority: -134 });
  const medium = pod({
    name: "medium-priority",
    priority: 1,
    requests: { cpu: "100m", memory: "100Mi" },
    limits: { cpu: "200m", memory: "200Mi" },
  });
  const high = pod({
    name: "high-priority",
    priority: 12534,
    requests: { cpu: "200m", memory: "200Mi" },
    limits: { cpu: "200m", memory: "200Mi" },
  });
  const unset = pod({ name: "no-priority" });
  it.each([
    ["lower spec.priority first", [high, medium, low], ["low-priority", "medium-priority", "high-priority"]],
    ["nil priority counts as 0", [high, unset, low], ["low-priority", "no-priority", "high-priority"]],
  ])("%s", (_name, pods, want) => {
    // Priority ignores stats: none are given here.
    expect(names(sortedBy(entriesFor(pods, [], "memory.available"), orderedBy(priority)))).toEqual(want);
  });
});

describe("usageAboveRequest (TestOrderedByMemory)", () => {
  const pods = [
    pod({ name: "best-effort-high", priority: 0 }),
    pod({ name: "best-effort-low", priority: 0 }),
    pod({ name: "burstable-high", priority: 0, requests: { memory: "100Mi" }, limits: { memory: "1Gi" } }),
    pod({ name: "burstable-low", priority: 0, requests: { memory: "100Mi" }, limits: { memory: "1Gi" } }),
    pod({ name: "guaranteed-high", priority: 0, requests: { memory: "1Gi" }, limits: { memory: "1Gi" } }),
    pod({ name: "guaranteed-low", priority: 0, requests: { memory: "1Gi" }, limits: { memory: "1Gi" } }),
  ] as const;
  const usage = ["500Mi", "300Mi", "800Mi", "300Mi", "800Mi", "200Mi"]; // above request: 500, 300, 700, 200, -224, -824 Mi
  const stats = pods.map((p, i) => mem(p, usage[i]!));

  it("puts the larger usage − request first", () => {
    const sorted = sortedBy(entriesFor(pods, stats, "memory.available"), orderedBy(usageAboveRequest));
    expect(names(sorted)).toEqual([
      "burstable-high",
      "best-effort-high",
      "best-effort-low",
      "burstable-low",
      "guaranteed-high",
      "guaranteed-low",
    ]);
  });
  it("puts a pod without stats first, ahead of the greediest", () => {
    const sorted = sortedBy(entriesFor(pods, stats.slice(0, 5), "memory.available"), orderedBy(usageAboveRequest));
    expect(names(sorted)[0]).toBe("guaranteed-low");
  });
});

describe("processCount", () => {
  const a = pod({ name: "a" });
  const b = pod({ name: "b" });
  it.each([
    ["more processes first", [podStats(a, { processes: 5 }), podStats(b, { processes: 20 })], ["b", "a"]],
    ["a nil process count counts as 0", [podStats(a, {}), podStats(b, { processes: 1 })], ["b", "a"]],
    ["a pod without stats goes first", [podStats(a, { processes: 100 })], ["b", "a"]],
  ] as [string, PodStats[], string[]][])("%s", (_name, stats, want) => {
    expect(names(sortedBy(entriesFor([a, b], stats, "pid.available"), orderedBy(processCount)))).toEqual(want);
  });
});

describe("rankMemoryPressure (TestOrderedByPriorityMemory)", () => {
  const p = (name: string, prio: number, request?: string) =>
    pod({ name, priority: prio, ...(request && { requests: { memory: request } }) });
  const pods = [
    p("above-requests-low-priority-high-usage", LOW),
    p("above-requests-low-priority-low-usage", LOW),
    p("above-requests-high-priority-high-usage", HIGH, "100Mi"),
    p("above-requests-high-priority-low-usage", HIGH, "100Mi"),
    p("below-requests-low-priority-high-usage", LOW, "1Gi"),
    p("below-requests-low-priority-low-usage", LOW, "1Gi"),
    p("below-requests-high-priority-high-usage", HIGH, "1Gi"),
    p("below-requests-high-priority-low-usage", HIGH, "1Gi"),
  ];
  const usage = ["500Mi", "50Mi", "600Mi", "150Mi", "800Mi", "200Mi", "800Mi", "200Mi"]; // above request: 500, 50, 500, 50, -224, -824, -224, -824 Mi
  const stats = pods.map((x, i) => mem(x, usage[i]!));

  it("orders exceeds request → lower priority → larger usage above request", () => {
    const ranked = rankPods(factsFor(pods.toReversed(), stats), "memory.available", LAYOUTS.singleFs);
    expect(names(ranked)).toEqual(pods.map((x) => x.metadata?.name));
  });
  it("uses the same chain for allocatableMemory.available", () => {
    expect(rankFunctionFor("allocatableMemory.available")).toBe(rankMemoryPressure);
  });
});

describe("rankPidPressure (TestOrderedByPriorityProcess)", () => {
  const pods = [
    pod({ name: "low-priority-high-usage", priority: LOW }),
    pod({ name: "low-priority-low-usage", priority: LOW }),
    pod({ name: "high-priority-high-usage", priority: HIGH }),
    pod({ name: "high-priority-low-usage", priority: HIGH }),
  ];
  const stats = [20, 6, 20, 5].map((n, i) => podStats(pods[i]!, { processes: n }));

  it("orders lower priority → more processes", () => {
    const ranked = rankPods(factsFor(pods.toReversed(), stats), "pid.available", LAYOUTS.singleFs);
    expect(names(ranked)).toEqual([
      "low-priority-high-usage",
      "low-priority-low-usage",
      "high-priority-high-usage",
      "high-priority-low-usage",
    ]);
  });
  it("is the chain for pid.available", () => {
    expect(rankFunctionFor("pid.available")).toBe(rankPidPressure);
  });
});

describe("pods without stats (spec §8.2)", () => {
  const greedy = pod({ name: "greedy", priority: LOW });
  const statless = pod({ name: "statless", priority: 1000 });
  const modest = pod({ name: "modest", priority: 0, requests: { memory: "1Gi", "ephemeral-storage": "1Gi" } });
  const stats = [
    podStats(greedy, { workingSet: "2Gi", rootfs: "2Gi", logs: 0, processes: 500 }),
    podStats(modest, { workingSet: "1Mi", rootfs: "1Mi", logs: 0, processes: 1 }),
  ];
  const facts = factsFor([greedy, modest, statless], stats);

  it.each(SIGNALS.filter((s) => s !== "pid.available"))(
    "%s: go first, ahead of a lower-priority pod over its request",
    (signal) => {
      expect(names(rankPods(facts, signal, LAYOUTS.singleFs))).toEqual(["statless", "greedy", "modest"]);
    },
  );
  it("pid.available: priority comes first, so they go first only among equal priority", () => {
    expect(names(rankPods(facts, "pid.available", LAYOUTS.singleFs))).toEqual(["greedy", "modest", "statless"]);
    const peer = pod({ name: "peer", priority: 1000 });
    const withPeer = factsFor([greedy, peer, statless], [...stats, podStats(peer, { processes: 1000 })]);
    expect(names(rankPods(withPeer, "pid.available", LAYOUTS.singleFs))).toEqual(["greedy", "statless", "peer"]);
  });
  it("two pods without stats tie on stats, so priority decides between them", () => {
    const other = pod({ name: "other-statless", priority: -5 });
    const ranked = rankPods(factsFor([statless, other, greedy], stats), "memory.available", LAYOUTS.singleFs);
    expect(names(ranked)).toEqual(["other-statless", "statless", "greedy"]);
  });
  it("two pods without stats and equal priority keep input order", () => {
    const twin = pod({ name: "twin", priority: 1000 });
    const ranked = rankPods(factsFor([twin, greedy, statless], stats), "nodefs.available", LAYOUTS.singleFs);
    expect(names(ranked)).toEqual(["twin", "statless", "greedy"]);
  });
});

describe("critical pods (spec §8.5)", () => {
  it("stay in the ranking in their rank position", () => {
    const critical = pod({ name: "critical", priority: 2_000_000_000, requests: { memory: "10Mi" } });
    const mirror = pod({ name: "mirror", annotations: { "kubernetes.io/config.mirror": "x" } });
    const plain = pod({ name: "plain", requests: { memory: "1Gi" } });
    const stats = [mem(critical, "500Mi"), mem(mirror, "100Mi"), mem(plain, "100Mi")];
    const ranked = rankPods(factsFor([plain, critical, mirror], stats), "memory.available", LAYOUTS.singleFs);
    // mirror (prio 0) and critical both exceed; mirror's lower priority wins; plain is under request.
    expect(names(ranked)).toEqual(["mirror", "critical", "plain"]);
    expect(ranked.map((e) => e.facts.critical)).toEqual([true, true, false]);
  });
});
