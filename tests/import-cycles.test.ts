// Folder-level layering: no folder may import (directly or through others) a folder that imports
// it back. Files inside one folder may import each other freely; tests and e2e helpers are left out
// (a test may reach across layers to set a scene).
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { folderCycles, folderEdges, folderOf, importGraph } from "./import-graph";

const root = join(import.meta.dirname, "..");
const isTest = (f: string) => /\.test\.tsx?$/.test(f) || /^(e2e|tests)\//.test(f);

describe("import graph", () => {
  const full = importGraph(root);
  const product = new Map([...full].filter(([f]) => !isTest(f)));

  it("reads the repository's imports", () => {
    // a sanity floor, so an empty graph (a broken resolver) cannot pass the cycle check
    expect(product.size).toBeGreaterThan(200);
    expect(product.get("lib/server/start/boot.ts")).toContain("lib/server/config.ts");
  });

  it("finds a folder cycle when there is one", () => {
    const edges = folderEdges(
      new Map([
        ["lib/a/x.ts", ["lib/b/y.ts"]],
        ["lib/b/y.ts", ["lib/c/z.ts"]],
        ["lib/c/z.ts", ["lib/a/w.ts"]],
      ]),
    );
    expect(folderCycles(edges)).toEqual([["lib/a", "lib/b", "lib/c"]]);
  });

  it("takes a concept of lib/ split into sub-folders as one layer", () => {
    expect(folderOf("lib/k8s/store/cache.ts")).toBe("lib/k8s");
    expect(folderOf("lib/k8s/replicas/peer/forward.ts")).toBe("lib/k8s");
    expect(folderOf("lib/contract/dto.ts")).toBe("lib/contract");
    expect(folderOf("lib/eviction/advisor/rules.ts")).toBe("lib/eviction/advisor");
    expect(folderOf("lib/server/start/boot.ts")).toBe("lib/server/start");
  });

  it("has no folder-level cycles outside tests", () => {
    const cycles = folderCycles(folderEdges(product));
    const evidence = cycles.map((group) =>
      [...product].flatMap(([file, targets]) =>
        targets
          .filter((t) => group.includes(folderOf(t)) && group.includes(folderOf(file)) && folderOf(t) !== folderOf(file))
          .map((t) => `${file} -> ${t}`),
      ),
    );
    expect(evidence).toEqual([]);
  });
});
