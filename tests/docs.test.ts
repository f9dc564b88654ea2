// The docs/ folder cites files and functions of this repository; these checks fail when a rename
// or a move leaves a citation behind, and when a doc points outside the repository.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { commands, fences, fileExists, isShell, runBy, testedBy } from "./docs-fences";

const root = join(import.meta.dirname, "..");
const docs = readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md"));
const read = (f: string) => readFileSync(join(root, "docs", f), "utf8");
// Top-level folders of this repository; a backticked path starting with one of them is ours
// (kubelet sources are cited as pkg/…, cmd/… and staging/…, which are not).
const OURS = /^(app|bin|components|deploy|docs|e2e|lib|scripts|tests)\//;

/** Backticked repository paths (`lib/k8s/store/cache.ts`) in a Markdown text. */
function citedPaths(text: string): string[] {
  return [...text.matchAll(/`([\w./[\]-]+)`/g)].map((m) => m[1]!).filter((p) => OURS.test(p) && !p.includes("*"));
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(text: string): string[] {
  return [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    m[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-"),
  );
}

/** Resolves a cited file: bare names in engine-rules.md are lib/eviction files, at its top or in one of its sub-folders. */
function resolveCited(file: string): string {
  if (file.includes("/")) return join(root, file);
  const engine = join(root, "lib", "eviction");
  const subFolders = readdirSync(engine, { withFileTypes: true }).filter((e) => e.isDirectory());
  const found = [engine, ...subFolders.map((e) => join(engine, e.name))].map((d) => join(d, file)).find(existsSync);
  return found ?? join(engine, file);
}

describe("docs/", () => {
  it("has the documents the README maps, each answering one question", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    for (const f of docs) expect(readme, `README.md should map docs/${f}`).toContain(`docs/${f}`);
    expect(docs.length).toBeGreaterThanOrEqual(11);
  });

  it.each(docs)("%s links only to files in the repository", (f) => {
    const text = read(f);
    // links stay inside docs/ or climb at most to the repository (`](../…)` would point outside it from README)
    expect(text).not.toMatch(/shared\/|\]\(\.\.\/|\/work\//);
    for (const [, target] of text.matchAll(/\]\(([^)]+)\)/g)) {
      expect(target, `${f} links to ${target}`).not.toMatch(/^[a-z]+:/);
      const [file, anchor] = target!.split("#");
      const path = file ? join(root, "docs", file) : join(root, "docs", f);
      expect(existsSync(path), `${f} links to ${target}`).toBe(true);
      if (anchor) expect(anchors(readFileSync(path, "utf8")), `${f} links to ${target}`).toContain(anchor);
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

describe("commands in README.md and docs/", () => {
  const texts = [
    ["README.md", readFileSync(join(root, "README.md"), "utf8")] as const,
    ...docs.map((f) => [`docs/${f}`, read(f)] as const),
  ];
  const blocks = texts.flatMap(([file, text]) => fences(text).map((fence) => ({ file, fence })));

  it("README.md is a front page: at most 150 lines", () => {
    expect(readFileSync(join(root, "README.md"), "utf8").trimEnd().split("\n").length).toBeLessThanOrEqual(150);
  });

  it("every shell block is marked: illustration, or tested-by= the test that runs it", () => {
    const shell = blocks.filter((b) => isShell(b.fence));
    expect(shell.length).toBeGreaterThanOrEqual(8);
    for (const { file, fence } of shell) {
      const where = `${file}:${fence.line}`;
      expect(SHELL_FENCE.test(fence.lang), `${where}: a shell block is \`\`\`sh, not \`\`\`${fence.lang}`).toBe(true);
      const tested = testedBy(fence);
      expect(
        fence.attrs.includes("illustration") !== tested.length > 0,
        `${where}: mark it "sh illustration" or "sh tested-by=FILE"`,
      ).toBe(true);
      for (const t of tested) expect(fileExists(root, t), `${where}: tested-by=${t} does not exist`).toBe(true);
      if (tested.length > 0)
        for (const c of commands(fence.body))
          expect(runBy(c, tested, root), `${where}: ${tested.join(" ")} does not run \`${c}\``).toBe(true);
    }
  });

  it("the check can fail: an unmarked block, and a test that does not run the command", () => {
    const [unmarked] = fences("```sh\nnpm start\n```");
    expect(isShell(unmarked!) && unmarked!.attrs.length).toBe(0);
    expect(runBy("kubectl headroom nodes", ["bin/cli.test.ts"], root)).toBe(false);
    expect(runBy("kubectl headroom nodes -o wide", ["tests/k8s/kubectl-plugin.test.ts"], root)).toBe(true);
    expect(runBy("npm start", ["playwright.config.ts"], root)).toBe(true);
    expect(runBy("npm test", ["playwright.config.ts"], root)).toBe(false);
  });
});

const SHELL_FENCE = /^sh$/;
