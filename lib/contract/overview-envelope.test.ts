// The browser's zod-free overview check against the schema it stands in for: on good documents and
// on documents broken at every place and at random places, both give the same verdict, and the
// error the checker throws is zod's first issue: the same field and the same words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { RUNS } from "@/tests/property/arbitraries";

import { clusterOverviewInBrowser } from "./dto";
import { parseOverviewEnvelope } from "./overview-envelope";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** zod's verdict, as parseOverviewEnvelope words it: null when accepted, else its first issue. */
function zodVerdict(doc: unknown): string | null {
  const r = clusterOverviewInBrowser.safeParse(doc);
  if (r.success) return null;
  const first = r.error.issues[0]!;
  return `${first.path.join(".") || "document"}: ${first.message}`;
}

function ourVerdict(doc: unknown): string | null {
  try {
    parseOverviewEnvelope(doc);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

const row = (name: string): Json => ({
  name,
  pool: null,
  labels: { "kubernetes.io/hostname": name },
  worstMargin: { memory: null, disk: null, pid: null },
  observations: { "memory.available": { available: 1, capacity: 2 } },
});

const good = (): Json => ({
  generatedAt: "2026-11-25T01:00:00Z",
  cluster: {
    context: "c",
    contexts: ["c", "d"],
    demo: false,
    collectionMode: "proxy",
    ready: true,
    nodesTotal: 2,
    nodesCollected: 2,
    apiServer: { reachable: false, error: "timeout" },
    podsListed: 1500,
    replicas: { identity: "r-0", members: ["r-0", "r-1"], unreachable: [] },
  },
  summary: { nodesUnderPressure: 1, evictionsLastHour: 3, reserved: { memory: 1e9 }, capacity: { memory: 8e9, cpu: 4 } },
  nodes: [row("n1"), row("n2")],
  configs: {
    a: { kubeletConfig: { evictionHard: { "memory.available": "100Mi" } }, kubeletFlags: null, source: "configz" },
    b: { kubeletConfig: null, kubeletFlags: "--max-pods=110", source: "defaults" },
  },
});

/** Every place in a document: the paths of all its values, the root included. */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

/** A copy of `doc` with the value at `path` replaced (or removed, for undefined). */
function put(doc: Json, path: (string | number)[], value: Json | undefined): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let parent = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = value;
  return copy;
}

const WRONG: (Json | undefined)[] = [undefined, null, 0, -1.5, "", "x", "proxy", true, false, [], ["x"], {}, { name: "n" }];

describe("parseOverviewEnvelope against clusterOverviewInBrowser", () => {
  it("accepts what the schema accepts, and hands the document over as received", () => {
    const doc = good();
    expect(zodVerdict(doc)).toBeNull();
    expect(parseOverviewEnvelope(doc)).toBe(doc);
    const minimal = put(
      put(put(good(), ["cluster", "replicas"], undefined) as Json, ["cluster", "podsListed"], undefined) as Json,
      ["nodes"],
      [],
    );
    expect(zodVerdict(minimal)).toBeNull();
    expect(ourVerdict(minimal)).toBeNull();
  });

  it("gives zod's verdict and first error with each place of a good document broken each way", () => {
    let refused = 0;
    for (const path of paths(good()))
      for (const value of WRONG) {
        const doc = put(good(), path, value);
        const want = zodVerdict(doc);
        expect({ path, value, verdict: ourVerdict(doc) }).toEqual({ path, value, verdict: want });
        if (want) refused++;
      }
    // the table must exercise refusals, not only documents both accept
    expect(refused).toBeGreaterThan(200);
  });

  it("names the field in the words a person reads on the fleet page", () => {
    expect(ourVerdict(put(good(), ["cluster", "collectionMode"], "exec"))).toBe(
      'cluster.collectionMode: Invalid option: expected one of "direct"|"proxy"',
    );
    expect(ourVerdict(put(good(), ["summary", "reserved", "memory"], "1Gi"))).toBe(
      "summary.reserved.memory: Invalid input: expected number, received string",
    );
    expect(ourVerdict(put(good(), ["nodes", 1], { name: "n2" }))).toBe("nodes.1: must be a node row");
    expect(ourVerdict([])).toBe("document: Invalid input: expected object, received array");
  });

  it("agrees with zod on keys that are prototype names, and on NaN and infinities", () => {
    const proto = () => JSON.parse('{"__proto__": 5, "constructor": 1}') as Json;
    for (const place of [["summary", "reserved"], ["configs"], ["configs", "a", "kubeletConfig"]])
      expect(ourVerdict(put(good(), place, proto()))).toBe(zodVerdict(put(good(), place, proto())));
    // zod does not check a record's "__proto__" entry and leaves it out; the checker drops it
    const doc = put(good(), ["summary", "reserved"], JSON.parse('{"__proto__": "x", "memory": 1}') as Json);
    expect(zodVerdict(doc)).toBeNull();
    expect(Object.keys(parseOverviewEnvelope(doc).summary.reserved)).toEqual(["memory"]);
    for (const n of [NaN, Infinity, -Infinity]) {
      const doc = put(good(), ["cluster", "nodesTotal"], n);
      expect(ourVerdict(doc)).not.toBeNull();
      expect(zodVerdict(doc)).not.toBeNull();
    }
  });

  it("gives zod's verdict and first error on random documents and random breakages", () => {
    const json = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
    const broken = fc
      .tuple(fc.nat(), fc.option(json, { nil: undefined }), fc.nat(), fc.option(json, { nil: undefined }))
      .map(([i, a, j, b]) => {
        const base = good();
        const ps = paths(base);
        const once = put(base, ps[i % ps.length]!, a) as Json;
        // a second breakage, so the order in which fields are checked is tested too
        const ps2 = paths(once);
        return j % 3 === 0 ? put(once, ps2[j % ps2.length]!, b) : once;
      });
    fc.assert(
      fc.property(fc.oneof(broken, json), (doc) => {
        expect(ourVerdict(doc)).toBe(zodVerdict(doc));
      }),
      { numRuns: RUNS },
    );
  });
});
