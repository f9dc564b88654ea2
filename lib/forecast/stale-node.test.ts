import { describe, expect, it } from "vitest";

import { TAINT_UNREACHABLE, withDefaultTolerations, type Pod } from "@/lib/eviction";

import { staleVerdict } from "../words/stale-node";
import { reachability, taintForecast, type ReachabilityInput } from "./stale-node";

const T0 = Date.parse("2026-03-02T09:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);
const ok = { state: "ok", ageSeconds: 3, error: null };

const input = (o: Partial<ReachabilityInput>): ReachabilityInput => ({
  now: T0,
  ready: { status: "True", lastTransitionTime: iso(T0 - 3600_000) },
  lease: { renewTime: iso(T0 - 5_000), leaseDurationSeconds: 40 },
  collection: ok,
  ...o,
});

const pod = (name: string, tolerations = withDefaultTolerations([]), deleting = false): Pod =>
  ({
    metadata: { name, namespace: "shop", ...(deleting ? { deletionTimestamp: iso(T0) } : {}) },
    spec: { tolerations, containers: [] },
    status: { phase: "Running" },
  }) as Pod;

describe("reachability", () => {
  it("a node with a fresh Lease and fresh stats reports: null", () => {
    expect(reachability(input({}))).toBeNull();
  });
  it("a Lease older than its duration means the kubelet is silent, even before Ready turns Unknown", () => {
    const r = reachability(input({ lease: { renewTime: iso(T0 - 41_000), leaseDurationSeconds: 40 } }));
    expect(r).toMatchObject({ kubeletSilent: true, statsStale: false, leaseRenewedAt: T0 - 41_000 });
    expect(reachability(input({ lease: { renewTime: iso(T0 - 39_000), leaseDurationSeconds: 40 } }))).toBeNull();
  });
  it("Ready Unknown means silent and says since when", () => {
    const r = reachability(input({ ready: { status: "Unknown", lastTransitionTime: iso(T0 - 600_000) } }));
    expect(r).toMatchObject({ kubeletSilent: true, notReadySince: T0 - 600_000, readyStatus: "Unknown" });
  });
  it("failed or stale stats with a fresh Lease: stats stale, kubelet not silent", () => {
    for (const state of ["failed", "stale"]) {
      const r = reachability(input({ collection: { state, ageSeconds: 90, error: "403 Forbidden" } }));
      expect(r).toMatchObject({ kubeletSilent: false, statsStale: true, statsError: "403 Forbidden" });
    }
    expect(reachability(input({ collection: { state: "pending", ageSeconds: null, error: null } }))).toBeNull();
  });
});

describe("taintForecast", () => {
  const unreachable = { key: TAINT_UNREACHABLE, effect: "NoExecute", timeAdded: iso(T0 - 60_000) };
  it("no NoExecute taint: null", () => {
    expect(taintForecast([{ key: TAINT_UNREACHABLE, effect: "NoSchedule" }], [pod("a")])).toBeNull();
  });
  it("groups pods by when the controller deletes them, the soonest first", () => {
    const daemon = [{ operator: "Exists" }];
    const fc = taintForecast([unreachable], [pod("a"), pod("ds", daemon), pod("b"), pod("bare", []), pod("d", undefined, true)])!;
    expect(fc.groups).toEqual([
      { kind: "now", at: null, seconds: null, pods: ["shop/bare"], marked: [] },
      { kind: "after", at: T0 + 240_000, seconds: 300, pods: ["shop/a", "shop/b", "shop/d"], marked: ["shop/d"] },
      { kind: "tolerated", at: null, seconds: null, pods: ["shop/ds"], marked: [] },
    ]);
  });
  it("finished pods are not counted", () => {
    const done = { ...pod("done"), status: { phase: "Succeeded" } } as Pod;
    expect(taintForecast([unreachable], [done])!.groups).toEqual([]);
  });
});

describe("staleVerdict", () => {
  const silent = reachability(
    input({
      ready: { status: "Unknown", lastTransitionTime: iso(T0 - 540_000) },
      lease: { renewTime: iso(T0 - 600_000), leaseDurationSeconds: 40 },
      collection: { state: "failed", ageSeconds: null, error: "connection refused" },
    }),
  )!;
  const taint = (ago: number) => ({ key: TAINT_UNREACHABLE, effect: "NoExecute", timeAdded: iso(T0 - ago) });

  it("says since when the kubelet is silent, that stats are missing, and gives no signal forecast", () => {
    const v = staleVerdict(silent, null, T0, clock);
    expect(v.heading).toBe("Kubelet unreachable");
    expect(v.sentences).toEqual([
      "The kubelet last renewed its Lease at 08:50:00 (10m ago); Ready has been Unknown since 08:51:00 (9m ago).",
      "Headroom has collected no Summary from this kubelet: connection refused.",
      "No eviction forecast from stale stats: the kubelet's signals are unknown (a kubelet only cut off from the network still evicts on its own, unseen).",
    ]);
    expect(v.countdownTo).toBeNull();
  });

  it("counts down to the taint eviction controller's deletion, whose time is the taint's plus tolerationSeconds", () => {
    const v = staleVerdict(silent, taintForecast([taint(60_000)], [pod("a"), pod("b")]), T0, clock);
    expect(v.sentences.slice(3)).toEqual([
      "The node is tainted node.kubernetes.io/unreachable:NoExecute since 08:59:00.",
      "The taint eviction controller deletes 2 pods at 09:04:00, in 4m (tolerationSeconds 300, the default the DefaultTolerationSeconds admission plugin gives, counted from the taint).",
    ]);
    expect(v.countdownTo).toBe(T0 + 240_000);
  });

  it("past the deadline, says whether the pods are marked for deletion, and never claims a deletion it cannot see", () => {
    const marked = staleVerdict(silent, taintForecast([taint(900_000)], [pod("a", undefined, true)]), T0, clock);
    expect(marked.sentences.at(-1)).toBe(
      "1 pod was due for deletion at 08:50:00, 10m ago (tolerationSeconds 300, the default the DefaultTolerationSeconds admission plugin gives, counted from the taint); it is marked for deletion and stays Terminating until the kubelet confirms or the Node object is deleted.",
    );
    const unmarked = staleVerdict(silent, taintForecast([taint(900_000)], [pod("a")]), T0, clock);
    expect(unmarked.sentences.at(-1)).toMatch(
      /yet none is marked for deletion: check that kube-controller-manager's taint eviction controller runs\.$/,
    );
    expect(unmarked.countdownTo).toBeNull();
  });

  it("stats failing while the Lease is fresh: the kubelet still evicts, Headroom cannot say when", () => {
    const r = reachability(input({ collection: { state: "stale", ageSeconds: 125, error: "timeout after 5s" } }))!;
    const v = staleVerdict(r, null, T0, clock);
    expect(v.heading).toBe("No current stats");
    expect(v.sentences).toEqual([
      "The kubelet renews its Lease (last at 08:59:55), but Headroom gets no stats from it.",
      "Headroom's last Summary is 2m old: timeout after 5s.",
      "No eviction forecast until stats return: the kubelet still evicts on its own.",
    ]);
  });
});
