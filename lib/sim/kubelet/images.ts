// The node's images as the kubelet keeps them: each pulled image with its size, when it was last
// used, and whether a container on the node uses it now (the sandbox image is pinned and never
// deleted). Image GC (imageGCHighThresholdPercent, every 5 min) and the eviction manager's
// node-level reclaim delete unused images, least recently used first, none younger than
// imageMinimumGCAge (2 min); node.status.images lists them, biggest first, as the kubelet posts
// them (nodeStatusMaxImages, 50). Pulls are discrete: an image appears whole, a step in the image
// filesystem that the node's status shows too.
import type { PoolSpec, Scenario } from "../state/scenario";
import { bytes } from "../state/units";
import type { SimNode } from "../state/world";

export interface SimImage {
  /** repo:tag */
  name: string;
  size: number;
  /** Cluster ms. */
  pulledAt: number;
  lastUsed: number;
}

export const SANDBOX_IMAGE = "registry.k8s.io/pause:3.10";
const MIN_GC_AGE_MS = 120_000;
const MAX_STATUS_IMAGES = 50;
// the unused images a node starts with are split into images of at most this size
const OLD_IMAGE_BYTES = 2 * 1024 ** 3;

/** The images a node of `pool` starts with: the pool's workloads' images (and the sandbox) sharing `used`, and old ones making up `unused`. */
export function initialImages(sc: Scenario, pool: PoolSpec, now: number): SimImage[] {
  const names = new Set<string>([SANDBOX_IMAGE]);
  for (const w of sc.workloads) if (!w.pools || w.pools.includes(pool.name)) for (const c of w.containers) names.add(c.image);
  const used = bytes(pool.images.used);
  const each = Math.floor(used / names.size);
  const out: SimImage[] = [...names].map((name) => ({ name, size: each, pulledAt: now - 86400_000, lastUsed: now }));
  let unused = bytes(pool.images.unused);
  for (let j = 0; unused > 0; j++) {
    const size = Math.min(unused, OLD_IMAGE_BYTES);
    out.push({
      name: `registry.example.com/retired/app-${j}:v1`,
      size,
      pulledAt: now - 2 * 86400_000,
      lastUsed: now - 86400_000 + j * 1000,
    });
    unused -= size;
  }
  return out;
}

/** Whether a container of a pod on the node runs the image (or it is the pinned sandbox image). */
function inUse(n: SimNode, img: SimImage): boolean {
  if (img.name === SANDBOX_IMAGE) return true;
  for (const p of n.pods) if (p.phase !== "Failed" && p.t.containers.some((c) => c.image === img.name)) return true;
  return false;
}

export const imageBytes = (n: SimNode): number => n.images.reduce((a, i) => a + i.size, 0);

/**
 * Deletes unused images old enough, least recently used first, until `bytesToFree` are freed
 * (Infinity: all of them, the eviction manager's reclaim). Returns the bytes freed.
 */
export function deleteUnusedImages(n: SimNode, now: number, bytesToFree: number): number {
  for (const img of n.images) if (inUse(n, img)) img.lastUsed = now;
  const candidates = n.images
    .filter((i) => !inUse(n, i) && now - i.pulledAt >= MIN_GC_AGE_MS)
    .sort((a, b) => a.lastUsed - b.lastUsed);
  let freed = 0;
  const gone = new Set<SimImage>();
  for (const img of candidates) {
    if (freed >= bytesToFree) break;
    gone.add(img);
    freed += img.size;
  }
  if (gone.size) n.images = n.images.filter((i) => !gone.has(i));
  return freed;
}

/**
 * A pull, when the pool's `pulls` say one is due: a short job's pod ran on the node with an image
 * the node did not have, and finished; the image stays, unused, until GC deletes it. Returns true
 * when the image set changed (the kubelet then posts node status).
 */
export function pullIfDue(n: SimNode, now: number): boolean {
  const pulls = n.pool.images.pulls;
  if (!pulls || now - n.lastPull < pulls.every * 1000) return false;
  n.lastPull = now;
  n.pullSeq++;
  n.images.push({ name: `registry.example.com/ci/step:${n.pullSeq}`, size: bytes(pulls.size), pulledAt: now, lastUsed: now });
  return true;
}

/** node.status.images: the biggest images first, at most nodeStatusMaxImages, each by its digest and its tag. */
export function statusImages(n: SimNode): Array<{ names: string[]; sizeBytes: number }> {
  return [...n.images]
    .sort((a, b) => b.size - a.size)
    .slice(0, MAX_STATUS_IMAGES)
    .map((i) => ({
      names: [`${i.name.split(":")[0]}@sha256:${digestOf(i.name)}`, i.name],
      sizeBytes: i.size,
    }));
}

function digestOf(name: string): string {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619) >>> 0;
  return h.toString(16).padStart(8, "0").repeat(8);
}
