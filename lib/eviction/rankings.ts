// analyze's `rankings` section and the ranked entries the replay reads. Signals that rank by the
// same function over the same usage (memory and allocatableMemory; containerfs and the filesystem it
// lives on) share one sort and one array of rows; which signals share depends only on the
// filesystem layout, so the grouping is worked out once per layout, not per node.
import type { FilesystemLayout } from "./observe";
import type { PodFacts } from "./pods/pod-facts";
import { diskPartsFor, rankEntry, type RankEntry } from "./pods/rank";
import { rankOrder, type FsPart } from "./pods/rank-order";
import { SIGNALS, type Signal } from "./signals";
import type { RankingRow } from "./types";

interface RankingPlan {
  /** One ranking per group: the first signal of the group (in SIGNALS order) and its disk parts. */
  groups: { signal: Signal; parts: readonly FsPart[] }[];
  /** The group of each signal, by its index in SIGNALS. */
  groupOf: number[];
}

function planKey(signal: Signal, layout: FilesystemLayout): string {
  if (signal === "pid.available") return "pid";
  if (signal === "memory.available" || signal === "allocatableMemory.available") return "memory";
  return `${diskPartsFor(signal, layout).join("+")}|${signal.endsWith(".inodesFree") ? "inodes" : "bytes"}`;
}

const plans = new Map<string, RankingPlan>();

function planFor(layout: FilesystemLayout): RankingPlan {
  const id = `${layout.dedicatedImageFs}|${layout.splitContainerFs}`;
  let plan = plans.get(id);
  if (plan) return plan;
  plan = { groups: [], groupOf: [] };
  const byKey = new Map<string, number>();
  for (const signal of SIGNALS) {
    const key = planKey(signal, layout);
    let g = byKey.get(key);
    if (g === undefined) {
      g = plan.groups.length;
      byKey.set(key, g);
      plan.groups.push({ signal, parts: diskPartsFor(signal, layout) });
    }
    plan.groupOf.push(g);
  }
  plans.set(id, plan);
  return plan;
}

export interface Rankings {
  rows: Partial<Record<Signal, RankingRow[]>>;
  /** The ranked entries of each signal in `starved` (what replaySignal walks). */
  entries: Map<Signal, RankEntry[]>;
}

/** Ranks the active pods for every signal; rank entries are built only for the starved signals. */
export function rankAll(facts: readonly PodFacts[], layout: FilesystemLayout, starved: readonly Signal[]): Rankings {
  const plan = planFor(layout);
  const groupRows: RankingRow[][] = [];
  const groupEntries: (RankEntry[] | undefined)[] = [];
  for (let g = 0; g < plan.groups.length; g++) {
    const { signal, parts } = plan.groups[g]!;
    const { size, order, usage, request } = rankOrder(facts, signal, parts);
    const pid = signal === "pid.available";
    const rows = new Array<RankingRow>(size);
    for (let i = 0; i < size; i++) {
      const f = facts[order[i]!]!;
      const u = usage[order[i]!]!;
      const r = request[order[i]!]!;
      rows[i] = {
        namespace: f.namespace,
        name: f.name,
        uid: f.uid,
        priority: f.priority,
        usage: f.hasStats ? u : null,
        request: r,
        exceedsRequest: f.hasStats && !pid ? u > r : null,
      };
    }
    groupRows.push(rows);
    const wanted = starved.some((s) => plan.groupOf[SIGNALS.indexOf(s)] === g);
    groupEntries.push(wanted ? rankedEntries(facts, order, size, signal, layout) : undefined);
  }
  const rows: Rankings["rows"] = {};
  const entries = new Map<Signal, RankEntry[]>();
  for (let s = 0; s < SIGNALS.length; s++) {
    const signal = SIGNALS[s]!;
    rows[signal] = groupRows[plan.groupOf[s]!];
    const e = groupEntries[plan.groupOf[s]!];
    if (e && starved.includes(signal)) entries.set(signal, e);
  }
  return { rows, entries };
}

function rankedEntries(
  facts: readonly PodFacts[],
  order: Int32Array,
  size: number,
  signal: Signal,
  layout: FilesystemLayout,
): RankEntry[] {
  const out = new Array<RankEntry>(size);
  for (let i = 0; i < size; i++) out[i] = rankEntry(facts[order[i]!]!, signal, layout);
  return out;
}
