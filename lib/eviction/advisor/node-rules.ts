// Rules that need the node itself: its capacity (hugepages, pod slots), its pods and their usage.
import type { Node, Pod, ResourceList, Summary } from "../k8s-types";
import { containerLimit } from "../pods/pod-resources";
import { formatBytesHuman, parseBytes } from "../quantities/quantity";
import { describeValue } from "./config-rules";
import { mapFix, settingFix, type RawConfig } from "./fix";
import { minorVersion, type NodeSettings } from "./settings";
import type { Finding } from "./types";

const Mi = 2 ** 20;
/** A container at or above this share of its memory limit is one allocation from a cgroup OOM kill. */
const NEAR_LIMIT = 0.9;
/** HugepageAwareEviction: beta and on by default from kubelet 1.37 (kubernetes#138127, the feature-gates reference). */
const HUGEPAGE_GATE_DEFAULT_FROM: [number, number] = [1, 37];

/** Total bytes of pre-allocated hugepages (every hugepages-<size> capacity). */
export function hugepageBytes(capacity: ResourceList | undefined): number {
  let total = 0;
  for (const [k, v] of Object.entries(capacity ?? {})) {
    if (!k.startsWith("hugepages-") || v == null) continue;
    try {
      total += parseBytes(v);
    } catch {
      // a bad quantity is the engine's to report; it adds nothing here
    }
  }
  return total;
}

/** Whether a kubelet of this version with these feature gates subtracts hugepages from memory.available (the gate as set, else its default). */
export function hugepageAwareEvictionOn(featureGates: Readonly<Record<string, unknown>>, kubeletVersion: string | null): boolean {
  const set = featureGates.HugepageAwareEviction;
  if (typeof set === "boolean") return set;
  const v = minorVersion(kubeletVersion);
  if (!v) return false;
  return (
    v[0] > HUGEPAGE_GATE_DEFAULT_FROM[0] || (v[0] === HUGEPAGE_GATE_DEFAULT_FROM[0] && v[1] >= HUGEPAGE_GATE_DEFAULT_FROM[1])
  );
}

/** The memory.available hard threshold in bytes (a percentage resolved against `memoryCapacity`), or null. */
export function memoryHardBytes(s: NodeSettings, memoryCapacity: number | null): number | null {
  const t = s.thresholds.find((x) => x.kind === "hard" && x.signal === "memory.available");
  if (!t?.value) return null;
  if ("quantity" in t.value) return t.value.quantity;
  return memoryCapacity === null ? null : Math.trunc(memoryCapacity * t.value.percentage);
}

/** Hugepages against the memory.available hard threshold, in both directions of HugepageAwareEviction. */
export function hugepageRules(
  s: NodeSettings,
  node: string | null,
  raw: RawConfig,
  facts: { capacity: ResourceList | undefined; kubeletVersion: string | null; memoryCapacity: number | null },
): Finding[] {
  const huge = hugepageBytes(facts.capacity);
  const hard = memoryHardBytes(s, facts.memoryCapacity);
  if (huge === 0 || hard === null) return [];
  const t = s.thresholds.find((x) => x.kind === "hard" && x.signal === "memory.available")!;
  if (hugepageAwareEvictionOn(s.featureGates, facts.kubeletVersion)) {
    if (hard < huge) return [];
    const intended = Math.max(100 * Mi, hard - huge);
    const value = `${Math.ceil(intended / Mi)}Mi`;
    return [
      {
        rule: "hugepages-counted-twice",
        severity: "error",
        node,
        message: `The memory.available hard threshold is ${describeValue(t.value!)}, at least the node's ${formatBytesHuman(huge)} of hugepages, and HugepageAwareEviction is on: the kubelet already subtracts the hugepages from memory.available, so they count twice and pods are evicted while ${formatBytesHuman(hard)} of regular memory is still free.`,
        fix: mapFix(
          `Take the hugepage total out of the threshold: ${value}.`,
          { evictionHard: { "memory.available": value } },
          raw,
        ),
      },
    ];
  }
  if (hard > huge) return [];
  return [
    {
      rule: "hugepages-inflate-available",
      severity: "warning",
      node,
      message: `HugepageAwareEviction is off and the node has ${formatBytesHuman(huge)} of hugepages: memory.available counts them as free, so regular memory must fall ${formatBytesHuman(huge)} below the ${describeValue(t.value!)} hard threshold before it is met, and the kernel's OOM killer acts first.`,
      fix: settingFix("Turn HugepageAwareEviction on (kubelet 1.37+), so memory.available leaves hugepages out.", {
        featureGates: { HugepageAwareEviction: true },
      }),
    },
  ];
}

/** Containers whose working set is at or above 90 % of their memory limit: the kernel OOM-kills them in their cgroup, no eviction first. */
export function containersNearLimit(node: string | null, pods: readonly Pod[], summary: Summary | null): Finding[] {
  if (!summary) return [];
  const byUid = new Map(pods.map((p) => [p.metadata?.uid, p]));
  const out: Finding[] = [];
  for (const ps of summary.pods ?? []) {
    const pod = byUid.get(ps.podRef.uid);
    if (!pod) continue;
    for (const cs of ps.containers ?? []) {
      const spec = pod.spec?.containers?.find((c) => c.name === cs.name);
      const ws = cs.memory?.workingSetBytes;
      if (!spec || ws === undefined) continue;
      let limit: number;
      try {
        limit = containerLimit(spec, "memory");
      } catch {
        continue;
      }
      if (!(limit > 0) || ws < NEAR_LIMIT * limit) continue;
      const pct = Math.floor((ws / limit) * 100);
      out.push({
        rule: "container-near-limit",
        severity: "warning",
        node,
        message: `Container ${cs.name} of ${ps.podRef.namespace}/${ps.podRef.name} uses ${formatBytesHuman(ws)} of its ${formatBytesHuman(limit)} memory limit (${pct} %): the kernel OOM-kills it in its own cgroup at the limit, with no eviction and no grace period.`,
        fix: { text: `Raise the container's memory limit above its peak, or find what grows toward ${formatBytesHuman(limit)}.` },
      });
    }
  }
  return out;
}

/** A node whose active pods fill every pod slot: the kubelet refuses the next pod (OutOfpods). */
export function outOfPodSlots(s: NodeSettings | null, node: string | null, nodeObj: Node, activePods: number): Finding[] {
  const raw = nodeObj.status?.allocatable?.pods ?? nodeObj.status?.capacity?.pods;
  const slots = raw == null ? NaN : Number(raw);
  if (!Number.isInteger(slots) || slots <= 0 || activePods < slots) return [];
  const maxPods = s?.maxPods ?? slots;
  const fix =
    maxPods < 110
      ? settingFix(
          `Add nodes to the pool, or raise maxPods to the kubelet default 110 where the node's pod IPs, CPU and memory allow (on EKS the ENI limit decides).`,
          { maxPods: 110 },
        )
      : { text: "Add nodes to the pool: this node already runs the kubelet's default 110 pods or more." };
  return [
    {
      rule: "out-of-pod-slots",
      severity: "warning",
      node,
      message: `${activePods} active pods fill all ${slots} pod slots (maxPods ${maxPods}): the kubelet refuses the next pod scheduled here with OutOfpods.`,
      fix,
    },
  ];
}
