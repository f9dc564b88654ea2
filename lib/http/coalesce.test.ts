import { describe, expect, it } from "vitest";

import { Coalescer } from "./coalesce";

describe("Coalescer", () => {
  it("shares a render in flight and reuses it for the window, then renders again", async () => {
    let now = 0;
    let renders = 0;
    const c = new Coalescer<number>(1000, () => now);
    const produce = async () => ++renders;
    const first = await Promise.all(Array.from({ length: 10 }, () => c.get("k", produce)));
    expect(first).toEqual(Array(10).fill(1));
    now = 999;
    expect(await c.get("k", produce)).toBe(1);
    now = 1000;
    expect(await c.get("k", produce)).toBe(2);
    // another key (a context switch: a new cache) is never served the old text
    expect(await c.get("other", produce)).toBe(3);
  });

  it("does not reuse a failed render", async () => {
    const c = new Coalescer<number>(1000, () => 0);
    await expect(c.get("k", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await c.get("k", async () => 7)).toBe(7);
  });
});
