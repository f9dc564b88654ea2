// The analyze output's `psi` and `swap` sections (pressure-types.ts): what the kernel measured,
// beside the kubelet's signals. No eviction rule reads either: the kubelet's eviction signals
// are memory.available, allocatableMemory.available, nodefs.*, imagefs.*, containerfs.* and
// pid.available (pkg/kubelet/eviction/api/types.go); there is no PSI signal and no PSI node
// condition as of 1.36; and memory.available is capacity − workingSet from Summary
// node.memory.availableBytes / workingSetBytes, without swap (pkg/kubelet/eviction/
// helpers_others.go (!windows) makeMemoryAvailableSignalObservation; the swap-aware eviction PRs
// kubernetes#128137 and #129578 were closed unmerged).
import type { Node, PodStats, Summary } from "./k8s-types";
import type {
  PodRef,
  PressureStats,
  PsiData,
  PsiFigures,
  PsiReport,
  PsiResource,
  PsiSection,
  PsiStats,
  SwapFigures,
  SwapSection,
} from "./pressure-types";

const figures = (d: PsiData | undefined): PsiFigures => ({
  total: d?.total ?? null,
  avg10: d?.avg10 ?? null,
  avg60: d?.avg60 ?? null,
  avg300: d?.avg300 ?? null,
});
const resource = (p: PsiStats | undefined): PsiResource | null => (p ? { some: figures(p.some), full: figures(p.full) } : null);

type Stats = PressureStats & { memory?: { psi?: PsiStats } };

function psiOf(s: Stats | undefined): [PsiStats | undefined, PsiStats | undefined, PsiStats | undefined] {
  return [s?.cpu?.psi, s?.memory?.psi, s?.io?.psi];
}

const zeroData = (d: PsiData | undefined) => !d || (!d.total && !d.avg10 && !d.avg60 && !d.avg300);

/** True when PSI is there but every counter and average is 0 (or absent): kubernetes#136333. */
function allZero(list: ReadonlyArray<PsiStats | undefined>): boolean {
  return list.some(Boolean) && list.every((p) => !p || (zeroData(p.some) && zeroData(p.full)));
}

/** Minor version of a kubelet version string ("v1.33.1-eks-…" → 33); NaN when unreadable. */
function kubeletMinor(version: unknown): number {
  const m = typeof version === "string" ? /^v?1\.(\d+)/.exec(version) : null;
  return m ? Number(m[1]) : NaN;
}

/** How the KubeletPSI gate is set explicitly: feature gates, then flags, then the configuration. */
export function explicitPsiGate(
  gates: Record<string, unknown> | undefined,
  kubeletConfig: unknown,
  kubeletFlags: string | undefined,
): boolean | undefined {
  if (typeof gates?.KubeletPSI === "boolean") return gates.KubeletPSI;
  const flag = kubeletFlags ? /--feature-gates[= ](?:\S*,)?KubeletPSI=(true|false)/i.exec(kubeletFlags) : null;
  if (flag) return flag[1]!.toLowerCase() === "true";
  const cfg = kubeletConfig as
    { kubeletconfig?: { featureGates?: Record<string, unknown> }; featureGates?: Record<string, unknown> } | undefined;
  const v = (cfg?.kubeletconfig ?? cfg)?.featureGates?.KubeletPSI;
  return typeof v === "boolean" ? v : undefined;
}

const ALL_ZERO_REASON =
  "every PSI counter is 0: the node has no PSI (cgroup v1, or a kernel without CONFIG_PSI or booted with psi=0), " +
  "and this kubelet sends zeros instead of leaving PSI out (kubernetes#136333)";

