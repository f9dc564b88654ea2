// The docs/ folder cites files and functions of this repository; these checks fail when a rename
// or a move leaves a citation behind, and when a doc points outside the repository.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const docs = readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md"));
const read = (f: string) => readFileSync(join(root, "docs", f), "utf8");
// Top-level folders of this repository; a backticked path starting with one of them is ours
// (kubelet sources are cited as pkg/…, cmd/… and staging/…, which are not).
const OURS = /^(app|bin|components|deploy|docs|e2e|lib|scripts|tests)\//;

/** Backticked repository paths (`lib/k8s/cache.ts`) in a Markdown text. */
function citedPaths(text: string): string[] {
  return [...text.matchAll(/`([\w./[\]-]+)`/g)].map((m) => m[1]!).filter((p) => OURS.test(p) && !p.includes("*"));
}

/** Resolves a cited file: bare names in engine-rules.md are lib/eviction files. */
function resolveCited(file: string): string {
  return file.includes("/") ? join(root, file) : join(root, "lib", "eviction", file);
}

describe("docs/", () => {
  it("has its documents", () => {
    expect(docs.sort()).toEqual(["analyze-contract.md", "architecture.md", "benchmarks.md", "engine-rules.md", "pages.md"]);
  });

  it.each(docs)("%s links only to files in the repository", (f) => {
    const text = read(f);
    expect(text).not.toMatch(/shared\/|\.\.\/|\/work\//);
    for (const [, target] of text.matchAll(/\]\(([^)]+)\)/g)) {
      expect(target, `${f} links to ${target}`).not.toMatch(/^[a-z]+:/);
      expect(existsSync(join(root, "docs", target!.split("#")[0]!)), `${f} links to ${target}`).toBe(true);
    }
  });

  it.each(docs)("%s cites repository paths that exist", (f) => {
    for (const p of citedPaths(read(f))) expect(existsSync(join(root, p.replace(/\/$/, ""))), `${f} cites ${p}`).toBe(true);
  });

  it("engine-rules.md names engine files that exist and functions they define", () => {
    const text = read("engine-rules.md");
    const bare = [...text.matchAll(/`([\w-]+\.ts)`/g)].map((m) => m[1]!);
    expect(bare.length).toBeGreaterThan(30);
    for (const file of bare) expect(existsSync(resolveCited(file)), `engine-rules.md cites ${file}`).toBe(true);
    // "`rank.ts` (`rankPods`, `diskPartsFor`)": each name in the parentheses is declared in that file.
    let checked = 0;
    for (const [, file, list] of text.matchAll(/`([\w/.-]+\.ts)` \(([^)]*)\)/g)) {
      const source = readFileSync(resolveCited(file!), "utf8");
      for (const [, name] of list!.matchAll(/`(\w+)`/g)) {
        checked++;
        expect(source, `${file} should define ${name}`).toMatch(new RegExp(`(function|const|class|let) ${name}\\b`));
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe("README.md", () => {
  const text = readFileSync(join(root, "README.md"), "utf8");
  it("links only to files in the repository, and they exist", () => {
    expect(text).not.toMatch(/shared\/docs|\.\.\/shared|\/work\//);
    for (const [, target] of text.matchAll(/\]\(([^)]+)\)/g)) {
      expect(target, `README links to ${target}`).not.toMatch(/^[a-z]+:/);
      expect(existsSync(join(root, target!.split("#")[0]!)), `README links to ${target}`).toBe(true);
    }
  });
});
