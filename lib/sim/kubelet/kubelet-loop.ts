// What each simulated kubelet does every 10 s: renew its Lease, run the eviction manager
// (kubelet-brain), post node status when a condition changes (or every 5 min as a heartbeat),
// and garbage-collect images when the image filesystem passes imageGCHighThresholdPercent.
import { nodeReclaimFor, type FilesystemLayout, type Signal } from "../../eviction";
import type { Cluster } from "../state/cluster";
import type { SimNode } from "../state/world";
import { deleteUnusedImages, pullIfDue } from "./images";
import type { BrainInput, Conditions } from "./kubelet-brain";

const TEXT: Record<string, { on: [string, string, string]; off: [string, string, string] }> = {
  MemoryPressure: {
    on: ["KubeletHasInsufficientMemory", "kubelet has insufficient memory available", "NodeHasInsufficientMemory"],
    off: ["KubeletHasSufficientMemory", "kubelet has sufficient memory available", "NodeHasSufficientMemory"],
  },
  DiskPressure: {
    on: ["KubeletHasDiskPressure", "kubelet has disk pressure", "NodeHasDiskPressure"],
    off: ["KubeletHasNoDiskPressure", "kubelet has no disk pressure", "NodeHasNoDiskPressure"],
  },
  PIDPressure: {
    on: ["KubeletHasInsufficientPID", "kubelet has insufficient PID available", "NodeHasInsufficientPID"],
    off: ["KubeletHasSufficientPID", "kubelet has sufficient PID available", "NodeHasSufficientPID"],
  },
};

const REPORT_EVERY_MS = 5 * 60_000;

/** Applies pressure conditions; returns true when any status changed. */
function applyConditions(c: Cluster, n: SimNode, want: Conditions, now: number): boolean {
  let changed = false;
  for (const [type, on] of Object.entries(want)) {
    const cur = n.conditions.get(type)!;
    const status = on ? "True" : "False";
    if (cur.status === status) continue;
    const [reason, message, event] = TEXT[type]![on ? "on" : "off"];
    n.conditions.set(type, { status, reason, message, lastHeartbeatTime: now, lastTransitionTime: now });
    c.nodeEvent(n, "Normal", event, `Node ${n.name} status is now: ${event}`);
    changed = true;
  }
  return changed;
}

/**
 * The node's filesystem layout as its container runtime reports it. The sim keeps container
 * writable layers with the images (containerFs is the imagefs), so there is never a split.
 */
function layoutOf(n: SimNode): FilesystemLayout {
  return { dedicatedImageFs: !!n.pool.filesystems.imagefs, splitContainerFs: false };
}

/**
 * Node-level reclaim (§7): runs the reclaim functions the engine lists for the signal and layout,
 * then returns fresh input; undefined when there are none (the kubelet goes straight to eviction).
 * The sim keeps no exited containers, so deleting unused containers frees nothing.
 */
function reclaimFor(c: Cluster, n: SimNode, s: Signal): BrainInput | undefined {
  const reclaims = nodeReclaimFor(s, layoutOf(n));
  if (reclaims.length === 0) return undefined;
  let freed = 0;
  for (const r of reclaims) if (r === "images") freed += deleteUnusedImages(n, c.now(), Infinity);
  if (freed > 0) c.putNode(n); // node.status.images changed
  return c.brainInput(n);
}

/** Runs one kubelet cycle for a node. */
export function kubeletCycle(c: Cluster, n: SimNode, now: number): void {
  if (n.stopsAt !== undefined && now >= n.stopsAt) n.kubeletUp = false;
  if (!n.kubeletUp) return;
  c.renewLease(n);
  let changed = pullIfDue(n, now);
  const ready = n.conditions.get("Ready")!;
  if (ready.status !== "True") {
    n.conditions.set("Ready", {
      status: "True",
      reason: "KubeletReady",
      message: "kubelet is posting ready status",
      lastHeartbeatTime: now,
      lastTransitionTime: now,
    });
    c.nodeEvent(n, "Normal", "NodeReady", `Node ${n.name} status is now: NodeReady`);
    changed = true;
  }
  const pressured = Object.keys(TEXT).some((t) => n.conditions.get(t)?.status === "True");
  if (n.dynamic || pressured || !c.brains.has(n)) {
    const d = c.brain(n).synchronize(c.brainInput(n), now, (s) => reclaimFor(c, n, s));
    changed = applyConditions(c, n, d.conditions, now) || changed;
    if (d.reclaiming) c.nodeEvent(n, "Warning", "EvictionThresholdMet", `Attempting to reclaim ${d.reclaiming}`);
    const victim = d.evict && [...n.pods].find((p) => p.uid === d.evict!.uid);
    if (victim && d.evict) {
      c.evict(victim, d.evict.message, d.evict.signal, d.evict.annotations);
      n.pods.delete(victim);
    }
  }
  if (changed || now - n.lastStatusReport >= REPORT_EVERY_MS) {
    for (const cond of n.conditions.values()) cond.lastHeartbeatTime = now;
    n.lastStatusReport = now;
    c.putNode(n);
  }
}

/** Image GC: above imageGCHighThresholdPercent of the image filesystem, delete unused images down to the low mark. */
export function imageGc(c: Cluster, n: SimNode): void {
  if (!n.kubeletUp) return;
  const cfg = c.configz(n).kubeletconfig as { imageGCHighThresholdPercent: number; imageGCLowThresholdPercent: number };
  const s = c.summary(n) as { node: { runtime: { imageFs: { capacityBytes: number; availableBytes: number } } } };
  const fs = s.node.runtime.imageFs;
  const used = fs.capacityBytes - fs.availableBytes;
  if ((used * 100) / fs.capacityBytes < cfg.imageGCHighThresholdPercent) return;
  const target = (fs.capacityBytes * cfg.imageGCLowThresholdPercent) / 100;
  if (deleteUnusedImages(n, c.now(), used - target) > 0) c.putNode(n); // node.status.images changed
}
