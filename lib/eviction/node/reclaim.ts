// Node-level reclaim before evicting pods (kubelet-eviction.md §7; helpers.go
// `buildSignalToNodeReclaimFuncs`, eviction_manager.go `reclaimNodeLevelResources`).
import type { Threshold } from "../config/thresholds";
import { thresholdsMet } from "../evaluate";
import type { FilesystemLayout, Observations } from "../observe";
import type { Signal } from "../signals";

/** A node-level reclaim function: delete all unused containers, or delete unused images. */
export type NodeReclaim = "containers" | "images";

const BOTH: readonly NodeReclaim[] = ["containers", "images"];
const CONTAINERS: readonly NodeReclaim[] = ["containers"];
const IMAGES: readonly NodeReclaim[] = ["images"];
const NONE: readonly NodeReclaim[] = [];

/**
 * The reclaim functions the kubelet runs, in order, for a starved signal before it evicts a pod.
 * Memory and PID signals have none; for the disk signals it depends on the filesystem layout:
 * - single filesystem: every disk signal → containers, then images;
 * - dedicated imagefs holding the containers: nodefs.* → none (straight to eviction),
 *   imagefs.* and containerfs.* → containers, then images;
 * - dedicated imagefs + separate containerfs: nodefs.* and containerfs.* → containers, imagefs.* → images.
 * `splitContainerFs` only counts with a dedicated imagefs, as in the kubelet.
 */
export function nodeReclaimFor(signal: Signal, layout: FilesystemLayout): readonly NodeReclaim[] {
  const fs = signal.split(".")[0];
  if (fs !== "nodefs" && fs !== "imagefs" && fs !== "containerfs") return NONE;
  if (!layout.dedicatedImageFs) return BOTH;
  if (!layout.splitContainerFs) return fs === "nodefs" ? NONE : BOTH;
  return fs === "imagefs" ? IMAGES : CONTAINERS;
}

/**
 * Whether the kubelet still evicts after running node-level reclaim: only if, on a fresh summary,
 * some configured threshold — any signal, hard or soft, grace period ignored, min-reclaim
 * enforced — is met. An unrelated met threshold (say a soft memory one) thus still forces a pod
 * eviction for the disk signal. Only asked when `nodeReclaimFor` returned some function; with
 * none the kubelet goes straight to eviction.
 */
export function evictsAfterNodeReclaim(thresholds: readonly Threshold[], fresh: Observations): boolean {
  return thresholdsMet(thresholds, fresh, true).length > 0;
}
