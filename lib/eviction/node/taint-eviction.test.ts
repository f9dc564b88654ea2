import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  DEFAULT_TOLERATION_SECONDS,
  matchingTolerations,
  minTolerationSeconds,
  TAINT_NOT_READY,
  TAINT_UNREACHABLE,
  taintEvictionPlan,
  toleratesTaint,
  withDefaultTolerations,
  type Toleration,
} from "./taint-eviction";

// Ported from pkg/controller/tainteviction/taint_eviction_test.go TestGetMinTolerationTime
// (time.Duration in seconds here; -1 = tolerated forever).
describe("minTolerationSeconds (getMinTolerationTime)", () => {
  it.each<{ tolerations: Toleration[]; expected: number }>([
    { tolerations: [], expected: 0 },
    { tolerations: [{ tolerationSeconds: null }], expected: -1 },
    { tolerations: [{ tolerationSeconds: 1 }, { tolerationSeconds: 2 }], expected: 1 },
    { tolerations: [{ tolerationSeconds: 1 }, { tolerationSeconds: null }], expected: 1 },
    { tolerations: [{ tolerationSeconds: null }, { tolerationSeconds: 1 }], expected: 1 },
  ])("$tolerations → $expected", ({ tolerations, expected }) => {
    expect(minTolerationSeconds(tolerations)).toBe(expected);
  });

  it("a zero or negative limit means at once, whatever else is listed", () => {
    expect(minTolerationSeconds([{ tolerationSeconds: 600 }, { tolerationSeconds: 0 }])).toBe(0);
    expect(minTolerationSeconds([{ tolerationSeconds: -5 }, { tolerationSeconds: null }])).toBe(0);
  });

  it("is the smallest positive limit for any list of positive limits", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1e6 }), { minLength: 1 }), (xs) => {
        expect(minTolerationSeconds(xs.map((tolerationSeconds) => ({ tolerationSeconds })))).toBe(Math.min(...xs));
      }),
    );
  });
});

// After staging/src/k8s.io/api/core/v1/toleration_test.go TestTolerationToleratesTaint.
describe("toleratesTaint (Toleration.ToleratesTaint)", () => {
  const taint = { key: "foo", value: "bar", effect: "NoSchedule" };
  it.each<{ name: string; t: Toleration; expected: boolean }>([
    { name: "empty effect matches any effect", t: { key: "foo", operator: "Equal", value: "bar" }, expected: true },
    { name: "other effect", t: { key: "foo", operator: "Equal", value: "bar", effect: "NoExecute" }, expected: false },
    { name: "other key", t: { key: "baz", operator: "Exists", effect: "NoSchedule" }, expected: false },
    { name: "Exists ignores the value", t: { key: "foo", operator: "Exists", effect: "NoSchedule" }, expected: true },
    { name: "Equal with another value", t: { key: "foo", operator: "Equal", value: "qux" }, expected: false },
    { name: "empty operator means Equal", t: { key: "foo", value: "bar" }, expected: true },
    { name: "empty key with Exists tolerates everything", t: { operator: "Exists" }, expected: true },
    { name: "an unknown operator tolerates nothing", t: { key: "foo", operator: "Lt", value: "bar" }, expected: false },
  ])("$name", ({ t, expected }) => {
    expect(toleratesTaint(t, taint)).toBe(expected);
  });
});

describe("matchingTolerations (v1helper.GetMatchingTolerations)", () => {
  const a = { key: "a", effect: "NoExecute" };
  const b = { key: "b", effect: "NoExecute" };
  it("no taints: all tolerated, none used", () => {
    expect(matchingTolerations([], [])).toEqual({ allTolerated: true, used: [] });
  });
  it("a taint without a toleration: not all tolerated", () => {
    expect(matchingTolerations([a, b], [{ key: "a", operator: "Exists" }])).toEqual({ allTolerated: false, used: [] });
  });
  it("uses the first toleration that tolerates each taint", () => {
    const t1 = { key: "a", operator: "Exists", tolerationSeconds: 10 };
    const t2 = { operator: "Exists" };
    expect(matchingTolerations([a, b], [t1, t2])).toEqual({ allTolerated: true, used: [t1, t2] });
  });
});

describe("taintEvictionPlan (processPodOnNode)", () => {
  const added = "2026-03-02T09:00:00Z";
  const t0 = Date.parse(added);
  const unreachable = { key: TAINT_UNREACHABLE, effect: "NoExecute", timeAdded: added };
  const defaults = withDefaultTolerations([]);

  it("only NoExecute taints count", () => {
    expect(taintEvictionPlan([{ key: TAINT_UNREACHABLE, effect: "NoSchedule" }], [])).toEqual({ kind: "none" });
  });
  it("a pod with the default tolerations goes 300 s after the taint", () => {
    expect(taintEvictionPlan([unreachable], defaults)).toEqual({
      kind: "after",
      seconds: 300,
      at: t0 + 300_000,
      taints: [unreachable],
    });
  });
  it("a pod without a matching toleration goes at once", () => {
    expect(taintEvictionPlan([unreachable], [])).toEqual({ kind: "now", taint: unreachable });
  });
  it("a toleration without tolerationSeconds keeps the pod (a DaemonSet's)", () => {
    const ds = [{ key: TAINT_UNREACHABLE, operator: "Exists", effect: "NoExecute" }];
    expect(taintEvictionPlan([unreachable], ds)).toEqual({ kind: "tolerated", taints: [unreachable] });
  });
  it("the clock starts at the oldest NoExecute taint; unknown when a taint has no timeAdded", () => {
    const later = { key: "maint", effect: "NoExecute", timeAdded: "2026-03-02T09:10:00Z" };
    const tol = [...defaults, { key: "maint", operator: "Exists", tolerationSeconds: 60 }];
    expect(taintEvictionPlan([unreachable, later], tol)).toMatchObject({ kind: "after", seconds: 60, at: t0 + 60_000 });
    expect(taintEvictionPlan([{ key: TAINT_UNREACHABLE, effect: "NoExecute" }], defaults)).toMatchObject({ at: null });
  });
});

// plugin/pkg/admission/defaulttolerationseconds/admission_test.go, the cases that decide whether a toleration is added.
describe("withDefaultTolerations (DefaultTolerationSeconds admission)", () => {
  const d = (key: string) => ({ key, operator: "Exists", effect: "NoExecute", tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
  it("adds both tolerations to a pod that has none", () => {
    expect(withDefaultTolerations([])).toEqual([d(TAINT_NOT_READY), d(TAINT_UNREACHABLE)]);
  });
  it("keeps a pod's own toleration for one taint and adds the other", () => {
    const own = { key: TAINT_UNREACHABLE, operator: "Exists", effect: "NoExecute", tolerationSeconds: 700 };
    expect(withDefaultTolerations([own])).toEqual([own, d(TAINT_NOT_READY)]);
  });
  it("an empty key or empty effect already covers them", () => {
    expect(withDefaultTolerations([{ operator: "Exists" }])).toEqual([{ operator: "Exists" }]);
    const noEffect = [{ key: TAINT_NOT_READY, operator: "Exists" }];
    expect(withDefaultTolerations(noEffect)).toEqual([...noEffect, d(TAINT_UNREACHABLE)]);
  });
  it("a NoSchedule toleration does not cover the NoExecute taint", () => {
    const ns = { key: TAINT_UNREACHABLE, operator: "Exists", effect: "NoSchedule" };
    expect(withDefaultTolerations([ns])).toEqual([ns, d(TAINT_NOT_READY), d(TAINT_UNREACHABLE)]);
  });
});
