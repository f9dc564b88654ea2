import { afterEach, describe, expect, it } from "vitest";

import { MEMORY_ENV } from "../built-server.mjs";
import { simEnv } from "./sim-process";

describe("the benches' simulator environment", () => {
  const before = { ...process.env };
  afterEach(() => {
    process.env = { ...before };
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
