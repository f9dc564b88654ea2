// Plays a simulator scenario on its own clock and records, every 10 s, the forecast Headroom makes
// for each node — the production path of the node page: the engine's analysis of the node's
// Summary, a NodeHistory collecting every sample, the eviction records and pods as the cache trims
// them, then forecastNode and the verdict — next to the evictions the simulated kubelets perform.
import { analyzeNode, imageGcThresholds, type Pod } from "@/lib/eviction";
import { formatUtcClock } from "@/lib/format";
import { evictionRecords } from "@/lib/k8s/documents/evictions";
import { NodeHistory } from "@/lib/k8s/store/history";
import { trimPod, type TrimmedPod } from "@/lib/k8s/store/trim";
import { decodeWire, type WirePod } from "@/lib/k8s/store/wire";
import { startSim } from "@/lib/sim";
import { podObject } from "@/lib/sim/state/pod-object";

import { contradictions } from "../../words/forecast-consistency";
import { liveVerdict } from "../../words/forecast-verdict";
import { forecastNode, transitionPeriodOf } from "../node-forecast";
import { imageSample, type ImageList } from "../node-images";

/** One forecast: the node's soonest expected eviction as the headline states it, made at `t`. */
export interface Forecast {
  t: number;
  node: string;
  /** Expected eviction time, or null when none is expected. */
  at: number | null;
  because: string | null;
  signal: string | null;
  /** The time is the earliest the eviction can come (unused images are deleted first, as many as Headroom cannot see). */
  lowerBound: boolean;
  /** The headline warned that an eviction can come without warning (an erratic signal). */
  unforecastable: boolean;
  /** Self-contradicting or past-due sentences in this forecast. */
  problems: string[];
}

export interface Eviction {
  node: string;
  at: number;
  signal: string;
}

export interface Recording {
  scenario: string;
  seconds: number;
  forecasts: Forecast[];
  evictions: Eviction[];
}

const STEP_SECONDS = 10;
// the report prints cluster times in UTC, the same on every machine
const utc = formatUtcClock;

/** The cluster's pods as the cache keeps them, by node. */
function trimmedPodsByNode(pods: Iterable<{ src: Parameters<typeof podObject>[0] }>): Map<string, TrimmedPod[]> {
  const out = new Map<string, TrimmedPod[]>();
  for (const e of pods) {
    const p = trimPod(decodeWire<WirePod>(podObject(e.src), "pod"));
    const node = p?.spec.nodeName;
    if (!p || !node) continue;
    const list = out.get(node) ?? [];
    list.push(p);
    out.set(node, list);
  }
  return out;
}

/** Runs `scenario` for `seconds` of simulated time, forecasting every 10 s. */
export async function record(scenario: string, seconds: number): Promise<Recording> {
  const sim = await startSim({ scenario });
  try {
    const nodes = sim.cluster.nodes;
    const histories = nodes.map(() => new NodeHistory(Math.ceil(seconds / STEP_SECONDS) + 1));
    const forecasts: Forecast[] = [];
    const evictions: Eviction[] = [];
    const seen = new Set<string>();
    // Headroom samples a few seconds after the kubelets' cycles (node i runs at second i mod 10)
    sim.advance(5);
    for (let s = 5; s <= seconds; s += STEP_SECONDS) {
      sim.advance(STEP_SECONDS);
      const now = sim.clock.now();
      for (const e of sim.cluster.stores.pods.values()) {
        const p = e.src;
        if (p.evicted && p.node && !seen.has(p.uid)) {
          seen.add(p.uid);
          evictions.push({ node: p.node.name, at: p.evicted.at, signal: p.evicted.signal });
        }
      }
      const pods = trimmedPodsByNode(sim.cluster.stores.pods.values());
      nodes.forEach((n, i) => {
        if (!n.kubeletUp) return;
        const input = sim.cluster.brainInput(n);
        const result = analyzeNode(input);
        const h = histories[i]!;
        h.push(now, [
          ...result.signals.map((x) => ({ signal: x.signal, available: x.available, capacity: x.capacity })),
          ...imageSample(input.node as ImageList),
        ]);
        const own = pods.get(n.name) ?? [];
        const fc = forecastNode({
          now,
          result,
          history: h.series(STEP_SECONDS),
          conditions: (input.node.status?.conditions ?? []) as { type: string; status: string; lastTransitionTime?: string }[],
          evictions: evictionRecords(own, [], n.name),
          pods: own as Pod[],
          transitionPeriodSeconds: transitionPeriodOf(input.kubeletConfig, null),
          imageGc: imageGcThresholds(input.kubeletConfig),
          node: input.node as ImageList,
        });
        const verdict = liveVerdict(fc, now, utc);
        forecasts.push({
          t: now,
          node: n.name,
          at: fc.next?.at ?? null,
          because: fc.next?.because ?? null,
          signal: fc.next?.signal ?? null,
          lowerBound: !!fc.next?.lowerBound,
          unforecastable: /can come without warning/.test(verdict.text),
          problems: contradictions(fc, now, utc),
        });
      });
    }
    return { scenario, seconds, forecasts, evictions };
  } finally {
    await sim.close();
  }
}
