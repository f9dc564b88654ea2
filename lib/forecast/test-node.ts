// A hand-made node for the forecast's tests: memory.available only (8Gi), soft 1Gi (grace 90 s,
// min-reclaim 200Mi) and hard 300Mi; a critical CNI pod and a Burstable worker.
import type { HistorySeries } from "@/lib/contract/dto";
import { type AnalyzeOutput, type Pod } from "@/lib/eviction";

export const Mi = 2 ** 20;
export const Gi = 2 ** 30;
export const T0 = Date.parse("2026-03-02T14:50:00Z");

/** The analysis of the node with `available` memory now. */
export function testNode(available: number, opts: { replay?: AnalyzeOutput["replay"]; usage?: number } = {}): AnalyzeOutput {
  const t = (kind: "hard" | "soft", value: number) => ({ kind, value, margin: available - value, met: value > available });
  const threshold = (kind: "hard" | "soft", value: number, gracePeriodSeconds: number) => ({
    signal: "memory.available" as const,
    kind,
    value: { quantity: value },
    gracePeriodSeconds,
    minReclaim: { quantity: 200 * Mi },
  });
  return {
    node: "n",
    thresholdSource: "kubeletConfig",
    thresholds: [threshold("hard", 300 * Mi, 0), threshold("soft", Gi, 90)],
    reservation: { kubeReserved: {}, systemReserved: {}, evictionHard: {}, total: {} },
    allocatable: {},
    signals: [{ signal: "memory.available", available, capacity: 8 * Gi, thresholds: [t("hard", 300 * Mi), t("soft", Gi)] }],
    conditions: { MemoryPressure: available < Gi, DiskPressure: false, PIDPressure: false },
    pods: [
      { namespace: "kube-system", name: "cni", uid: "u-cni", qosClass: "BestEffort", priority: 2000001000, containers: [] },
      { namespace: "default", name: "report-worker", uid: "u-w", qosClass: "Burstable", priority: 0, containers: [] },
    ],
    rankings: {
      "memory.available": [
        {
          namespace: "kube-system",
          name: "cni",
          uid: "u-cni",
          priority: 2000001000,
          usage: 500 * Mi,
          request: 0,
          exceedsRequest: true,
        },
        {
          namespace: "default",
          name: "report-worker",
          uid: "u-w",
          priority: 0,
          usage: opts.usage ?? 4 * Gi,
          request: 256 * Mi,
          exceedsRequest: true,
        },
      ],
    },
    replay: opts.replay ?? [],
  };
}

export const criticalCni = [
  {
    metadata: { uid: "u-cni", namespace: "kube-system", name: "cni" },
    spec: { priorityClassName: "system-node-critical", priority: 2000001000 },
  },
] as Pod[];

/** memory.available samples 10 s apart, the newest at `end`. */
export function testHistory(values: (number | null)[], end = T0): HistorySeries {
  return {
    start: end - (values.length - 1) * 10_000,
    intervalSeconds: 10,
    signals: { "memory.available": { available: values, capacity: 8 * Gi } },
  };
}
