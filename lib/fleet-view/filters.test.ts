import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { DEFAULT_STATE, emptyWhatIf, SORTS, type UrlState } from "@/lib/client/url-state";
import type { NodeRow } from "@/lib/contract/dto";

import { filterAndSortNodes, poolsOf, sortValue, worstMarginOf } from "./filters";

function row(name: string, memFraction: number | null, extra: Partial<NodeRow> = {}): NodeRow {
  return {
    name,
    pool: name.startsWith("gpu") ? "gpu" : "general",
    labels: {},
    ready: "True",
    conditions: { MemoryPressure: false, DiskPressure: false, PIDPressure: false, NetworkUnavailable: false },
    unschedulable: false,
    leaseAgeSeconds: 5,
    leaseDurationSeconds: 40,
    worstMargin: {
      memory:
        memFraction == null
          ? null
          : { signal: "memory.available", margin: 1, fraction: memFraction, kind: "hard", met: memFraction < 0 },
      disk: null,
      pid: null,
    },
    capacity: {},
    allocatable: {},
    requested: {},
    used: {},
    podCount: 1,
    collection: { state: "ok", ageSeconds: 1, error: null, configSource: "configz" },
    configId: "a",
    observations: {},
    ...extra,
  };
}

const state = (s: Partial<UrlState>): UrlState => ({ ...DEFAULT_STATE, whatIf: emptyWhatIf(), ...s });
const rows = [
  row("b", 0.5),
  row("a", 0.02),
  row("gpu-1", null),
  row("c", 0.1, { conditions: { MemoryPressure: true, DiskPressure: false, PIDPressure: false, NetworkUnavailable: false } }),
];

describe("filterAndSortNodes", () => {
  it("sorts by smallest memory margin first, unknown last", () => {
    expect(filterAndSortNodes(rows, state({})).map((r) => r.name)).toEqual(["a", "c", "b", "gpu-1"]);
  });
  it("sorts by the soonest expected eviction, nodes without one last", () => {
    const ev = (at: number) => ({ nextEviction: { at, signal: "memory.available", because: "grace" as const } });
    const fleet = [
      row("late", 0.5, ev(2000)),
      row("none", 0.01),
      row("soon", 0.5, ev(1000)),
      row("absent", 0.3, { nextEviction: undefined }),
    ];
    expect(filterAndSortNodes(fleet, state({ sort: "eviction" })).map((r) => r.name)).toEqual(["soon", "late", "absent", "none"]);
  });
  it("filters pressure, pool, search and margin", () => {
    expect(filterAndSortNodes(rows, state({ filter: "pressure" })).map((r) => r.name)).toEqual(["c"]);
    expect(filterAndSortNodes(rows, state({ pool: "gpu" })).map((r) => r.name)).toEqual(["gpu-1"]);
    expect(filterAndSortNodes(rows, state({ q: "GPU" })).map((r) => r.name)).toEqual(["gpu-1"]);
    expect(filterAndSortNodes(rows, state({ marginBelow: 0.2 })).map((r) => r.name)).toEqual(["a", "c"]);
  });
  it("filters by a label selector, and ignores one still being typed", () => {
    const zoned = [
      row("z1", 0.5, { labels: { "topology.kubernetes.io/zone": "eu-1a", "node.kubernetes.io/instance-type": "m5.large" } }),
      row("z2", 0.4, {
        labels: { "topology.kubernetes.io/zone": "eu-1b", "node.kubernetes.io/instance-type": "m5.large", spot: "true" },
      }),
      row("z3", 0.3, { labels: { "topology.kubernetes.io/zone": "eu-1c" } }),
    ];
    const names = (label: string) => filterAndSortNodes(zoned, state({ label, sort: "name" })).map((r) => r.name);
    expect(names("topology.kubernetes.io/zone=eu-1a")).toEqual(["z1"]);
    expect(names("topology.kubernetes.io/zone in (eu-1a, eu-1b),!spot")).toEqual(["z1"]);
    expect(names("node.kubernetes.io/instance-type")).toEqual(["z1", "z2"]);
    expect(names("topology.kubernetes.io/zone notin (eu-1a),node.kubernetes.io/instance-type!=m5.large")).toEqual(["z3"]);
    expect(names("topology.kubernetes.io/zone in (eu-1a,")).toEqual(["z1", "z2", "z3"]);
  });
  it("sorts by name descending", () => {
    expect(filterAndSortNodes(rows, state({ sort: "name", desc: true })).map((r) => r.name)).toEqual(["gpu-1", "c", "b", "a"]);
  });
  it("lists pools", () => {
    expect(poolsOf(rows)).toEqual(["general", "gpu"]);
  });
  it("sorts names naturally: fleet-2 before fleet-10, fleet-10 before fleet-100", () => {
    const fleet = ["fleet-100", "fleet-10", "fleet-2", "fleet-1", "Fleet-3", "fleet-0"].map((n) => row(n, 0.5));
    expect(filterAndSortNodes(fleet, state({ sort: "name" })).map((r) => r.name)).toEqual([
      "fleet-0",
      "fleet-1",
      "fleet-2",
      "Fleet-3",
      "fleet-10",
      "fleet-100",
    ]);
    // ties on margin fall back to the natural name order too
    expect(filterAndSortNodes(fleet, state({})).map((r) => r.name)).toEqual([
      "fleet-0",
      "fleet-1",
      "fleet-2",
      "Fleet-3",
      "fleet-10",
      "fleet-100",
    ]);
  });
  it("picks the worst margin of a node: a met threshold first, else the smallest fraction", () => {
    const m = (signal: string, fraction: number, met = false) => ({
      signal,
      margin: fraction * 100,
      fraction,
      kind: "hard" as const,
      met,
    });
    expect(worstMarginOf(row("x", null))).toBeNull();
    expect(
      worstMarginOf(
        row("x", 0.4, { worstMargin: { memory: m("memory.available", 0.4), disk: m("nodefs.available", 0.1), pid: null } }),
      )?.signal,
    ).toBe("nodefs.available");
    expect(
      worstMarginOf(
        row("x", 0.4, {
          worstMargin: { memory: m("memory.available", 0.01), disk: m("nodefs.available", 0.1, true), pid: null },
        }),
      )?.signal,
    ).toBe("nodefs.available");
  });
});

