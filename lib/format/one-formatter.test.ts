// The lint check for "one formatting module": a time formatted anywhere but lib/format/ would bring
// back "13:18:44" beside "11/24/2026, 12:15:42 PM", and a count formatted by hand would drift from
// formatCount. Product code (app, bin, components, lib, scripts) must go through lib/format.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

import { productSources, ROOT } from "@/tests/source-files";

const FORBIDDEN = /\.toLocale(Time|Date)?String\(|new Intl\.DateTimeFormat\(|\.toISOString\(\)\.slice\(11/;

/** Each `file:line` outside lib/format that formats a time or a number by hand. */
function handFormatted(files: string[], read: (f: string) => string): string[] {
  return files
    .filter((f) => !f.startsWith(join("lib", "format")))
    .flatMap((f) =>
      read(f)
        .split("\n")
        .flatMap((line, i) => (FORBIDDEN.test(line) ? [`${relative(ROOT, join(ROOT, f))}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe("one formatting module", () => {
  const files = productSources();
  it("scans the product's sources", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain(join("lib", "format", "times.ts"));
  });
  it("finds a second time formatter when there is one", () => {
    const fake: Record<string, string> = {
      "components/x.tsx": "const a = 1;\nreturn new Date(t).toLocaleTimeString();",
      "lib/format/times.ts": "new Intl.DateTimeFormat(undefined, {})",
      "bin/y.ts": "n.toLocaleString('en-US')",
    };
    expect(handFormatted(Object.keys(fake), (f) => fake[f]!)).toEqual([
      "components/x.tsx:2: return new Date(t).toLocaleTimeString();",
      "bin/y.ts:1: n.toLocaleString('en-US')",
    ]);
  });
  it("has no toLocaleString, toLocaleTimeString or DateTimeFormat outside lib/format", () => {
    expect(handFormatted(files, (f) => readFileSync(join(ROOT, f), "utf8"))).toEqual([]);
  });
});
