import "server-only";

import { createHash } from "node:crypto";

import { nodeRow, type CollectionStatus, type NodeRow } from "@/lib/contract/dto";
import { analyzeNode, freezeConfig, isActivePod, usedFromSummary, type SignalReport, type Summary } from "@/lib/eviction";
import { fleetForecast } from "@/lib/forecast/next-eviction";
import { imageSample } from "@/lib/forecast/node-images";

import { evictionRecords, type ConditionChange } from "../documents/evictions";
import { NodeHistory } from "./history";
import { NodeAnalysis } from "./node-analysis";
import { nodePressureOf, psiSamples, rowPressure, type NodePressure } from "./node-pressure";
import { RowFixedCache, summaryPart } from "./row-fixed";
import { reuseBuffer } from "./stored-buffer-reuse";
import { expandSummary, reuseSharedStrings, sharePodStrings, storedNodeStats, type StoredSummary } from "./stored-summary";
import { worstMargins, type NodeConfig } from "./to-engine";
import type { TrimmedLease, TrimmedNode, TrimmedPod } from "./trim";
import { VersionedMap } from "./versioned-map";

/** The row minus what depends on the clock (lease and collection ages), recomputed only on change. */
export type RowBase = Omit<NodeRow, "leaseAgeSeconds" | "collection">;

const MAX_CONDITION_CHANGES = 200;
const rowBase = nodeRow.omit({ leaseAgeSeconds: true, collection: true });

/** Everything the cache knows about one node, and its row computed incrementally. */
export class NodeState {
  node: TrimmedNode | undefined;
  readonly pods = new VersionedMap<string, TrimmedPod>();
  lease: TrimmedLease | undefined;
  private stored: StoredSummary | null = null;
  /** The pods' version when the stored Summary's strings were shared with them (-1: not shared). */
  private sharedWith = -1;
  private active: { version: number; pods: readonly TrimmedPod[] } = { version: -1, pods: [] };
  private all: { version: number; pods: readonly TrimmedPod[] } = { version: -1, pods: [] };
  /** Wall-clock ms of the last successful Summary collection. */
  summaryAt: number | null = null;
  summarySeq = 0;
  private historySeq = 0;
  error: string | null = null;
  lastFailed = false;
  private cfg: NodeConfig = { source: "defaults", kubeletConfig: null, kubeletFlags: null };
  /** Content hash of the effective config: nodes of a pool share one entry in the overview. */
  configId = configIdOf(this.cfg);
  configError: string | null = null;
  /** The signals over time, and the node's PSI counters (node-pressure.ts) in the same ring. */
  readonly history: NodeHistory;
  /** The node's PSI and swap from the last analysis; null without a Summary. */
  pressure: NodePressure | null = null;
  readonly conditionChanges: ConditionChange[] = [];
  row: RowBase | null = null;
  /** The engine's signal reports only: the full analysis (rankings of every pod) is not kept. */
  signals: SignalReport[] | null = null;
  /**
   * The row as JSON without its closing brace, and without `labels` and `observations`: what the
   * fleet table's first paint needs (~1.2 of ~2 KB a row). `rowExtraJson` is the rest,
   * `,"labels":…,"observations":…`, for the full overview. The overview appends the clock-dependent fields.
   */
  rowJson = "";
  rowExtraJson = "";
  analyzeError: string | null = null;
  dirty = true;
  private readonly analysis = new NodeAnalysis();
  private readonly fixed = new RowFixedCache();

  constructor(
    readonly name: string,
    historySamples: number,
  ) {
    this.history = new NodeHistory(historySamples);
  }

  /** The last Summary collected (trimmed; rebuilt from its packed form on every call), or null. */
  get summary(): Summary | null {
    return this.stored && expandSummary(this.stored);
  }

  /** The last Summary with the pods' PSI and swap too (what the node page reads), or null. */
  detailSummary(): Summary | null {
    return this.stored && expandSummary(this.stored, true);
  }

  /** Keeps a packed Summary (stored-summary.ts), its name and uid strings shared with the cached pods. */
  setSummary(stored: StoredSummary | null): void {
    if (stored) this.shareStrings(stored);
    this.stored = stored && reuseBuffer(this.stored, stored);
  }

  // With the pods as they were when the stored Summary's strings were shared, a Summary naming the
  // same pods in the same order takes those strings as they are; otherwise each pod is looked up.
  private shareStrings(next: StoredSummary): void {
    const prev = this.stored;
    if (!(prev && this.sharedWith === this.pods.version && reuseSharedStrings(prev, next)))
      sharePodStrings(next, (ns, name) => this.pods.get(`${ns}/${name}`));
    this.sharedWith = this.pods.version;
  }

  get config(): NodeConfig {
    return this.cfg;
  }

  set config(c: NodeConfig) {
    // frozen, so the engine's config memo keys it by identity (lib/eviction/config/config-memo.ts)
    freezeConfig(c.kubeletConfig);
    this.cfg = c;
    this.configId = configIdOf(c);
    this.dirty = true;
  }

  /** Records the node object and the condition transitions it shows. */
  setNode(node: TrimmedNode | undefined): void {
    const before = new Map((this.node?.status.conditions ?? []).map((c) => [c.type, c.status]));
    for (const c of node?.status.conditions ?? []) {
      if (before.get(c.type) === c.status) continue;
      this.conditionChanges.push({ time: c.lastTransitionTime ?? "", type: c.type, status: c.status, reason: c.reason ?? null });
    }
    if (this.conditionChanges.length > MAX_CONDITION_CHANGES)
      this.conditionChanges.splice(0, this.conditionChanges.length - MAX_CONDITION_CHANGES);
    this.node = node;
    this.dirty = true;
  }

