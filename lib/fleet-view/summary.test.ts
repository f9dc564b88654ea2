import { describe, expect, it } from "vitest";

import { DEFAULT_STATE, emptyWhatIf, parseUrlState, type UrlState } from "@/lib/client/url-state";
import type { ClusterOverview, NodeRow } from "@/lib/contract/dto";

import { fleetStats, inFirstSync, nodeLinkQuery } from "./summary";

const GiB = 1024 ** 3;
const conditions = (memory: boolean) => ({
  MemoryPressure: memory,
  DiskPressure: false,
  PIDPressure: false,
  NetworkUnavailable: false,
});
const rows = [
  { conditions: conditions(true) },
  { conditions: conditions(false) },
  { conditions: conditions(false) },
] as NodeRow[];
const summary = (reserved: number, capacity: number): ClusterOverview["summary"] => ({
  nodesUnderPressure: 1,
  evictionsLastHour: 4,
  reserved: { memory: reserved },
  capacity: { memory: capacity },
});

describe("fleetStats", () => {
  it("counts the nodes, those under pressure and the evictions, and the memory lost to reservations with its share", () => {
    expect(fleetStats({ nodes: rows, summary: summary(3 * GiB, 24 * GiB), cluster: { nodesTotal: 3 } })).toEqual({
      nodes: 3,
      pressured: 1,
      evictionsLastHour: 4,
      reservedMemory: "3Gi (12.5%)",
    });
  });
  it("says – for the reservations when no memory capacity is known", () => {
    expect(fleetStats({ nodes: [], summary: summary(0, 0), cluster: { nodesTotal: 0 } }).reservedMemory).toBe("–");
  });
  it("while rows wait for the first pod list: the cluster's node count, and – for what only rows and pods tell", () => {
    const waiting = { nodes: [], summary: summary(3 * GiB, 24 * GiB), cluster: { nodesTotal: 5000, podsListed: 120_000 } };
    expect(fleetStats(waiting)).toEqual({ nodes: 5000, pressured: "–", evictionsLastHour: "–", reservedMemory: "–" });
  });
});

describe("inFirstSync", () => {
  it("is true while not ready, but not when a replica's silence is the reason", () => {
    expect(inFirstSync({ ready: false })).toBe(true);
    expect(inFirstSync({ ready: true })).toBe(false);
    expect(inFirstSync({ ready: false, replicas: { identity: "a", members: ["a", "b"], unreachable: ["b"] } })).toBe(false);
  });
});

describe("nodeLinkQuery", () => {
  const state = (s: Partial<UrlState>): UrlState => ({ ...DEFAULT_STATE, whatIf: emptyWhatIf(), ...s });
  it("leaves out the fleet's own search, sort and filters", () => {
    expect(nodeLinkQuery(state({ q: "gpu", sort: "pods", desc: true, filter: "pressure", pool: "a", label: "x=y" }))).toBe("");
  });
  it("carries the rest (here the theme) as a query string that parses back", () => {
    const q = nodeLinkQuery(state({ q: "gpu", theme: "dark" }));
    expect(q.startsWith("?")).toBe(true);
    expect(parseUrlState(new URLSearchParams(q.slice(1))).state).toMatchObject({ theme: "dark", q: "" });
  });
});
