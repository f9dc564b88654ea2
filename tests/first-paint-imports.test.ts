// What the fleet page's first paint loads, as a bundler sees it (type-only imports dropped): the
// root layout (site header, providers), the fleet page and the client instrumentation. Two
// libraries kept out of it on purpose (docs/benchmarks.md, first-load JS): zod, whose classic API
// cannot be tree-shaken (33 KiB gzip; the browser checks the overview with
// lib/contract/overview-envelope.ts instead), and the engine's barrel lib/eviction/index.ts
// (~19 KiB; first-paint code imports lib/eviction/client.ts). A new import that brings either back
// fails here, naming the chain of files that reaches it.
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const ENTRIES = ["app/layout.tsx", "app/page.tsx", "app/loading.tsx", "app/error.tsx", "instrumentation-client.ts"];

async function firstPaintGraph() {
  const r = await build({
    entryPoints: ENTRIES,
    bundle: true,
    write: false,
    metafile: true,
    outdir: "out",
    format: "esm",
    splitting: true,
    packages: "external",
    alias: { "@": "." },
    jsx: "automatic",
    loader: { ".css": "empty" },
    logLevel: "silent",
  });
  return r.metafile.inputs;
}

/** The import chains from an entry to each file for which `bad(file, imported)` holds. */
function chainsTo(inputs: Awaited<ReturnType<typeof firstPaintGraph>>, bad: (path: string) => boolean): string[] {
  const parent = new Map<string, string>();
  const queue = ENTRIES.filter((e) => inputs[e]);
  for (const e of queue) parent.set(e, "");
  const found: string[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    for (const imp of inputs[file]?.imports ?? []) {
      if (bad(imp.path)) {
        const chain = [imp.path, file];
        for (let p = parent.get(file); p; p = parent.get(p)) chain.push(p);
        found.push(chain.reverse().join(" → "));
      } else if (!imp.external && !parent.has(imp.path)) {
        parent.set(imp.path, file);
        queue.push(imp.path);
      }
    }
  }
  return found;
}

describe("the fleet page's first paint", () => {
  it("bundles the app's own first-paint modules (the check below sees them)", async () => {
    const inputs = await firstPaintGraph();
    for (const f of [
      "components/dashboard/site-header.tsx",
      "components/dashboard/node-table.tsx",
      "lib/contract/overview-envelope.ts",
    ])
      expect(Object.keys(inputs)).toContain(f);
  });

  it("imports no zod and not the engine's barrel", async () => {
    const inputs = await firstPaintGraph();
    expect(chainsTo(inputs, (p) => p === "zod" || p.startsWith("zod/"))).toEqual([]);
    expect(chainsTo(inputs, (p) => p === "lib/eviction/index.ts")).toEqual([]);
  });
});