/** Why a Summary without PSI has none, from the kubelet's version and its KubeletPSI gate. */
function absenceReason(node: Node | undefined, gate: boolean | undefined): Extract<PsiReport, { reported: false }> {
  const version = (node?.status as { nodeInfo?: { kubeletVersion?: unknown } } | undefined)?.nodeInfo?.kubeletVersion;
  const minor = kubeletMinor(version);
  if (minor < 33)
    return {
      reported: false,
      cause: "kubelet-version",
      reason: `kubelet ${String(version)} predates PSI in the Summary API (added in 1.33, KEP-4205)`,
    };
  if (minor === 33 && gate !== true)
    return {
      reported: false,
      cause: "feature-gate",
      reason: "the KubeletPSI feature gate is off (alpha in 1.33, off by default)",
    };
  if (minor < 36 && gate === false)
    return {
      reported: false,
      cause: "feature-gate",
      reason: "the KubeletPSI feature gate is turned off (on by default since 1.34)",
    };
  if (Number.isNaN(minor)) {
    return {
      reported: false,
      cause: "not-in-summary",
      reason: "the Summary has no PSI (a kubelet before 1.33, the KubeletPSI gate off, or a node without PSI such as cgroup v1)",
    };
  }
  return {
    reported: false,
    cause: "not-in-summary",
    reason: `kubelet ${String(version)} reports PSI but sent none: the node has no PSI (cgroup v1, or a kernel without PSI)`,
  };
}

// PSI the kubelet sent: each resource's figures, null where it sent none.
const reported = (cpu: PsiStats | undefined, memory: PsiStats | undefined, io: PsiStats | undefined): PsiReport => ({
  reported: true,
  cpu: resource(cpu),
  memory: resource(memory),
  io: resource(io),
});

function report(list: ReturnType<typeof psiOf>, absent: Extract<PsiReport, { reported: false }>): PsiReport {
  if (!list.some(Boolean)) return absent;
  if (allZero(list)) return { reported: false, cause: "all-zero", reason: ALL_ZERO_REASON };
  return reported(list[0], list[1], list[2]);
}

// Shared: most pods of a Summary without pod PSI (the cache's own analyses) get this one object.
const NO_POD_PSI: PsiReport = Object.freeze({
  reported: false,
  cause: "not-in-summary",
  reason: "the Summary has no PSI for this pod",
});

// One pod's entry, its fields written out in the PodRef's order: a spread of a fresh PodRef here was
// a fifth of analyzeNode's own time on a PSI-on node (issue 27), where every pod has an entry.
function podEntry(p: PodStats, psi: PsiReport): PodRef & { psi: PsiReport } {
  const r = p.podRef;
  return { namespace: r.namespace, name: r.name, uid: r.uid, psi };
}

// A pod of a node with PSI: its own figures, read without the [cpu, memory, io] list psiOf builds.
function podPsi(p: PodStats): PsiReport {
  const cpu = p.cpu?.psi;
  const memory = p.memory?.psi;
  const io = p.io?.psi;
  return cpu || memory || io ? reported(cpu, memory, io) : NO_POD_PSI;
}

/** The `psi` section: the node's PSI and each Summary pod's, or why the kubelet sent none. */
export function psiSection(summary: Summary, node: Node | undefined, gate: boolean | undefined): PsiSection {
  const absent = absenceReason(node, gate);
  const nodeList = psiOf(summary.node);
  const nodeReport = report(nodeList, absent);
  const nodeZero = !nodeReport.reported && nodeReport.cause === "all-zero";
  const stats = summary.pods ?? [];
  const pods = new Array<PodRef & { psi: PsiReport }>(stats.length);
  for (let i = 0; i < stats.length; i++) {
    const p = stats[i]!;
    // A pod of a node that has no PSI has none either; where the node has PSI, a pod's zeros are real.
    let psi: PsiReport = nodeReport;
    if (nodeReport.reported) psi = podPsi(p);
    else if (nodeZero) {
      const list = psiOf(p);
      if (list.some(Boolean) && !allZero(list)) psi = report(list, absent);
    }
    pods[i] = podEntry(p, psi);
  }
  return { node: nodeReport, pods };
}

const swapFigures = (s: PressureStats["swap"]): SwapFigures => ({
  usageBytes: s?.swapUsageBytes ?? null,
  availableBytes: s?.swapAvailableBytes ?? null,
});

/** The `swap` section: node and pod swap as reported; eviction never counts it. */
export function swapSection(summary: Summary): SwapSection {
  const pods: SwapSection["pods"] = [];
  for (const p of summary.pods ?? []) {
    if (!p.swap) continue;
    const r = p.podRef;
    pods.push({ namespace: r.namespace, name: r.name, uid: r.uid, ...swapFigures(p.swap) });
  }
  return { node: summary.node?.swap ? swapFigures(summary.node.swap) : null, pods, evictionCountsSwap: false };
}
