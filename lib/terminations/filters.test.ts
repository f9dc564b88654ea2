import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { terminationCause, type Termination } from "@/lib/contract/termination";

import {
  facetsOf,
  filterTerminations,
  NO_FILTERS,
  parseTerminationFilters,
  podKey,
  serializeTerminationFilters,
  SINCE,
  workloadKey,
  type TerminationFilters,
} from "./filters";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const name = fc.constantFrom("web", "api", "resizer", "batch-7", "Shop");
const arbTermination: fc.Arbitrary<Termination> = fc
  .record({
    n: fc.nat(),
    ago: fc.option(fc.integer({ min: 0, max: 2 * 86_400 }), { nil: null }),
    cause: fc.constantFrom(...terminationCause.options),
    node: fc.option(fc.constantFrom("node-a", "node-b", "ip-10-0-1-2"), { nil: null }),
    namespace: fc.constantFrom("default", "shop", "batch"),
    pod: fc.oneof(name, fc.constant("")),
    kind: fc.constantFrom("Deployment", "Pod", "Node"),
    workload: name,
  })
  .map((r) => ({
    id: `t${r.n}`,
    time: r.ago == null ? null : new Date(NOW - r.ago * 1000).toISOString(),
    cause: r.cause,
    node: r.node,
    namespace: r.namespace,
    pod: r.pod,
    workload: { kind: r.kind, name: r.workload },
    priority: 0,
    message: "",
  }));
const arbFilters: fc.Arbitrary<TerminationFilters> = fc.record({
  q: fc.oneof(fc.constant(""), fc.constantFrom("web", "SHOP", "node-", "10-0")),
  pod: fc.oneof(fc.constant(""), fc.constantFrom("default/web", "shop/api")),
  namespace: fc.oneof(fc.constant(""), fc.constantFrom("default", "shop")),
  workload: fc.oneof(fc.constant(""), fc.constantFrom("Deployment/web", "Node/api")),
  node: fc.oneof(fc.constant(""), fc.constantFrom("node-a", "node-b")),
  cause: fc.oneof(fc.constant("" as const), fc.constantFrom(...terminationCause.options)),
  since: fc.constantFrom(...(Object.keys(SINCE) as (keyof typeof SINCE)[])),
});

describe("filterTerminations", () => {
  it("keeps exactly the terminations that match every filter set, in their order", () => {
    fc.assert(
      fc.property(fc.array(arbTermination, { maxLength: 40 }), arbFilters, (list, f) => {
        const out = filterTerminations(list, f, NOW);
        const matches = (t: Termination) =>
          (!f.pod || podKey(t) === f.pod) &&
          (!f.namespace || t.namespace === f.namespace) &&
          (!f.workload || workloadKey(t) === f.workload) &&
          (!f.node || t.node === f.node) &&
          (!f.cause || t.cause === f.cause) &&
          (f.since === "all" || (t.time !== null && NOW - Date.parse(t.time) <= SINCE[f.since] * 1000)) &&
          (!f.q || [t.pod, t.namespace, t.workload.name, t.node ?? ""].join("\n").toLowerCase().includes(f.q.toLowerCase()));
        expect(out).toEqual(list.filter(matches));
      }),
    );
  });
  it("with no filter set keeps everything", () => {
    fc.assert(
      fc.property(fc.array(arbTermination), (list) => {
        expect(filterTerminations(list, NO_FILTERS, NOW)).toEqual(list);
      }),
    );
  });
  it("finds one pod by part of its name", () => {
    const list = fc.sample(arbTermination, { numRuns: 50, seed: 7 });
    const out = filterTerminations(list, { ...NO_FILTERS, q: "resiz" }, NOW);
    expect(out.length).toBeGreaterThan(0);
    expect(out.every((t) => [t.pod, t.workload.name].some((s) => s.includes("resizer")))).toBe(true);
  });
  it("offers as facets only values the terminations have", () => {
    fc.assert(
      fc.property(fc.array(arbTermination, { maxLength: 30 }), (list) => {
        const f = facetsOf(list);
        for (const ns of f.namespaces) expect(list.some((t) => t.namespace === ns)).toBe(true);
        for (const c of f.causes) expect(list.some((t) => t.cause === c)).toBe(true);
        expect(f.nodes).toEqual([...new Set(list.map((t) => t.node).filter(Boolean))].sort());
      }),
    );
  });
});

describe("termination filters in the URL", () => {
  it("round-trip through search params", () => {
    fc.assert(
      fc.property(arbFilters, (f) => {
        const { filters, invalid } = parseTerminationFilters(serializeTerminationFilters(f));
        expect(invalid).toEqual([]);
        expect(filters).toEqual(f);
      }),
    );
  });
  it("leave out what is not set", () => {
    expect(serializeTerminationFilters(NO_FILTERS).toString()).toBe("");
    expect(serializeTerminationFilters({ ...NO_FILTERS, pod: "shop/web-1", since: "1h" }).toString()).toBe(
      "pod=shop%2Fweb-1&since=1h",
    );
  });
  it("drop a bad value and name the parameter", () => {
    const { filters, invalid } = parseTerminationFilters(new URLSearchParams("cause=explosion&since=2w&node=n1"));
    expect(filters).toEqual({ ...NO_FILTERS, node: "n1" });
    expect(invalid.map((i) => i.param)).toEqual(["cause", "since"]);
    expect(invalid[0]!.reason).toMatch(/kubelet-eviction/);
  });
});
