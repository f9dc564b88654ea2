// Kernel OOM kills at a container's own memory limit: when a container's working set reaches its
// limit the kernel's memcg OOM killer kills it; the kubelet reports lastState.terminated
// {reason: OOMKilled, exitCode: 137} and restarts it (restartPolicy Always), so restartCount grows.
// The restarted container starts its usage curve again (the pod's curveOrigin moves to the kill).
// These are not node-level OOMs: the kubelet's SystemOOM event is for victims in the root cgroup
// only (pkg/kubelet/oom/oom_watcher_linux.go), which incidents.ts plays separately.
import type { Cluster } from "../state/cluster";
import { bytes } from "../state/units";
import { valueAt, type CompiledCurve } from "../state/workload";
import type { PodRecord, PodTemplate } from "../state/world";

interface Limited {
  name: string;
  limit: number;
  curve: CompiledCurve;
}

const limitsByTemplate = new WeakMap<PodTemplate, Limited[]>();

/** The containers of a template whose memory curve can reach their limit (empty for most workloads). */
export function oomCandidates(t: PodTemplate): Limited[] {
  let out = limitsByTemplate.get(t);
  if (out) return out;
  out = [];
  for (const c of t.containers) {
    const raw = c.resources.limits?.memory;
    if (raw === undefined) continue;
    const limit = bytes(raw);
    const m = c.usage.memory;
    if (Math.max(m.from, m.to) * (1 + m.jitter) >= limit) out.push({ name: c.name, limit, curve: m });
  }
  limitsByTemplate.set(t, out);
  return out;
}

/** Kills (and restarts) every container at its limit now; `pods` is the set of pods that can reach one. */
export function oomKills(c: Cluster, pods: Set<PodRecord>, now: number): void {
  for (const p of pods) {
    if (p.phase !== "Running" || !p.node) {
      pods.delete(p);
      continue;
    }
    if (!p.node.kubeletUp || p.deletionAt !== undefined) continue;
    const age = (now - p.curveOrigin) / 1000;
    let killed = false;
    for (const k of oomCandidates(p.t)) {
      // The same noise key as the Summary (summary.ts podUsage), so the kill matches what was reported.
      if (valueAt(k.curve, age, `${p.uid}/${k.name}/m`) < k.limit) continue;
      const prev = p.restarts?.[k.name];
      p.restarts = { ...p.restarts, [k.name]: { count: (prev?.count ?? 0) + 1, at: now } };
      killed = true;
    }
    if (killed) {
      p.curveOrigin = now;
      c.putPod(p);
    }
  }
}
