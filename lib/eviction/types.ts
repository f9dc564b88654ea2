import type { ThresholdValue } from "./config/thresholds";
import type { PressureConditions } from "./evaluate";
import type { FilesystemLayout } from "./observe";
import type { QosClass } from "./pods/qos";
import type { PsiSection, SwapSection } from "./pressure-types";
import type { Signal } from "./signals";
import type { UsageScale } from "./whatif";

/** The what-if overrides of the contract, applied on top of the effective configuration. */
export interface WhatIf {
  kubeReserved?: Record<string, string>;
  systemReserved?: Record<string, string>;
  evictionHard?: Record<string, string>;
  evictionSoft?: Record<string, string>;
  evictionSoftGracePeriod?: Record<string, string>;
  evictionMinimumReclaim?: Record<string, string>;
  usageScale?: UsageScale;
}

export interface OutputThreshold {
  signal: Signal;
  kind: "hard" | "soft";
  value: ThresholdValue;
  gracePeriodSeconds: number;
  minReclaim: ThresholdValue | null;
}

export interface SignalThresholdState {
  kind: "hard" | "soft";
  value: number;
  margin: number;
  met: boolean;
}

export interface SignalReport {
  signal: Signal;
  available: number;
  capacity: number;
  thresholds: SignalThresholdState[];
}

export interface PodReport {
  namespace: string;
  name: string;
  uid: string;
  qosClass: QosClass;
  priority: number;
  containers: ContainerReport[];
  /** Present only while a PodResizePending or PodResizeInProgress condition is True (in-place resize). */
  resize?: { pending: { reason: string; message: string } | null; inProgress: boolean };
}

export interface ContainerReport {
  name: string;
  /** From the allocated resources when the pod reports them (status.containerStatuses[].allocatedResources), as the kubelet computes it. */
  oomScoreAdj: number | null;
  /** Present only when the allocated memory request differs from spec (a resize not yet allocated); bytes, 0 = none. */
  memoryRequest?: { spec: number; allocated: number };
}

export interface RankingRow {
  namespace: string;
  name: string;
  uid: string;
  priority: number;
  /** null when the Summary has no stats for the pod (ranked first, as the kubelet does). */
  usage: number | null;
  request: number;
  exceedsRequest: boolean | null;
}

/** The `analyze` output document (docs/analyze-contract.md). */
export interface AnalyzeOutput {
  node: string | null;
  thresholdSource: "kubeletConfig" | "kubeletFlags" | "defaults";
  thresholds: OutputThreshold[];
  reservation: {
    kubeReserved: Record<string, number>;
    systemReserved: Record<string, number>;
    evictionHard: Record<string, number>;
    total: Record<string, number>;
  };
  allocatable: Record<string, number>;
  signals: SignalReport[];
  conditions: PressureConditions;
  pods: PodReport[];
  rankings: Partial<Record<Signal, RankingRow[]>>;
  replay: {
    signal: Signal;
    evicted: { namespace: string; name: string; uid: string; reclaimed: number }[];
    recovered: boolean;
  }[];
  /** Kernel pressure stall information as the Summary reports it, or why it has none (only with a summary). */
  psi?: PsiSection;
  /** Node and pod swap as the Summary reports it (only with a summary); eviction never counts it. */
  swap?: SwapSection;
}

export type * from "./pressure-types";

export type { FilesystemLayout };
