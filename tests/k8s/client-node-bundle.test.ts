// Headroom's @kubernetes/client-node is the tree-shaken bundle ("@headroom/client-node", made by
// scripts/bundle-client-node.mjs, imported through lib/k8s/io/client-node.ts), never the package's entry, which loads its whole generated API
// (~1 500 modules, +86 MiB RSS and +42 MiB heap per process: docs/benchmark-rounds.md, "Round six,
// memory"). These fail if an import slips back to the package or the bundle grows back.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as pkg from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";

import * as bundle from "@/lib/k8s/io/client-node";

const ROOT = join(import.meta.dirname, "..", "..");

// A fresh process as the CLI and the benches run lib/ (tsx), recording every module it resolves
// and its heap growth over importing the modules that use client-node.
const PROBE = `
import { registerHooks } from "node:module";
const seen = [];
registerHooks({ resolve: (s, c, next) => { const r = next(s, c); seen.push(r.url); return r; } });
await import("./bin/register-server-only.mjs");
const { register } = await import("tsx/esm/api");
register({ tsconfig: "./tsconfig.json" });
gc();
const before = process.memoryUsage().heapUsed;
for (const m of ["lib/k8s/io/client.ts", "lib/k8s/io/informers.ts", "lib/k8s/replicas/membership.ts"])
  await import("./" + m);
gc();
const heapMiB = (process.memoryUsage().heapUsed - before) / 1048576;
console.log(JSON.stringify({ seen, heapMiB }));
`;

describe("client-node in Headroom's processes", () => {
  it("is the bundle: the package's own modules are never loaded", () => {
    const r = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", PROBE], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    const { seen, heapMiB } = JSON.parse(r.stdout) as { seen: string[]; heapMiB: number };
    expect(seen.filter((u) => u.includes("/node_modules/@kubernetes/"))).toEqual([]);
    expect(seen).toContain(new URL("node_modules/@headroom/client-node/index.mjs", `file://${ROOT}/`).href);
    // The bundle and the three modules took ~12 MiB of heap; the package's entry alone takes 33+.
    expect(heapMiB).toBeLessThan(24);
  });

  it("exports what lib/k8s/io/client-node.ts lists, as the bundle's own classes", () => {
    const listed = readFileSync(join(ROOT, "lib/k8s/io/client-node.ts"), "utf8").match(/export \{([^}]*)\}/)![1]!;
    const names = listed
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean); // the list may end with a comma (Prettier wraps it one name a line)
    expect(Object.keys(bundle).sort()).toEqual(names.sort());
    for (const n of names) {
      expect(typeof (bundle as Record<string, unknown>)[n]).toBe("function");
      expect((bundle as Record<string, unknown>)[n]).not.toBe((pkg as Record<string, unknown>)[n]);
    }
  });

  it("leaves out the generated API groups Headroom does not call", () => {
    const text = readFileSync(join(ROOT, "node_modules/@headroom/client-node/index.mjs"), "utf8");
    // (booleans: a failed toContain would print the whole 2 MB bundle)
    expect(/\bCoreV1Api\b/.test(text)).toBe(false);
    expect(/\bObjectCoordinationV1Api\b/.test(text)).toBe(true);
    expect(text.length).toBeLessThan(2_500_000);
  });
});
