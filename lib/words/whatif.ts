// The what-if result in words: whether every pod still fits, which nodes come under pressure, and
// what the kubelet would evict there. Pure; the what-if panel and the pool/fleet list render it.
import { signalCondition } from "@/lib/eviction/client";

import { formatBytes, formatCountOf, formatSignal } from "../format";
import type { EvictionRun, NodeOutcome } from "../whatif/outcome";
import { requestStanding } from "./standing";

export interface Verdict {
  /** "ok": nothing gets worse; "warn": pods stop fitting; "bad": a node comes (or stays) under pressure. */
  tone: "ok" | "warn" | "bad";
  sentences: string[];
}

export interface VerdictScope {
  /** Nodes the what-if applies to, and their pods. */
  nodes: number;
  pods: number;
  /** Node scope words its sentences about "this node". */
  single: boolean;
}

const plural = formatCountOf;
const LISTED = 3;

function list(names: readonly string[], noun: string): string {
  if (names.length <= LISTED) return names.join(", ").replace(/, ([^,]*)$/, " and $1");
  return `${names.slice(0, LISTED).join(", ")} and ${plural(names.length - LISTED, `more ${noun}`)}`;
}

/** A what-if under which no threshold is met. */
export const NOTHING_EVICTED = "No threshold met: nothing would be evicted.";

function evictionWords(run: EvictionRun): string {
  if (run.pods.length === 0) return `the kubelet would find no pod it may evict for ${run.signal}`;
  const [first, ...rest] = run.pods;
  const over = first!.overRequest == null ? "" : `, ${requestStanding(run.signal, first!.overRequest)}`;
  const freed = formatSignal(
    run.signal,
    run.pods.reduce((s, p) => s + p.reclaimed, 0),
  );
  const others =
    rest.length === 1
      ? ` then ${rest[0]!.namespace}/${rest[0]!.name}`
      : rest.length
        ? ` then ${plural(rest.length, "more pod")}`
        : "";
  const end = run.recovered ? "" : ", and the node would still not recover";
  return `the kubelet would evict ${first!.namespace}/${first!.name} (${first!.qosClass}${over})${others}, freeing ${freed}${end}`;
}

function fitSentence(outcomes: readonly NodeOutcome[], scope: VerdictScope): string {
  const over = outcomes.filter((o) => o.overBy > 0);
  if (over.length === 0) return scope.pods === 1 ? "The pod still fits" : `All ${plural(scope.pods, "pod")} still fit`;
  const detailed = over.filter((o) => o.pods);
  const pods = detailed.flatMap((o) => o.pods!.noLongerFit.map((p) => `${p.namespace}/${p.name}`));
  const where = scope.single ? "" : ` on ${plural(over.length, "node")}`;
  if (detailed.length === over.length) {
    const who = pods.length ? `: ${list(pods, "pod")}` : "";
    return `${plural(pods.length, "pod")} no longer ${pods.length === 1 ? "fits" : "fit"}${where}${who}`;
  }
  const total = over.reduce((s, o) => s + o.overBy, 0);
  return `Pod memory requests exceed the new allocatable by ${formatBytes(total)}${where}: ${list(
    over.map((o) => o.node),
    "node",
  )}`;
}

function pressureSentences(outcomes: readonly NodeOutcome[], scope: VerdictScope): string[] {
  const under = outcomes.filter((o) => o.pressureAfter.length > 0);
  const cleared = outcomes.filter((o) => o.pressureAfter.length === 0 && o.pressureBefore.length > 0);
  const out: string[] = [];
  if (under.length === 0 && cleared.length === 0)
    out.push(scope.single ? "this node does not come under pressure" : "no node comes under pressure");
  const withPods = under.filter((o) => o.pods);
  for (const o of withPods.slice(0, LISTED)) {
    const was = o.pressureBefore.join(", ");
    const state = o.pressureAfter.join(" and ");
    const head = scope.single ? state : `${state} on ${o.node}`;
    const still = was && was === o.pressureAfter.join(", ") ? " (as now)" : "";
    // The kubelet acts on one starved signal per cycle (replay order): the first one per condition is what happens next.
    const runs = o.pressureAfter
      .map((c) => o.pods!.evictions.find((r) => signalCondition(r.signal) === c))
      .filter((r) => r !== undefined);
    out.push(`${head}${still}${runs.length ? `: ${runs.map(evictionWords).join("; ")}` : ""}`);
  }
  const rest = [...withPods.slice(LISTED), ...under.filter((o) => !o.pods)];
  if (rest.length)
    out.push(
      `${withPods.length > LISTED ? "also " : ""}under pressure: ${list(
        rest.map((o) => `${o.node} (${o.pressureAfter.join(", ")})`),
        "node",
      )}`,
    );
  const clears = [...new Set(cleared.flatMap((o) => o.pressureBefore))].join(" and ");
  if (cleared.length)
    out.push(
      scope.single
        ? `${clears} would clear`
        : `${clears} would clear on ${list(
            cleared.map((o) => o.node),
            "node",
          )}`,
    );
  return out;
}

/** Words the result of a what-if over the nodes it applies to (`outcomes`: those whose state changes). */
export function whatIfVerdict(outcomes: readonly NodeOutcome[], scope: VerdictScope): Verdict {
  const [pressure, ...more] = pressureSentences(outcomes, scope);
  const sentences = [`${fitSentence(outcomes, scope)}; ${pressure}.`, ...more.map((s) => `${s[0]!.toUpperCase()}${s.slice(1)}.`)];
  const tone = outcomes.some((o) => o.pressureAfter.length > 0) ? "bad" : outcomes.some((o) => o.overBy > 0) ? "warn" : "ok";
  return { tone, sentences };
}
