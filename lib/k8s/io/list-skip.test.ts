import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { parseListSkipping } from "./list-skip";

// What the scanner must equal: JSON.parse of the page with the items the pod trim would drop
// removed (a non-empty string spec.nodeName the replica does not keep).
function expected(text: string, keep: (n: string) => boolean): { page: unknown; skipped: number } {
  const page = JSON.parse(text) as { items?: unknown };
  if (!Array.isArray(page.items)) return { page, skipped: 0 };
  const dropped = (p: unknown) => {
    const node = (p as { spec?: { nodeName?: unknown } } | null)?.spec?.nodeName;
    return typeof p === "object" && p !== null && !Array.isArray(p) && typeof node === "string" && node !== "" && !keep(node);
  };
  const items = page.items.filter((p) => !dropped(p));
  return { page: { ...page, items }, skipped: page.items.length - items.length };
}

const keepEven = (n: string) => /[02468]$/.test(n);

const nodeName = fc.oneof(
  fc.constantFrom("node-1", "node-2", "", "n\u00e9-4", 'quo"te-6', "back\\slash-3", "line\nbreak-8"),
  fc.string(),
);
const pod = fc.record(
  {
    metadata: fc.record({
      name: fc.string(),
      namespace: fc.constantFrom("default", "team-1"),
      annotations: fc.dictionary(fc.constantFrom("nodeName", "spec", "x"), fc.string()),
    }),
    spec: fc.oneof(
      fc.record(
        { nodeName, containers: fc.array(fc.record({ name: fc.string(), args: fc.array(fc.string()) })) },
        { requiredKeys: [] },
      ),
      fc.constant(null),
      fc.record({ nodeName: fc.oneof(fc.constant(null), fc.integer()) }),
    ),
    status: fc.record({ phase: fc.constantFrom("Running", "Pending"), nodeName: nodeName }),
  },
  { requiredKeys: ["metadata"] },
);
const list = fc.record({
  kind: fc.constant("PodList"),
  metadata: fc.record({ resourceVersion: fc.string(), continue: fc.string() }, { requiredKeys: [] }),
  items: fc.array(
    fc.oneof({ weight: 9, arbitrary: pod }, { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.string(), fc.integer()) }),
  ),
});

describe("parseListSkipping", () => {
  it("equals JSON.parse minus the pods of nodes not kept, for any list and any spacing", () => {
    fc.assert(
      fc.property(list, fc.constantFrom(undefined, 2, "\t"), (l, indent) => {
        const text = JSON.stringify(l, null, indent);
        expect(parseListSkipping(text, keepEven)).toEqual(expected(text, keepEven));
      }),
      { numRuns: 300 },
    );
  });

  it("reads the node name from spec only, and escapes in keys and names as JSON.parse does", () => {
    const text =
      '{"items":[{"metadata":{"annotations":{"nodeName":"node-2"}},"spec":{"nodeName":"node-1"}},' +
      '{"sp\\u0065c":{"node\\u004eame":"node-\\u0032"}},{"spec":{"nodeName":"node-3"},"status":{"nodeName":"node-2"}},' +
      '{"spec":{"nodeName":"node-3"},"spec":{"x":1}},{"spec":{"nodeName":"node-5"},"spec":null}]}';
    const { page, skipped } = parseListSkipping(text, keepEven);
    expect(skipped).toBe(2);
    expect(page).toEqual(JSON.parse('{"items":[{"sp\\u0065c":{"nodeName":"node-2"}},' + '{"spec":{"x":1}},{"spec":null}]}'));
  });

  it("keeps the other members as JSON.parse builds them, a __proto__ key included", () => {
    const text = '{"__proto__":{"a":1},"metadata":{"resourceVersion":"7"},"items":[]}';
    const { page } = parseListSkipping(text, keepEven);
    expect(page).toEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(page)).toBe(Object.prototype);
  });

  it("takes the last of repeated items keys, as JSON.parse does", () => {
    for (const text of [
      '{"items":[{"spec":{"nodeName":"node-2"}}],"items":null}',
      '{"items":7,"items":[{"a":1},{"spec":{"nodeName":"node-1"}}]}',
    ])
      expect(parseListSkipping(text, keepEven)).toEqual(expected(text, keepEven));
  });

  it("fails as JSON.parse fails on text that is not JSON", () => {
    for (const bad of [
      '{"items":[{"spec":{"nodeName":"node-1"}}',
      '{"items":[]} x',
      "",
      '{"items":[{"spec":{"nodeName":"node-1}}]}',
    ])
      expect(() => parseListSkipping(bad, keepEven)).toThrow(SyntaxError);
  });
});
