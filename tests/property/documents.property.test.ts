// Arbitrary JSON documents through both doors of the contract (issue 14, item 1): the HTTP route
// answers 200 with a complete document or a 4xx naming the field, never a 500; the CLI exits 0
// or 2, never 1 ("internal error").
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { POST } from "@/app/api/analyze/route";
import { main } from "@/bin/cli";
import { nestedText, runCli, validDoc, writeTemp } from "@/tests/hostile/helpers";

import { FIELD_ERROR, nastyString, nastyValue, RUNS } from "./arbitraries";

const OUTPUT_KEYS = [
  "node",
  "thresholdSource",
  "thresholds",
  "reservation",
  "allocatable",
  "signals",
  "conditions",
  "pods",
  "rankings",
  "replay",
];
// The optional sections come last, both of them exactly when the input has a Summary.
const outputKeys = (doc: Record<string, unknown>) => (doc.psi === undefined ? OUTPUT_KEYS : [...OUTPUT_KEYS, "psi", "swap"]);
const FIELDS = ["node", "pods", "summary", "kubeletConfig", "kubeletFlags", "featureGates", "filesystems", "whatIf", "now"];

// Values that broke the server before: past float64, past int64, thousands of levels deep.
const hostile: fc.Arbitrary<string> = fc.oneof(
  nastyValue.map((v) => JSON.stringify(v) ?? "null"),
  fc.constantFrom("1e400", "-1e400", `"1e400"`, `"-1e400"`, `"${"9".repeat(400)}"`, `"9223372036854775808"`, `"1e19"`),
  fc.integer({ min: 1, max: 6000 }).map((d) => nestedText(d)),
  fc.integer({ min: 1, max: 6000 }).map((d) => "[".repeat(d) + "]".repeat(d)),
);

// A valid document with one hostile value put at a random place in it (as JSON text, so values
// JSON.parse itself turns into Infinity, such as 1e400, arrive as a client would send them).
const PLACES = [
  () => ({
    ...validDoc(),
    pods: [{ ...validDoc().pods[0], spec: { containers: [{ name: "c", resources: { requests: { memory: "@" } } }] } }],
  }),
  () => ({ ...validDoc(), node: { metadata: { name: "n" }, status: { capacity: { memory: "@", cpu: "4" } } } }),
  () => ({ ...validDoc(), kubeletConfig: { kubeReserved: { memory: "@" } } }),
  () => ({ ...validDoc(), kubeletConfig: { evictionHard: { "memory.available": "@" } } }),
  () => ({ ...validDoc(), summary: { node: { memory: { availableBytes: "@" } }, pods: [] } }),
  () => ({ ...validDoc(), featureGates: { PodLevelResources: "@" } }),
  () => ({ ...validDoc(), now: "@" }),
  () => ({ ...validDoc(), whatIf: { kubeReserved: { memory: "@" }, usageScale: { memory: "@" } } }),
];
const placed = fc.tuple(fc.nat(PLACES.length - 1), hostile).map(([i, v]) => JSON.stringify(PLACES[i]!()).replace(/"@"/g, v));
const documents = fc.oneof(
  placed,
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
  fc
    .dictionary(
      fc.constantFrom(...FIELDS),
      fc.oneof(
        hostile,
        nastyString.map((s) => JSON.stringify(s)),
      ),
      { maxKeys: 4 },
    )
    .map(
      (d) =>
        `{${Object.entries(d)
          .map(([k, v]) => `"${k}":${v}`)
          .join(",")}}`,
    ),
);

describe("arbitrary JSON documents", () => {
  it("POST /api/analyze answers 200 with a complete document or a 4xx naming the field", async () => {
    await fc.assert(
      fc.asyncProperty(documents, async (body) => {
        const res = await POST(new Request("http://h/api/analyze", { method: "POST", body }));
        const json = (await res.json()) as Record<string, unknown>;
        if (res.status === 200) expect(Object.keys(json)).toEqual(outputKeys(json));
        else {
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(json.error).toMatch(FIELD_ERROR);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("the CLI exits 0 with a complete document or 2 naming the field, never 1", async () => {
    await fc.assert(
      fc.asyncProperty(documents, async (body) => {
        const r = await runCli(main, ["analyze", writeTemp("doc.json", body), "--output", "json"]);
        expect(r.status === 0 || r.status === 2, r.stderr).toBe(true);
        if (r.status === 0) {
          const out = JSON.parse(r.stdout) as Record<string, unknown>;
          expect(Object.keys(out)).toEqual(outputKeys(out));
        } else expect(r.stderr).toMatch(/^headroom: ([A-Za-z_"[]|\/)/);
      }),
      { numRuns: Math.min(RUNS, 3000) },
    );
  });
});
