import { resolveConfig } from "./config/config-memo";
import { deriveContainerFsThresholds, type Threshold } from "./config/thresholds";
import { parseAnalyzeInput, type AnalyzeInput } from "./document/input";
import { byEvictionPriority, nodeConditions, thresholdQuantity, thresholdsMet } from "./evaluate";
import type { Container, Node, Pod } from "./k8s-types";
import { checkedAllocatable, kubepodsLimit } from "./node/allocatable";
import { inferFilesystemLayout, observeSignals, type FilesystemLayout, type Observations } from "./observe";
import { allocatedPod, podResizeState } from "./pods/allocated";
import { containerOomScoreAdj } from "./pods/oom-score";
import { isActivePod, podFacts, statsByUid } from "./pods/pod-facts";
import { containerRequest, quantityValue, type FeatureGates } from "./pods/pod-resources";
import { podQos, type QosClass } from "./pods/qos";
import { explicitPsiGate, psiSection, swapSection } from "./psi";
import { rankAll } from "./rankings";
import { replaySignal } from "./replay";
import { SIGNALS } from "./signals";
import type { AnalyzeOutput, ContainerReport, OutputThreshold, PodReport, SignalReport } from "./types";
import { scaleSummary } from "./whatif";

function memoryCapacity(node: Node | undefined): number | null {
  const mem = node?.status?.capacity?.memory;
  return mem == null ? null : quantityValue("memory", mem);
}

// Appends a report per container of one list (init or regular): `allocated` is the same list in
// allocatedPod's copy (the same array when nothing was resized), index for index.
function addContainerReports(
  out: ContainerReport[],
  spec: Container[] | undefined,
  allocated: Container[] | undefined,
  pod: Pod,
  allocatedPodOf: Pod,
  memCapacity: number | null,
  gates: FeatureGates,
  qos: QosClass,
): void {
  if (!allocated) return;
  for (let i = 0; i < allocated.length; i++) {
    const c = allocated[i]!;
    const report: ContainerReport = {
      name: c.name,
      oomScoreAdj: containerOomScoreAdj(allocatedPodOf, c, memCapacity, gates, qos),
    };
    if (allocatedPodOf !== pod) {
      const specRequest = containerRequest(spec![i]!, "memory");
      const now = containerRequest(c, "memory");
      if (specRequest !== now) report.memoryRequest = { spec: specRequest, allocated: now };
    }
    out.push(report);
  }
}

// oom_score_adj comes from the allocated resources (a resize the kubelet has not admitted does not
// change it yet); eviction ranking keeps spec requests (allocated.ts cites both kubelet sources).
// Built without copying the container lists into one array per pod, or a closure per pod: this
// runs for every pod of every node, and those copies were a third of what analyze allocated.
function podReport(pod: Pod, memCapacity: number | null, gates: FeatureGates): PodReport {
  const qos = podQos(pod, gates);
  const allocated = allocatedPod(pod);
  const containers: ContainerReport[] = [];
  const spec = pod.spec;
  addContainerReports(containers, spec?.initContainers, allocated.spec?.initContainers, pod, allocated, memCapacity, gates, qos);
  addContainerReports(containers, spec?.containers, allocated.spec?.containers, pod, allocated, memCapacity, gates, qos);
  const resize = podResizeState(pod);
  const report: PodReport = {
    namespace: pod.metadata?.namespace ?? "default",
    name: pod.metadata?.name ?? "",
    uid: pod.metadata?.uid ?? "",
    qosClass: qos,
    priority: spec?.priority ?? 0,
    containers,
  };
  if (resize) report.resize = resize;
  return report;
}

// The arrays are made at their final length: one grown by push keeps 17 slots (V8's first growth)
// for its 1-2 thresholds, and the cache keeps every node's reports, ~0.9 KiB a node of empty slots.
function signalReports(thresholds: readonly Threshold[], observations: Observations): SignalReport[] {
  let observed = 0;
  for (const signal of SIGNALS) if (observations[signal]) observed++;
  const reports: SignalReport[] = new Array(observed);
  let r = 0;
  for (const signal of SIGNALS) {
    const obs = observations[signal];
    if (!obs) continue;
    let n = 0;
    for (const t of thresholds) if (t.signal === signal && t.value) n++;
    const states: SignalReport["thresholds"] = new Array(n);
    let i = 0;
    for (const t of thresholds) {
      if (t.signal !== signal || !t.value) continue;
      const value = thresholdQuantity(t, obs, false) ?? 0;
      states[i++] = { kind: t.kind, value, margin: obs.available - value, met: value > obs.available };
    }
    reports[r++] = { signal, available: obs.available, capacity: obs.capacity, thresholds: states };
  }
  return reports;
}

