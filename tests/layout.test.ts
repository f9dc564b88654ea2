// The layout rules of docs/architecture.md, checked: nothing loose at the top of lib/, and no folder of
// lib/ with more than 20 source files directly in it (split a concept into sub-folders past that).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const isSource = (name: string) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name);

function folders(dir: string): string[] {
  const subs = readdirSync(join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory());
  return [dir, ...subs.flatMap((e) => folders(join(dir, e.name)))];
}

describe("lib/ layout", () => {
  it("has no file at its top: every module lives in the folder of its concept", () => {
    const loose = readdirSync(join(root, "lib"), { withFileTypes: true }).filter((e) => e.isFile());
    expect(loose.map((e) => e.name)).toEqual([]);
  });

  it("has no folder with more than 20 source files directly in it", () => {
    const all = folders("lib");
    expect(all.length).toBeGreaterThan(20); // the walk reached the sub-folders
    const crowded = all
      .map((dir) => ({ dir, files: readdirSync(join(root, dir)).filter(isSource).length }))
      .filter((f) => f.files > 20);
    expect(crowded).toEqual([]);
  });
});
