// `node scripts/start.mjs` under a machine's Node.js 20 built, started, and then answered every
// page with a 500; it now stops first and says how to run it (scripts/built-server.mjs).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { MEMORY_ENV, nodeVersionProblem, serverCommand } from "../scripts/built-server.mjs";

const root = join(__dirname, "..");

describe("nodeVersionProblem", () => {
  it("names the Node.js it refuses and how to run the project's own", () => {
    const problem = nodeVersionProblem("20.20.2");
    expect(problem).toContain("needs Node.js 22 or later, and this is 20.20.2");
    expect(problem).toContain("npm start");
  });
  it.each(["22.23.3", "22.0.0", "24.1.0"])("accepts %s", (v) => {
    expect(nodeVersionProblem(v)).toBeNull();
  });
  it("passes the Node.js running the tests (the project's own)", () => {
    expect(nodeVersionProblem()).toBeNull();
  });
});

// glibc's malloc settings are a measured RSS saving at 5 000 nodes (docs/benchmarks.md); the image
// and the benches must run what `npm start` runs, or the benches measure another server.
describe("the memory settings", () => {
  it("are given to the server unless the operator set them", () => {
    const { env, args } = serverCommand({ NODE_ENV: "production" });
    for (const [k, v] of Object.entries(MEMORY_ENV)) expect(env[k]).toBe(v);
    expect(args).toContain("--max-semi-space-size=8");
    const own = serverCommand({
      NODE_ENV: "production",
      MALLOC_ARENA_MAX: "4",
      MALLOC_MMAP_THRESHOLD_: "65536",
      NODE_OPTIONS: "--max-semi-space-size=16",
    });
    expect(own.env.MALLOC_ARENA_MAX).toBe("4");
    expect(own.env.MALLOC_MMAP_THRESHOLD_).toBe("65536");
    expect(own.args).not.toContain("--max-semi-space-size=8");
  });
  it("are the Dockerfile's and the bench commands'", () => {
    const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8");
    const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts as Record<string, string>;
    for (const [k, v] of Object.entries(MEMORY_ENV)) {
      expect(dockerfile).toMatch(new RegExp(`^ENV .*\\b${k}=${v}\\b`, "m"));
      for (const name of ["bench", "bench:replicas"]) expect(scripts[name]).toContain(`${k}=${v}`);
    }
    expect(readFileSync(join(root, "scripts/bench-replicas.ts"), "utf8")).toContain("...MEMORY_ENV");
  });
});