// The containerfs derivation depends only on the configured list (one array per distinct kubelet
// configuration, from the config memo) and the layout (three kinds): derived once per pair, not on
// every analysis. Nothing downstream mutates the list.
const derivedMemo = new WeakMap<readonly Threshold[], Map<string, readonly Threshold[]>>();
function derivedThresholds(configured: readonly Threshold[], layout: FilesystemLayout): readonly Threshold[] {
  const key = layout.dedicatedImageFs ? (layout.splitContainerFs ? "split" : "imagefs") : "single";
  let byLayout = derivedMemo.get(configured);
  if (!byLayout) derivedMemo.set(configured, (byLayout = new Map()));
  let derived = byLayout.get(key);
  if (!derived) byLayout.set(key, (derived = deriveContainerFsThresholds(configured, layout)));
  return derived;
}

/** Analyzes one node the kubelet's way: thresholds, allocatable, signals, conditions, rankings and replay. */
export function analyze(input: AnalyzeInput): AnalyzeOutput {
  const {
    config,
    source,
    fieldName,
    thresholds: configured,
  } = resolveConfig(input.kubeletConfig, input.kubeletFlags, input.whatIf);
  const layout = input.filesystems ?? inferFilesystemLayout(input.summary);
  const thresholds = derivedThresholds(configured, layout);
  const capacity = input.node?.status?.capacity ?? {};
  // The kubelet refuses to start when reservations exceed capacity; so does the analysis.
  const { reservation, allocatable } = checkedAllocatable(capacity, config, fieldName);

  const reservesChanged = !!(input.whatIf.kubeReserved || input.whatIf.systemReserved);
  const podsLimit =
    reservesChanged && capacity.memory != null ? (kubepodsLimit(capacity, config, fieldName).memory ?? null) : null;
  const scale = input.whatIf.usageScale ?? {};
  const summary =
    input.summary && (podsLimit != null || Object.keys(scale).length > 0)
      ? scaleSummary(input.summary, scale, podsLimit)
      : input.summary;

  const observations = observeSignals(summary);
  const met = thresholdsMet(thresholds, observations);
  const memCap = memoryCapacity(input.node);
  const stats = statsByUid(summary);
  const facts = input.pods.filter(isActivePod).map((p) => podFacts(p, stats.get(p.metadata?.uid ?? ""), input.featureGates));

  const starved = [...new Set(byEvictionPriority(met).map((t) => t.signal))];
  const { rows: rankings, entries: ranked } = rankAll(facts, layout, starved);

  return {
    node: input.node?.metadata?.name ?? null,
    thresholdSource: source,
    thresholds: thresholds
      .filter((t): t is Threshold & OutputThreshold => t.value != null)
      .map((t): OutputThreshold => ({
        signal: t.signal,
        kind: t.kind,
        value: t.value,
        gracePeriodSeconds: t.gracePeriodSeconds,
        minReclaim: t.minReclaim,
      })),
    reservation,
    allocatable,
    signals: signalReports(thresholds, observations),
    conditions: nodeConditions(met),
    pods: input.pods.map((p) => podReport(p, memCap, input.featureGates)),
    rankings,
    replay: starved.map((s) => replaySignal(s, thresholds, observations, ranked.get(s) ?? [])),
    // Optional sections, only with a Summary: the measured (unscaled) pressure, which no rule reads.
    ...(input.summary
      ? {
          psi: psiSection(
            input.summary,
            input.node,
            explicitPsiGate(input.featureGates as unknown as Record<string, unknown>, input.kubeletConfig, input.kubeletFlags),
          ),
          swap: swapSection(input.summary),
        }
      : {}),
  };
}

/** Runs the contract's `analyzeNode`: validates the raw input document, then analyzes it; throws an Error naming the field. */
export function analyzeNode(raw: unknown): AnalyzeOutput {
  return analyze(parseAnalyzeInput(raw));
}
