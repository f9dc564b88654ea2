import { describe, expect, it } from "vitest";

import { imageBreaks, imageBytes, IMAGES_COLUMN, imageSample, unusedImageBytes } from "./node-images";

const Mi = 1024 ** 2;
const node = (images: { names: string[]; sizeBytes: number }[]) => ({ status: { images } });
const pod = (image: string, phase = "Running") => ({ spec: { containers: [{ image }] }, status: { phase } });

describe("node images", () => {
  const listed = node([
    { names: ["ghcr.io/a/app@sha256:1", "ghcr.io/a/app:1.0"], sizeBytes: 800 * Mi },
    { names: ["registry.k8s.io/pause@sha256:2", "registry.k8s.io/pause:3.10"], sizeBytes: 1 * Mi },
    { names: ["ghcr.io/a/old@sha256:3", "ghcr.io/a/old:0.9"], sizeBytes: 500 * Mi },
    { names: ["ghcr.io/a/job@sha256:4", "ghcr.io/a/job:7"], sizeBytes: 300 * Mi },
  ]);

  it("counts as unused the images no running container uses, never the pinned sandbox image", () => {
    expect(imageBytes(listed)).toBe(1601 * Mi);
    expect(unusedImageBytes(listed, [pod("ghcr.io/a/app:1.0")])).toBe(800 * Mi);
    // a pod that ended holds no image
    expect(unusedImageBytes(listed, [pod("ghcr.io/a/app:1.0"), pod("ghcr.io/a/job:7", "Succeeded")])).toBe(800 * Mi);
    expect(unusedImageBytes(listed, [pod("ghcr.io/a/app:1.0"), pod("ghcr.io/a/job:7")])).toBe(500 * Mi);
  });

  it("is unknown without a list, or with a full one (nodeStatusMaxImages may have left images out)", () => {
    expect(unusedImageBytes(null, [])).toBeNull();
    expect(unusedImageBytes(node([]), [])).toBeNull();
    const full = node(Array.from({ length: 50 }, (_, i) => ({ names: [`x/img:${i}`], sizeBytes: Mi })));
    expect(unusedImageBytes(full, [])).toBeNull();
    expect(imageSample(null)).toEqual([]);
    expect(imageSample(listed)).toEqual([{ signal: IMAGES_COLUMN, available: 1601 * Mi, capacity: NaN }]);
  });

  it("finds every change of the image set in the history, just before the sample that shows it", () => {
    const h = {
      start: 1_000_000,
      intervalSeconds: 10,
      signals: { [IMAGES_COLUMN]: { available: [5 * Mi, 5 * Mi, null, 505 * Mi, 505 * Mi, 5 * Mi], capacity: null } },
    };
    const b = imageBreaks(h);
    expect(b.map((x) => x.at)).toEqual([1_000_000 + 30_000 - 1, 1_000_000 + 50_000 - 1]);
    expect(b[0]!.what).toBe("the image pull (500Mi)");
    expect(b[1]!.what).toBe("the deletion of unused images (500Mi)");
    expect(imageBreaks(null)).toEqual([]);
    expect(imageBreaks({ start: 0, intervalSeconds: 10, signals: {} })).toEqual([]);
  });
});
