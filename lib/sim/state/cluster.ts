// The running simulated cluster: world state, stores, event recorder and the per-node eviction
// managers, with the small mutations the kubelets and controllers make. Everything that changes
// an object goes through here so the stores (and so every watch) see it.
import type { Summary } from "../../eviction";
import { makeStores, type Stores } from "../apiserver/resources";
import { configzFor } from "../kubelet/configz";
import { EvictionManager, nodeAllocatable, qosOf, type BrainInput } from "../kubelet/kubelet-brain";
import { oomCandidates } from "../kubelet/oom-kills";
import { buildSummary } from "../kubelet/summary";
import { EventRecorder } from "./events";
import { leaseObject, namespaceObject, nodeObject } from "./node-object";
import { podObject } from "./pod-object";
import type { Scenario } from "./scenario";
import { seededUid } from "./units";
import { buildNodes, nameSuffix, placeWorkloads, type PodRecord, type PodTemplate, type SimNode } from "./world";

const FALSE_CONDITIONS: Array<[string, string, string]> = [
  ["MemoryPressure", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"],
  ["DiskPressure", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"],
  ["PIDPressure", "KubeletHasSufficientPID", "kubelet has sufficient PID available"],
];

export class Cluster {
  readonly stores: Stores = makeStores();
  readonly nodes: SimNode[];
  readonly byName = new Map<string, SimNode>();
  readonly recorder: EventRecorder;
  readonly brains = new Map<SimNode, EvictionManager>();
  private readonly poolInfo = new Map<string, { allocatable: Record<string, string>; podsMemoryLimit: number }>();
  readonly pending: Array<{ t: PodTemplate; at: number; replica: number }> = [];
  /** Pods with a container whose memory can reach its limit (oom-kills.ts checks them every second). */
  readonly oomable = new Set<PodRecord>();

  constructor(
    readonly scenario: Scenario,
    readonly now: () => number,
  ) {
    const t0 = now();
    this.recorder = new EventRecorder(this.stores.events, now);
    this.nodes = buildNodes(scenario, t0);
    for (const n of this.nodes) {
      this.byName.set(n.name, n);
      let info = this.poolInfo.get(n.pool.name);
      if (!info) this.poolInfo.set(n.pool.name, (info = nodeAllocatable(n.capacity, n.pool.kubeletConfig)));
      n.allocatable = info.allocatable;
      for (const [type, reason, message] of FALSE_CONDITIONS) {
        n.conditions.set(type, {
          status: "False",
          reason,
          message,
          lastHeartbeatTime: t0,
          lastTransitionTime: n.created + 10_000,
        });
      }
      n.conditions.set("Ready", {
        status: "True",
        reason: "KubeletReady",
        message: "kubelet is posting ready status",
        lastHeartbeatTime: t0,
        lastTransitionTime: n.created + 40_000,
      });
    }
    const records: PodRecord[] = [];
    const qos = new Map<PodTemplate, string>();
    const taken = new Set<string>();
    for (const { t, node, replica } of placeWorkloads(scenario, this.nodes)) {
      let p = this.newPod(t, node, t0 - 3600_000 * 5 - records.length * 7, replica);
      // generateName collisions happen at this scale; the API server retries with a new suffix too.
      for (let k = 1; taken.has(`${t.namespace}/${p.name}`); k++) {
        node?.pods.delete(p);
        p = this.newPod(t, node, t0 - 3600_000 * 5 - records.length * 7 - k * 1_000_003, replica);
      }
      taken.add(`${t.namespace}/${p.name}`);
      if (!qos.has(t)) qos.set(t, qosOf(podObject(p)));
      t.qosClass = qos.get(t)!;
      records.push(p);
    }
    const nsNames = new Set([
      "default",
      "kube-system",
      "kube-public",
      "kube-node-lease",
      ...scenario.namespaces,
      ...records.map((r) => r.t.namespace),
    ]);
    this.stores.namespaces.load(
      [...nsNames].map((ns) => namespaceObject(ns, t0 - 86400_000 * 10, seededUid(`${scenario.seed}/ns/${ns}`))),
    );
    this.stores.nodes.load(this.nodes.map((n) => nodeObject(n, t0)));
    this.stores.leases.load(this.nodes.map((n) => leaseObject(n)));
    this.stores.pods.load(records);
    for (const s of [this.stores.namespaces, this.stores.nodes, this.stores.leases, this.stores.pods, this.stores.events])
      s.seal();
  }

  /** Creates a pod record for a template on a node (not stored yet). */
  newPod(t: PodTemplate, node: SimNode | undefined, created: number, replica = 0): PodRecord {
    const seed = `${this.scenario.seed}/${t.namespace}/${t.name}/${created}/${node?.name ?? "-"}`;
    const kind = t.spec.kind;
    const name =
      kind === "Deployment"
        ? `${t.name}-${t.hash}-${nameSuffix(seed, 5)}`
        : kind === "StatefulSet"
          ? `${t.name}-${replica}`
          : kind === "Static"
            ? `${t.name}-${node?.name}`
            : `${t.name}-${nameSuffix(seed, 5)}`;
    const seq = node ? node.podSeq++ : 0;
    const [a, b] = node ? [64 + Math.floor(node.index / 256), node.index % 256] : [0, 0];
    const p: PodRecord = {
      t,
      name,
      replica,
      uid: seededUid(seed),
      node,
      podIP: `10.${a}.${b}.${(seq % 250) + 2}`,
      created,
      curveOrigin: Math.max(created + 2000, this.now()),
      phase: node ? "Running" : "Pending",
    };
    node?.pods.add(p);
    if (node && t.dynamic) node.dynamic = true;
    if (node && oomCandidates(t).length) this.oomable.add(p);
    return p;
  }

  /** Binds a pending pod to a node (the scheduler's Binding) and starts it. */
  bind(p: PodRecord, node: SimNode): void {
    const [a, b] = [64 + Math.floor(node.index / 256), node.index % 256];
    Object.assign(p, { node, phase: "Running", podIP: `10.${a}.${b}.${(node.podSeq++ % 250) + 2}`, curveOrigin: this.now() });
    node.pods.add(p);
    if (p.t.dynamic) node.dynamic = true;
    if (oomCandidates(p.t).length) this.oomable.add(p);
    this.putPod(p);
  }

  /** Writes a node's current state to the store (one MODIFIED event). */
  putNode(n: SimNode): void {
    this.stores.nodes.put(nodeObject(n, this.now()));
  }

  /** Writes a pod's current state to the store. */
  putPod(p: PodRecord): void {
    this.stores.pods.put(p);
  }

  /** Renews a node's Lease. */
  renewLease(n: SimNode): void {
    n.leaseRenewed = this.now();
    this.stores.leases.put(leaseObject(n));
  }

  /** Returns the node's /configz document. */
  configz(n: SimNode): { kubeletconfig: Record<string, unknown> } {
    return configzFor(n);
  }

  /** Returns the node's /stats/summary document at the current time. */
  summary(n: SimNode): object {
    return buildSummary(n, this.now(), this.poolInfo.get(n.pool.name)!.podsMemoryLimit);
  }

  /** Builds the engine input a kubelet sees: its Node, its active pods, a fresh summary, its config. */
  brainInput(n: SimNode): BrainInput {
    const pods = [...n.pods].filter((p) => p.phase === "Running").map(podObject);
    return {
      node: nodeObject(n, this.now()),
      pods,
      summary: this.summary(n) as Summary,
      kubeletConfig: this.configz(n).kubeletconfig,
    };
  }

  /** Returns (creating on first use) the eviction manager of a node. */
  brain(n: SimNode): EvictionManager {
    let b = this.brains.get(n);
    if (!b) this.brains.set(n, (b = new EvictionManager()));
    return b;
  }

  /** Marks a pod evicted the way the kubelet reports it, and queues its replacement. */
  evict(p: PodRecord, message: string, signal: string, annotations: Record<string, string>): void {
    const now = this.now();
    p.phase = "Failed";
    p.evicted = { at: now, message, signal };
    this.putPod(p);
    const host = p.node?.name;
    const ref = { kind: "Pod", namespace: p.t.namespace, name: p.name, uid: p.uid };
    this.recorder.record(ref, { type: "Warning", reason: "Evicted", message, component: "kubelet", host, annotations });
    for (const c of p.t.containers) {
      this.recorder.record(
        { ...ref, fieldPath: `spec.containers{${c.name}}` },
        { type: "Normal", reason: "Killing", message: `Stopping container ${c.name}`, component: "kubelet", host },
      );
    }
    if (p.t.spec.recreateAfter !== undefined)
      this.pending.push({ t: p.t, at: now + p.t.spec.recreateAfter * 1000, replica: p.replica });
  }

  /** Records an event about a node (namespace "default", uid = node name, as the kubelet does). */
  nodeEvent(n: SimNode, type: "Normal" | "Warning", reason: string, message: string, component = "kubelet"): void {
    this.recorder.record(
      { kind: "Node", name: n.name, uid: n.name },
      { type, reason, message, component, host: component === "kubelet" ? n.name : undefined },
    );
  }
}
