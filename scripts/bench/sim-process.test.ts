import { afterEach, describe, expect, it } from "vitest";

import { MEMORY_ENV } from "../built-server.mjs";
import { simEnv } from "./sim-process";

describe("the benches' simulator environment", () => {
  const before = { ...process.env };
  // Restored in place: the test files after this one share its process (vitest.config.ts), and a
  // plain object put in process.env's place would no longer turn what is stored into strings.
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in before)) delete process.env[k];
    Object.assign(process.env, before);
  });

  it("leaves out the mmap threshold the bench commands set for Headroom, and keeps the rest", () => {
    Object.assign(process.env, MEMORY_ENV, { BENCH_NODES: "5000" });
    const env = simEnv();
    expect(env).not.toHaveProperty("MALLOC_MMAP_THRESHOLD_");
    expect(env).toMatchObject({ MALLOC_ARENA_MAX: MEMORY_ENV.MALLOC_ARENA_MAX, BENCH_NODES: "5000" });
    // the bench's own process keeps it
    expect(process.env.MALLOC_MMAP_THRESHOLD_).toBe(MEMORY_ENV.MALLOC_MMAP_THRESHOLD_);
  });
});
