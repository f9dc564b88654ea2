import "server-only";

import { nodeRow, type NodeRow } from "@/lib/contract/dto";
import { requestedTotals } from "@/lib/eviction";

import { samePods } from "./node-analysis";
import { amounts, nodeConditions, poolOf } from "./to-engine";
import type { TrimmedNode, TrimmedPod } from "./trim";

// The part of a node's overview row that a new Summary does not change: what comes from the Node,
// its active pods, its Lease and its config. A row is rebuilt on every Summary (500 a second at
// 5 000 nodes); this part, and its check against the row's schema, only when one of its inputs is
// another object (the informers replace an object on every change, never edit it).

const FIXED = {
  name: true,
  pool: true,
  labels: true,
  ready: true,
  conditions: true,
  unschedulable: true,
  leaseDurationSeconds: true,
  capacity: true,
  allocatable: true,
  requested: true,
  podCount: true,
  configId: true,
} as const;

/** The row's fields that depend on the Summary and the forecast: checked on every rebuild. */
export const summaryPart = nodeRow.pick({
  worstMargin: true,
  used: true,
  nextEviction: true,
  pressureHold: true,
  observations: true,
  pressure: true,
});
const fixedPart = nodeRow.pick(FIXED);

export type RowFixed = Pick<NodeRow, keyof typeof FIXED>;

export class RowFixedCache {
  private node: TrimmedNode | null = null;
  private pods: readonly TrimmedPod[] = [];
  private lease: number | null = null;
  private configId = "";
  private part: RowFixed | null = null;
  /** Whether `part` passed the row schema's check of its fields. */
  valid = false;

  /** The fixed part for these inputs: the same object as last time when none of them changed. */
  get(name: string, node: TrimmedNode, active: readonly TrimmedPod[], lease: number | null, configId: string): RowFixed {
    if (this.part && node === this.node && lease === this.lease && configId === this.configId && samePods(active, this.pods))
      return this.part;
    const { ready, conditions } = nodeConditions(node);
    const part: RowFixed = {
      name,
      pool: poolOf(node.metadata.labels),
      labels: node.metadata.labels,
      ready,
      conditions,
      unschedulable: !!node.spec?.unschedulable,
      leaseDurationSeconds: lease,
      capacity: amounts(node.status.capacity),
      allocatable: amounts(node.status.allocatable),
      requested: requestedTotals(active),
      podCount: active.length,
      configId,
    };
    this.node = node;
    this.pods = active;
    this.lease = lease;
    this.configId = configId;
    this.part = part;
    this.valid = fixedPart.safeParse(part).success;
    return part;
  }
}
