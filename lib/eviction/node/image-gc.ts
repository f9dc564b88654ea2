// The kubelet's image garbage collection (kubelet-eviction.md §7; image_gc_manager.go): above
// imageGCHighThresholdPercent of the image filesystem used it deletes unused images down to
// imageGCLowThresholdPercent, and the eviction manager's node-level reclaim deletes every unused
// image before it evicts a pod for a disk signal whose reclaim functions include "images"
// (reclaim.ts). Either way a disk signal gets back the unused images' bytes before any eviction.
import type { FilesystemLayout } from "../observe";
import type { Signal } from "../signals";
import { nodeReclaimFor } from "./reclaim";

/** The kubelet's defaults (KubeletConfiguration v1beta1). */
export const IMAGE_GC_DEFAULTS = { highPercent: 85, lowPercent: 80 } as const;

export interface ImageGcThresholds {
  highPercent: number;
  lowPercent: number;
}

/** The node's image GC marks from its KubeletConfiguration object; the defaults for what it leaves out or cannot be read. */
export function imageGcThresholds(kubeletConfig: unknown): ImageGcThresholds {
  const c = (kubeletConfig !== null && typeof kubeletConfig === "object" ? kubeletConfig : {}) as Record<string, unknown>;
  const pct = (v: unknown, d: number) => (typeof v === "number" && v >= 0 && v <= 100 ? v : d);
  return {
    highPercent: pct(c.imageGCHighThresholdPercent, IMAGE_GC_DEFAULTS.highPercent),
    lowPercent: pct(c.imageGCLowThresholdPercent, IMAGE_GC_DEFAULTS.lowPercent),
  };
}

/** Whether the kubelet deletes unused images before it evicts a pod for this signal (bytes signals only: images free bytes and inodes alike, but GC marks are in bytes). */
export function imagesFreedBeforeEviction(signal: Signal, layout: FilesystemLayout): boolean {
  return nodeReclaimFor(signal, layout).includes("images");
}

/** The available bytes at which image GC starts: capacity × (100 − high) %. */
export function imageGcStartsAt(capacity: number, gc: ImageGcThresholds): number {
  return (capacity * (100 - gc.highPercent)) / 100;
}

/**
 * Whether a rise in available bytes that ended at `availableAfter` left unused images behind.
 * GC stops at the low mark; a rise that ended well short of it (more free than the low mark
 * asks) means the kubelet ran out of unused images to delete, as the eviction manager's reclaim
 * (which deletes them all) also does. Tolerance: 1 % of capacity for images pulled since.
 */
export function unusedImagesMayRemain(availableAfter: number, capacity: number, gc: ImageGcThresholds): boolean {
  const lowMarkAvailable = (capacity * (100 - gc.lowPercent)) / 100;
  return availableAfter <= lowMarkAvailable + 0.01 * capacity;
}
