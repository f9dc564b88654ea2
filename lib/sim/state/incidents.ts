// The control plane's disruptions (incident-spec.ts), written the way the real components write
// them, so Headroom and kubectl see the same objects as on a real cluster:
// - drain: `kubectl drain` cordons (spec.unschedulable, taint node.kubernetes.io/unschedulable) and
//   calls the Eviction API per pod; the API server sets DisruptionTarget EvictionByEvictionAPI
//   "Eviction API: evicting" and deletes the pod (pkg/registry/core/pod/storage/eviction.go).
// - preempt: the scheduler sets DisruptionTarget PreemptionByScheduler "<scheduler>: preempting to
//   accommodate a higher priority pod", records Preempted "Preempted by pod <uid> on node <node>"
//   on the victim and deletes it (pkg/scheduler/framework/preemption).
// - taint: the taint eviction controller records TaintManagerEviction "Marking for deletion Pod
//   <ns>/<name>", sets DisruptionTarget DeletionByTaintManager "Taint manager: deleting due to
//   NoExecute taint" and deletes the pod (pkg/controller/tainteviction/taint_eviction.go). The
//   simulated DaemonSet and static pods tolerate the incident's taint, as node agents usually do.
// - system-oom: the kubelet's Warning SystemOOM on the Node, "System OOM encountered, victim
//   process: <name>, pid: <pid>" (pkg/kubelet/oom/oom_watcher_linux.go).
// A deleted pod keeps its deletionTimestamp for a 2 s grace here, then goes; its controller
// recreates it (after `recreateAfter`, else 10 s) on a schedulable node.
import { qosOf } from "../kubelet/kubelet-brain";
import { rfc3339 } from "./clock";
import type { Cluster } from "./cluster";
import type { IncidentSpec } from "./incident-spec";
import { podObject } from "./pod-object";
import { hash01 } from "./units";
import { compileTemplate, type PodRecord, type PodTemplate, type SimNode } from "./world";

const GRACE_MS = 2000;
const RECREATE_S = 10;
// The cordon or taint is written first; the drain and the taint manager act on it 2 s later.
const DRAIN_AFTER_MS = 2000;

const movable = (p: PodRecord) =>
  p.phase === "Running" && p.deletionAt === undefined && p.t.spec.kind !== "DaemonSet" && p.t.spec.kind !== "Static";

export class Incidents {
  private readonly next: number[];
  private later: Array<{ at: number; run: () => void }> = [];
  private readonly templates = new Map<string, PodTemplate>();

  constructor(
    private readonly c: Cluster,
    private readonly t0: number,
  ) {
    this.next = c.scenario.incidents.map((i) => t0 + i.at * 1000);
  }

  /** Plays what is due at `now` (called every simulated second). */
  tick(now: number): void {
    const due = this.later.filter((l) => l.at <= now);
    this.later = this.later.filter((l) => l.at > now);
    for (const l of due) l.run();
    this.c.scenario.incidents.forEach((spec, i) => {
      if (this.next[i]! > now) return;
      this.next[i] = spec.every ? this.next[i]! + spec.every * 1000 : Infinity;
      const n = this.c.nodes.filter((x) => x.pool.name === spec.pool)[spec.node];
      if (n?.kubeletUp) this.play(spec, n, now);
    });
  }

  private play(spec: IncidentSpec, n: SimNode, now: number): void {
    if (spec.kind === "system-oom") {
      const pid = 1000 + Math.floor(hash01(`${n.name}/${now}`) * 60000);
      return this.c.nodeEvent(n, "Warning", "SystemOOM", `System OOM encountered, victim process: ${spec.process}, pid: ${pid}`);
    }
    if (spec.kind === "drain") {
      this.taint(n, { key: "node.kubernetes.io/unschedulable", effect: "NoSchedule" }, now, spec.for, true);
      // kubectl drain lists the node's pods once the cordon is written, then evicts them.
      const evict = () => {
        for (const p of [...n.pods].filter(movable))
          this.disrupt(p, "EvictionByEvictionAPI", "Eviction API: evicting", now + DRAIN_AFTER_MS);
      };
      this.later.push({ at: now + DRAIN_AFTER_MS, run: evict });
      return;
    }
    if (spec.kind === "taint") {
      this.taint(n, { key: spec.key, value: spec.value, effect: "NoExecute" }, now, spec.for, false);
      // The controller acts once its node informer has seen the taint.
      const at = now + DRAIN_AFTER_MS;
      this.later.push({
        at,
        run: () => {
          for (const p of [...n.pods].filter(movable)) {
            this.c.recorder.record(ref(p), {
              type: "Normal",
              reason: "TaintManagerEviction",
              message: `Marking for deletion Pod ${p.t.namespace}/${p.name}`,
              component: "taint-eviction-controller",
            });
            this.disrupt(p, "DeletionByTaintManager", "Taint manager: deleting due to NoExecute taint", at);
          }
        },
      });
      return;
    }
    this.preempt(n, spec.workload, spec.for, now);
  }

