// The node's images as its status lists them (node.status.images: names and sizes, biggest first,
// at most nodeStatusMaxImages): how many bytes are unused — what image GC and the eviction
// manager's reclaim can delete before the kubelet evicts for a disk signal — and, from the
// history's image column, when the image set changed (a pull, a deletion): a discontinuity of the
// image filesystem that Headroom knows of, like an eviction (breaks.ts).
import type { HistorySeries } from "@/lib/contract/dto";

import type { Discontinuity, PodLike } from "./breaks";

/** The history column holding the bytes of node.status.images at each sample (capacity null). */
export const IMAGES_COLUMN = "node.status.images";

export interface ImageList {
  status?: { images?: readonly { names?: readonly string[]; sizeBytes?: number }[] };
}

/** The kubelet lists at most nodeStatusMaxImages (50 by default): a full list may leave images out. */
const MAX_LISTED = 50;
// the sandbox image is pinned by the container runtime: image GC never deletes it
const SANDBOX = /(^|\/)pause:/;

/** Sum of the listed images' sizes; null when the node lists none. */
export function imageBytes(node: ImageList | null | undefined): number | null {
  const list = node?.status?.images;
  if (!list || list.length === 0) return null;
  return list.reduce((a, i) => a + (i.sizeBytes ?? 0), 0);
}

/** The history sample of the image column (none when the node lists no images). */
export function imageSample(node: ImageList | null | undefined): { signal: string; available: number; capacity: number }[] {
  const b = imageBytes(node);
  return b == null ? [] : [{ signal: IMAGES_COLUMN, available: b, capacity: NaN }];
}

/** Container images of the node's pods that have not ended (the kubelet's "in use"). */
type PodImages = PodLike & {
  spec?: { containers?: readonly { image?: string }[]; initContainers?: readonly { image?: string }[] };
  status?: PodLike["status"] & { phase?: string };
};

/**
 * Bytes of listed images no container on the node uses (not the pinned sandbox): what GC can
 * delete. Null when unknown: no list, or a full one (nodeStatusMaxImages may have left some out).
 */
export function unusedImageBytes(node: ImageList | null | undefined, pods: readonly PodImages[]): number | null {
  const list = node?.status?.images;
  if (!list || list.length === 0 || list.length >= MAX_LISTED) return null;
  const used = new Set<string>();
  for (const p of pods) {
    if (p.status?.phase === "Succeeded" || p.status?.phase === "Failed") continue;
    for (const c of [...(p.spec?.containers ?? []), ...(p.spec?.initContainers ?? [])]) if (c.image) used.add(c.image);
  }
  let unused = 0;
  for (const img of list) {
    const names = img.names ?? [];
    if (names.some((n) => used.has(n) || SANDBOX.test(n))) continue;
    unused += img.sizeBytes ?? 0;
  }
  return unused;
}

const MI = 1024 ** 2;
const size = (b: number) => (b >= 1024 * MI ? `${(b / 1024 / MI).toFixed(1)}Gi` : `${Math.round(b / MI)}Mi`);

/** Every change of the image set in the history: a pull (more bytes) or a deletion (fewer), just before the sample that first shows it. */
export function imageBreaks(h: HistorySeries | null): Discontinuity[] {
  const col = h?.signals[IMAGES_COLUMN]?.available;
  if (!h || !col) return [];
  const out: Discontinuity[] = [];
  const step = h.intervalSeconds * 1000;
  let prev: number | null = null;
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if (v == null) continue;
    if (prev != null && v !== prev)
      out.push({
        at: h.start + i * step - 1,
        what: v > prev ? `the image pull (${size(v - prev)})` : `the deletion of unused images (${size(prev - v)})`,
        filesystemOnly: true,
      });
    prev = v;
  }
  return out;
}
