// The simulated kubelet's images: discrete pulls that step the image filesystem and show in
// node.status.images, and image GC that deletes unused images (never the sandbox or one in use).
import { describe, expect, it } from "vitest";

import { startSim } from "../index";
import { imageBytes, SANDBOX_IMAGE } from "./images";

describe("simulated images", () => {
  it("pulls step the image filesystem and node.status.images; GC deletes only unused images", async () => {
    const sim = await startSim({ scenario: "disk-pressure" });
    try {
      // the node the CI build fills
      const n = sim.cluster.nodes.find((x) => [...x.pods].some((p) => p.t.name === "ci-build"))!;
      const listed = () =>
        (sim.cluster.brainInput(n).node as { status: { images: { names: string[]; sizeBytes: number }[] } }).status.images;
      expect(listed().reduce((a, i) => a + i.sizeBytes, 0)).toBe(imageBytes(n));
      expect(listed().some((i) => i.names.includes(SANDBOX_IMAGE))).toBe(true);
      // sizes biggest first, as the kubelet lists them
      const sizes = listed().map((i) => i.sizeBytes);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      const before = imageBytes(n);
      const pulls = n.pullSeq;
      sim.advance(300);
      // GC and the eviction manager's reclaim ran (the build fills the imagefs): only unused images went
      expect(imageBytes(n)).toBeLessThan(before);
      expect(n.images.some((i) => i.name === SANDBOX_IMAGE)).toBe(true);
      for (const p of n.pods)
        for (const c of p.t.containers)
          expect(
            n.images.some((i) => i.name === c.image),
            c.image,
          ).toBe(true);
      const after = imageBytes(n);
      sim.advance(910); // one pull every 1200 s
      expect(n.pullSeq).toBe(pulls + 1);
      expect(imageBytes(n) - after).toBe(500 * 1024 ** 2);
      expect(listed().reduce((a, i) => a + i.sizeBytes, 0)).toBe(imageBytes(n));
      expect(n.images.some((i) => i.name === "registry.example.com/ci/step:1")).toBe(true);
    } finally {
      await sim.close();
    }
  });
});