  private taint(
    n: SimNode,
    t: { key: string; value?: string; effect: string },
    now: number,
    forS: number,
    cordon: boolean,
  ): void {
    const taint = { ...t, timeAdded: rfc3339(now) };
    n.extraTaints = [...(n.extraTaints ?? []), taint];
    if (cordon) n.unschedulable = true;
    this.c.putNode(n);
    if (cordon) this.c.nodeEvent(n, "Normal", "NodeNotSchedulable", `Node ${n.name} status is now: NodeNotSchedulable`);
    this.later.push({
      at: now + forS * 1000,
      run: () => {
        n.extraTaints = n.extraTaints?.filter((x) => x !== taint);
        if (cordon) n.unschedulable = false;
        this.c.putNode(n);
        if (cordon) this.c.nodeEvent(n, "Normal", "NodeSchedulable", `Node ${n.name} status is now: NodeSchedulable`);
      },
    });
  }

  /** Sets the DisruptionTarget condition and the deletion, then removes the pod after its grace and queues its replacement. */
  private disrupt(p: PodRecord, reason: string, message: string, now: number): void {
    p.disruption = { reason, message, at: now };
    p.deletionAt = now;
    this.c.putPod(p);
    for (const ct of p.t.containers) {
      this.c.recorder.record(
        { ...ref(p), fieldPath: `spec.containers{${ct.name}}` },
        { type: "Normal", reason: "Killing", message: `Stopping container ${ct.name}`, component: "kubelet", host: p.node?.name },
      );
    }
    this.later.push({ at: now + GRACE_MS, run: () => this.remove(p) });
    this.c.pending.push({ t: p.t, at: now + (p.t.spec.recreateAfter ?? RECREATE_S) * 1000, replica: p.replica });
  }

  private remove(p: PodRecord): void {
    p.node?.pods.delete(p);
    this.c.oomable.delete(p);
    this.c.stores.pods.delete(p.t.namespace, p.name);
  }

  /** The scheduler preempts the node's lowest-priority pod for a new pod of `workload`. */
  private preempt(n: SimNode, workload: string, forS: number, now: number): void {
    const t = this.template(workload);
    const victims = [...n.pods]
      .filter(movable)
      .sort((a, b) => (a.t.spec.priority ?? 0) - (b.t.spec.priority ?? 0) || b.created - a.created);
    const victim = victims[0];
    if (!t || !victim || (victim.t.spec.priority ?? 0) >= (t.spec.priority ?? 0)) return;
    const preemptor = this.c.newPod(t, undefined, now);
    this.c.putPod(preemptor);
    this.c.recorder.record(ref(victim), {
      type: "Normal",
      reason: "Preempted",
      message: `Preempted by pod ${preemptor.uid} on node ${n.name}`,
      component: "default-scheduler",
    });
    this.disrupt(victim, "PreemptionByScheduler", "default-scheduler: preempting to accommodate a higher priority pod", now);
    // Bound once the victim is gone; it runs for `forS` seconds and completes (deleted here).
    this.later.push({ at: now + GRACE_MS + 1000, run: () => this.c.bind(preemptor, n) });
    this.later.push({ at: now + forS * 1000, run: () => this.remove(preemptor) });
  }

  private template(name: string): PodTemplate | undefined {
    let t = this.templates.get(name);
    const spec = this.c.scenario.workloads.find((w) => w.name === name);
    if (t || !spec) return t;
    t = compileTemplate(this.c.scenario, spec, spec.name, spec.namespace);
    t.qosClass = qosOf(
      podObject({ t, name, replica: 0, uid: "", node: undefined, podIP: "", created: 0, curveOrigin: 0, phase: "Pending" }),
    );
    this.templates.set(name, t);
    return t;
  }
}

function ref(p: PodRecord) {
  return { kind: "Pod", namespace: p.t.namespace, name: p.name, uid: p.uid };
}
