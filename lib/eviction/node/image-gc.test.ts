import { describe, expect, it } from "vitest";

import {
  IMAGE_GC_DEFAULTS,
  imageGcStartsAt,
  imageGcThresholds,
  imagesFreedBeforeEviction,
  unusedImagesMayRemain,
} from "./image-gc";

const GI = 2 ** 30;

describe("image GC", () => {
  it("reads the marks from the KubeletConfiguration, the defaults for what it lacks or gets wrong", () => {
    expect(imageGcThresholds({ imageGCHighThresholdPercent: 90, imageGCLowThresholdPercent: 70 })).toEqual({
      highPercent: 90,
      lowPercent: 70,
    });
    expect(imageGcThresholds({ imageGCHighThresholdPercent: "90" })).toEqual(IMAGE_GC_DEFAULTS);
    expect(imageGcThresholds({ imageGCHighThresholdPercent: 140 })).toEqual(IMAGE_GC_DEFAULTS);
    expect(imageGcThresholds(null)).toEqual({ highPercent: 85, lowPercent: 80 });
  });

  it("starts at 85 % used: 15 % of the filesystem available", () => {
    expect(imageGcStartsAt(100 * GI, IMAGE_GC_DEFAULTS)).toBe(15 * GI);
  });

  it("frees images before an eviction where the reclaim functions include images", () => {
    const shared = { dedicatedImageFs: false, splitContainerFs: false };
    const dedicated = { dedicatedImageFs: true, splitContainerFs: false };
    expect(imagesFreedBeforeEviction("nodefs.available", shared)).toBe(true);
    expect(imagesFreedBeforeEviction("nodefs.available", dedicated)).toBe(false);
    expect(imagesFreedBeforeEviction("imagefs.available", dedicated)).toBe(true);
    expect(imagesFreedBeforeEviction("memory.available", shared)).toBe(false);
  });

  it("a deletion that stopped at the low mark may have left images; one that ended well short of it did not", () => {
    expect(unusedImagesMayRemain(20 * GI, 100 * GI, IMAGE_GC_DEFAULTS)).toBe(true);
    expect(unusedImagesMayRemain(45 * GI, 100 * GI, IMAGE_GC_DEFAULTS)).toBe(false);
  });
});