describe("every fleet column sorts", () => {
  const cond = (MemoryPressure: boolean, DiskPressure: boolean) => ({
    conditions: { MemoryPressure, DiskPressure, PIDPressure: false, NetworkUnavailable: false },
  });
  const names = (fleet: NodeRow[], sort: UrlState["sort"], desc = false) =>
    filterAndSortNodes(fleet, state({ sort, desc })).map((r) => r.name);

  it("readiness: NotReady, then unknown, then Ready", () => {
    const fleet = [row("up", 0.5), row("gone", 0.5, { ready: "Unknown" }), row("down", 0.5, { ready: "False" })];
    expect(names(fleet, "ready")).toEqual(["down", "gone", "up"]);
  });
  it("conditions: most set first", () => {
    const fleet = [row("calm", 0.5), row("two", 0.5, cond(true, true)), row("one", 0.5, cond(false, true))];
    expect(names(fleet, "conditions")).toEqual(["two", "one", "calm"]);
  });
  it("pool: A to Z, nodes without a pool last", () => {
    const fleet = [row("b", 0.5, { pool: "zeta" }), row("a", 0.5, { pool: undefined }), row("c", 0.5, { pool: "alpha" })];
    expect(names(fleet, "pool")).toEqual(["c", "b", "a"]);
  });
  it("memory used: fullest first, nodes without allocatable last", () => {
    const used = (u: number) => ({ allocatable: { memory: 100 }, used: { memory: u } });
    const fleet = [row("half", 0.5, used(50)), row("none", 0.5), row("full", 0.5, used(95))];
    expect(names(fleet, "usage")).toEqual(["full", "half", "none"]);
    expect(names(fleet, "usage", true)).toEqual(["none", "half", "full"]);
  });
  it("stats: failed collections, then stale, then the oldest", () => {
    const c = (state: NodeRow["collection"]["state"], ageSeconds: number) => ({
      collection: { state, ageSeconds, error: null, configSource: "configz" as const },
    });
    const fleet = [
      row("fresh", 0.5, c("ok", 2)),
      row("old", 0.5, c("ok", 30)),
      row("bad", 0.5, c("failed", 1)),
      row("late", 0.5, c("stale", 90)),
    ];
    expect(names(fleet, "stats")).toEqual(["bad", "late", "old", "fresh"]);
  });
  it("worst margin: a met threshold first, then the smallest fraction, unknown last", () => {
    expect(names(rows, "worst")).toEqual(["a", "c", "b", "gpu-1"]);
  });
  it("pods: fewest first; a second click (desc) reverses", () => {
    const fleet = [row("x", 0.5, { podCount: 9 }), row("y", 0.5, { podCount: 1 })];
    expect(names(fleet, "pods")).toEqual(["y", "x"]);
    expect(names(fleet, "pods", true)).toEqual(["x", "y"]);
  });
});

describe("the keyed sort", () => {
  // The comparator filters.ts used before each row's value and name key were computed once.
  const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
  const byName = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
  const fraction = fc.oneof(fc.constant(null), fc.constantFrom(0.1, 0.42, -0.2), fc.double({ min: -1, max: 1, noNaN: true }));
  const name = fc.oneof(
    fc.stringMatching(/^(fleet|ip-10-0)-0?[0-9]{1,3}(\.[a-z]{1,3})?$/),
    fc.stringMatching(/^[A-Za-z_0-9-]{1,6}$/),
  );
  const fleetRow = fc
    .tuple(name, fraction, fc.option(fc.constantFrom("general", "GPU_pool", "pool-10", "pool-9")), fc.nat({ max: 3 }))
    .map(([n, f, pool, pods]) => row(n, f, { pool: pool ?? undefined, podCount: pods }));

  it("orders rows as the comparator it replaced, for every column and direction", () => {
    fc.assert(
      fc.property(fc.array(fleetRow, { maxLength: 40 }), fc.constantFrom(...SORTS), fc.boolean(), (fleet, sort, desc) => {
        const s = state({ sort, desc });
        const dir = desc ? -1 : 1;
        const value = (r: NodeRow) => sortValue(r, sort);
        const expected = fleet.toSorted((a, b) => {
          const va = value(a);
          const vb = value(b);
          const c = typeof va === "string" ? byName(va, vb as string) : (va as number) - (vb as number);
          return (Number.isNaN(c) ? 0 : c * dir) || byName(a.name, b.name);
        });
        expect(filterAndSortNodes(fleet, s)).toEqual(expected);
      }),
      { numRuns: 2_000 },
    );
  });
});
