// Pressure stall information (PSI) and swap as the kubelet's Summary API carries them, and the
// `psi` / `swap` sections of the analyze output (docs/analyze-contract.md, docs/engine-rules.md).
//
// Summary shapes: k8s.io/kubelet pkg/apis/stats/v1alpha1/types.go. PSIStats `{full, some}` of
// PSIData `{total, avg10, avg60, avg300}` on CPUStats.psi, MemoryStats.psi and IOStats.psi of the
// node, every pod and every container (since v0.33 / Kubernetes 1.33, gate KubeletPSI). `total` is
// the cgroup pressure file's cumulative stall time, in microseconds (copied unchanged by cAdvisor
// setPSIData and the kubelet's cadvisorPSIToStatsPSI; the type's comment says nanoseconds).
// SwapStats `{time, swapAvailableBytes, swapUsageBytes}` on node, pods and containers since v0.28.

export interface PsiData {
  total?: number;
  avg10?: number;
  avg60?: number;
  avg300?: number;
}

export interface PsiStats {
  full?: PsiData;
  some?: PsiData;
}

export interface SwapStats {
  time?: string;
  swapAvailableBytes?: number;
  swapUsageBytes?: number;
}

/** The PSI and swap fields of a node, pod or container stats object. */
export interface PressureStats {
  cpu?: { usageNanoCores?: number; psi?: PsiStats };
  io?: { time?: string; psi?: PsiStats };
  swap?: SwapStats;
}

/** One kind (`some` or `full`) of one resource, as the output carries it (null = absent in the Summary). */
export interface PsiFigures {
  total: number | null;
  avg10: number | null;
  avg60: number | null;
  avg300: number | null;
}

export interface PsiResource {
  some: PsiFigures;
  full: PsiFigures;
}

/** Why a Summary has no usable PSI. */
export type PsiAbsence = "kubelet-version" | "feature-gate" | "all-zero" | "not-in-summary";

/** PSI of one cgroup: the three resources (null = that resource absent), or why there is none. */
export type PsiReport =
  | { reported: true; cpu: PsiResource | null; memory: PsiResource | null; io: PsiResource | null }
  | { reported: false; cause: PsiAbsence; reason: string };

export interface PodRef {
  namespace: string;
  name: string;
  uid: string;
}

/** The output's `psi` section. */
export interface PsiSection {
  node: PsiReport;
  pods: Array<PodRef & { psi: PsiReport }>;
}

export interface SwapFigures {
  usageBytes: number | null;
  /** null when the kubelet reports no swap limit (unlimited). */
  availableBytes: number | null;
}

/** The output's `swap` section. */
export interface SwapSection {
  /** null when the Summary carries no node swap stats (kubelet before 1.28, Windows). */
  node: SwapFigures | null;
  pods: Array<PodRef & SwapFigures>;
  /** Always false: memory.available and the memory ranking read no swap (see engine-rules.md). */
  evictionCountsSwap: false;
}