  /**
   * Active pods (not Failed/Succeeded): what the kubelet ranks. One array until a pod of the node
   * changes, so a row recompute neither rebuilds it nor compares it pod by pod (node-analysis.ts,
   * row-fixed.ts): callers read it and never change it.
   */
  activePods(): readonly TrimmedPod[] {
    if (this.active.version !== this.pods.version) {
      const out: TrimmedPod[] = [];
      for (const p of this.pods.values()) if (isActivePod(p)) out.push(p);
      this.active = { version: this.pods.version, pods: out };
    }
    return this.active.pods;
  }

  /** Every pod of the node, Failed and Succeeded too (what the forecast reads): one array until a pod changes. */
  private allPods(): readonly TrimmedPod[] {
    if (this.all.version !== this.pods.version) this.all = { version: this.pods.version, pods: [...this.pods.values()] };
    return this.all.pods;
  }

  /** Runs the engine and rebuilds the row; pushes a history sample when the Summary is new. */
  recompute(clusterNow: number, intervalSeconds = 10): void {
    this.dirty = false;
    const node = this.node;
    if (!node) return void (this.row = null);
    const active = this.activePods();
    this.analyzeError = null;
    let analysis: ReturnType<typeof analyzeNode> | null = null;
    try {
      analysis = this.analysis.run(node, active, this.config, this.stored);
      this.signals = analysis.signals;
      this.pressure = nodePressureOf(analysis);
    } catch (e) {
      this.signals = null;
      this.pressure = null;
      this.analyzeError = `bad data: ${(e as Error).message}`.slice(0, 300);
    }
    if (this.signals && this.summarySeq !== this.historySeq) {
      this.historySeq = this.summarySeq;
      this.history.push(
        clusterNow,
        [
          ...this.signals.map((s) => ({ signal: s.signal, available: s.available, capacity: s.capacity })),
          // the image set's bytes: a pull or a deletion cuts the disk signals' trend (lib/forecast/node-images.ts)
          ...imageSample(node),
        ],
        psiSamples(this.pressure),
      );
    }
    const forecast =
      analysis &&
      fleetForecast({
        now: clusterNow,
        result: analysis,
        conditions: node.status.conditions ?? [],
        evictions: evictionRecords(this.pods.values(), [], this.name),
        kubeletConfig: this.config.kubeletConfig,
        kubeletFlags: this.config.kubeletFlags,
        history: (slots) => this.history.series(intervalSeconds, slots),
        intervalSeconds,
        pods: this.allPods(),
        node,
      });
    const fixed = this.fixed.get(this.name, node, active, this.lease?.leaseDurationSeconds ?? null, this.configId);
    this.row = {
      name: fixed.name,
      pool: fixed.pool,
      labels: fixed.labels,
      ready: fixed.ready,
      conditions: fixed.conditions,
      unschedulable: fixed.unschedulable,
      leaseDurationSeconds: fixed.leaseDurationSeconds,
      worstMargin: this.signals ? worstMargins({ signals: this.signals }) : { memory: null, disk: null, pid: null },
      capacity: fixed.capacity,
      allocatable: fixed.allocatable,
      requested: fixed.requested,
      used: usedFromSummary(this.stored && { node: storedNodeStats(this.stored) }),
      podCount: fixed.podCount,
      configId: fixed.configId,
      nextEviction: forecast?.nextEviction ?? null,
      pressureHold: forecast?.pressureHold ?? null,
      observations: Object.fromEntries(
        (this.signals ?? []).map((o) => [o.signal, { available: o.available, capacity: o.capacity }]),
      ),
      pressure: rowPressure(this.pressure),
    };
    // Validated once per change, not per request: the route then only checks the envelope. The
    // fixed part was checked when it was built (row-fixed.ts); a row failing either part is
    // checked whole, so the error names the same first field as before.
    if (!this.fixed.valid || !summaryPart.safeParse(this.row).success) {
      const checked = rowBase.safeParse(this.row);
      if (!checked.success) {
        const i = checked.error.issues[0]!;
        this.analyzeError = `internal: row ${i.path.join(".")}: ${i.message}`;
      }
    }
    const { labels, observations, ...table } = this.row;
    this.rowJson = JSON.stringify(table).slice(0, -1);
    this.rowExtraJson = `,"labels":${JSON.stringify(labels)},"observations":${JSON.stringify(observations)}`;
  }

  /** Seconds since the Lease was renewed (cluster clock); null without a Lease. */
  leaseAge(clusterNow: number): number | null {
    const t = this.lease?.renewTime ? Date.parse(this.lease.renewTime) : NaN;
    return Number.isNaN(t) ? null : Math.max(0, Math.round((clusterNow - t) / 100) / 10);
  }

  /** Freshness and failure of the collection, for the UI to show partial data honestly. */
  collection(wallNow: number, summaryIntervalMs: number): CollectionStatus {
    const ageSeconds = this.summaryAt === null ? null : Math.round((wallNow - this.summaryAt) / 100) / 10;
    const error = this.error ?? this.analyzeError ?? this.configError;
    let state: CollectionStatus["state"] = "ok";
    if (this.lastFailed || (this.summaryAt === null && this.error)) state = "failed";
    else if (this.summaryAt === null) state = "pending";
    else if (wallNow - this.summaryAt > 3 * summaryIntervalMs) state = "stale";
    else if (this.analyzeError) state = "failed";
    return { state, ageSeconds, error, configSource: this.config.source };
  }
}

/** A short content hash of a node's effective kubelet configuration. */
function configIdOf(c: NodeConfig): string {
  return createHash("sha1")
    .update(JSON.stringify([c.source, c.kubeletConfig, c.kubeletFlags]))
    .digest("base64url")
    .slice(0, 12);
}
