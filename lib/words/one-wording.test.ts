// The check for "one wording module": the sentences that say what the kubelet does to a node or a pod
// are built in lib/words only, so the CLI, the node page, the what-if and the forecast cannot drift
// apart again (they once said three different things about one node). Product code outside lib/words
// must not spell these phrases itself; it calls the builders here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { productSources, ROOT } from "@/tests/source-files";

/** Phrases of the verdict sentences, each owned by one builder in lib/words. */
const OWNED = [
  /over its request/,
  /within its request/,
  /No Summary API data/,
  /closest threshold/,
  /No threshold met/,
  /No pressure;/,
];

/** Each `file:line` outside lib/words that writes one of the owned phrases (comments included: they go stale too). */
function secondBuilders(files: string[], read: (f: string) => string): string[] {
  return files
    .filter((f) => !f.startsWith(join("lib", "words") + "/"))
    .flatMap((f) =>
      read(f)
        .split("\n")
        .flatMap((line, i) => (OWNED.some((re) => re.test(line)) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe("one wording module", () => {
  const files = productSources();
  it("scans the product's sources, lib/words among them", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain(join("lib", "words", "standing.ts"));
  });
  it("finds a second verdict sentence builder when there is one", () => {
    const fake: Record<string, string> = {
      "components/x.tsx": "const a = 1;\nreturn `${pod} is ${over} over its request`;",
      "lib/words/standing.ts": '"within its request"',
    };
    expect(secondBuilders(Object.keys(fake), (f) => fake[f]!)).toEqual([
      "components/x.tsx:2: return `${pod} is ${over} over its request`;",
    ]);
  });
  it("has none outside lib/words", () => {
    expect(secondBuilders(files, (f) => readFileSync(join(ROOT, f), "utf8"))).toEqual([]);
  });
});
