import "server-only";

// The advisor (lib/eviction/advisor) over the cache: every node's kubelet settings, Node, active
// pods, Summary and last hour of memory.available, plus pool drift across each pool. Computed on
// demand and kept for a few seconds, so /metrics, /findings and the overview share one pass.
import { performance } from "node:perf_hooks";

import type { FindingsDocument } from "@/lib/contract/findings";
import { adviseFleet, fleetAdvice, RULES, type AdvisorInput, type Finding } from "@/lib/whatif/advisor-fixes";

import type { ClusterCache } from "../store/cache";
import type { NodeState } from "../store/node-state";
import { poolOf } from "../store/to-engine";

/** One hour of 10 s housekeeping cycles. */
const HISTORY_SLOTS = 360;
const FRESH_MS = 5_000;

/** The advisor's input for one node as the cache holds it; null before its Node is known. */
function advisorInput(s: NodeState): (AdvisorInput & { pool: string | null }) | null {
  const node = s.node;
  if (!node) return null;
  const memory = s.history.series(10, HISTORY_SLOTS);
  const column = memory.signals["memory.available"];
  const nodeInfo = (node.status as { nodeInfo?: { kubeletVersion?: string } }).nodeInfo;
  return {
    name: s.name,
    pool: poolOf(node.metadata.labels),
    kubeletConfig: s.config.kubeletConfig,
    kubeletFlags: s.config.kubeletFlags,
    node,
    kubeletVersion: nodeInfo?.kubeletVersion ?? null,
    pods: s.activePods(),
    summary: s.summary,
    memoryHistory: column ? { start: memory.start, intervalSeconds: memory.intervalSeconds, available: column.available } : null,
  };
}

/** A node's findings counted by severity: the fleet table's column and its sort. */
export type FindingCounts = Record<Finding["severity"], number>;

interface Pass {
  at: number;
  findings: Finding[];
  counts: Map<string, FindingCounts>;
}
const memo = new WeakMap<ClusterCache, Pass>();

function keep(cache: ClusterCache, at: number, findings: Finding[]): Pass {
  const counts = new Map<string, FindingCounts>();
  for (const f of findings) {
    if (!f.node) continue;
    const c = counts.get(f.node) ?? { error: 0, warning: 0, info: 0 };
    c[f.severity]++;
    counts.set(f.node, c);
  }
  const p = { at, findings, counts };
  // a pass spread over turns can end after a newer one that a request waited for
  const hit = memo.get(cache);
  if (!hit || hit.at <= at) memo.set(cache, p);
  return p;
}

function pass(cache: ClusterCache, maxAgeMs: number): Pass {
  const wallNow = cache.clock.now();
  const hit = memo.get(cache);
  if (hit && wallNow - hit.at < maxAgeMs) return hit;
  return keep(cache, wallNow, adviseFleet([...cache.states.values()].map(advisorInput).filter((i) => i !== null)));
}

/** The last pass if it is under `maxStaleMs` old, else a new one now (the first request, or one after a long quiet). */
function lastPass(cache: ClusterCache, maxStaleMs: number): Pass {
  const hit = memo.get(cache);
  return hit && cache.clock.now() - hit.at < maxStaleMs ? hit : pass(cache, FRESH_MS);
}

// How long one turn of a background pass may hold the event loop: the recompute's slice.
const SLICE_MS = 25;

/**
 * The same pass as a background job: nodes are advised a slice of `sliceMs` at a time, each slice
 * once no viewer's request holds background work back (the gate collection and recomputes use),
 * then pool drift and the sort. At 5 000 nodes the pass in one task held the event loop for
 * 1–2 s after every overview and scrape, so the next page's HTML, a node page or a scrape that
 * arrived meanwhile waited for all of it (docs/benchmarks.md). Each node is read as it is when its
 * slice runs; the pass is dated from its start.
 */
export function advisorPassInSlices(cache: ClusterCache, sliceMs = SLICE_MS): Promise<Finding[]> {
  const at = cache.clock.now();
  const advice = fleetAdvice();
  const names = [...cache.states.keys()];
  let next = 0;
  return new Promise((resolve) => {
    const slice = () => {
      const end = performance.now() + sliceMs;
      while (next < names.length) {
        const s = cache.states.get(names[next++]!);
        const input = s ? advisorInput(s) : null;
        if (input) advice.add(input);
        if (next < names.length && performance.now() >= end) return cache.whenViewersServed(slice);
      }
      resolve(keep(cache, at, advice.finish()).findings);
    };
    cache.whenViewersServed(slice);
  });
}

/** Every finding of the fleet (node rules and pool drift), errors first; recomputed at most every 5 s. */
export function fleetFindings(cache: ClusterCache, maxAgeMs = FRESH_MS): Finding[] {
  return pass(cache, maxAgeMs).findings;
}

const NONE: FindingCounts = { error: 0, warning: 0, info: 0 };

const refreshing = new WeakSet<ClusterCache>();
// A pass older than this (no overview for a while) is redone before the overview is answered.
const MAX_STALE_MS = 60_000;

/**
 * The findings by severity that fleet overview rows show (streamed or built): the last pass even
 * when it is older than 5 s, so a cold overview never waits for the advisor over the whole fleet
 * (at 5 000 nodes that pass was the largest part of /api/cluster's own work: ~0.7 s on a loaded
 * 2-core machine). Only the first overview, before any pass or after a minute without one, waits
 * for it. `whenSent` asks for the next pass once the response is written and the page's other
 * requests are answered (the request gate), so the overview after it sees counts at most one
 * overview old.
 */
export function overviewFindingCounts(cache: ClusterCache): {
  countsOf: (name: string) => FindingCounts;
  whenSent: () => void;
} {
  const last = lastPass(cache, MAX_STALE_MS);
  return {
    countsOf: (name) => last.counts.get(name) ?? NONE,
    // Not at once, and not in one task: the pass takes 1–2 s at 5 000 nodes, so it runs in slices
    // once the page's requests are answered, as collection does.
    whenSent: () => refreshFindings(cache),
  };
}

// /metrics serves the last pass up to this old; only a scrape finding none (the process's first, or
// the first after this long without any) waits for a new one.
const METRICS_MAX_STALE_MS = 300_000;

/**
 * The findings a /metrics scrape exports: the last pass, however stale up to 5 minutes, so no
 * scrape waits for the advisor over the whole fleet (at 5 000 nodes it took longer than the rest
 * of the scrape together: 1–2 s at 2 000 nodes on a loaded 2-core machine). Scrapers call
 * `refreshFindings` once their answer is out, so a scraper every 15–60 s exports findings one
 * scrape interval old (plus the pass's own time), older only if scrapes come further apart.
 */
export function metricsFindings(cache: ClusterCache): Finding[] {
  return lastPass(cache, METRICS_MAX_STALE_MS).findings;
}

/** Redoes the advisor pass in the background, in slices, if the last one is over 5 s old (at most one at a time). */
export function refreshFindings(cache: ClusterCache): void {
  const hit = memo.get(cache);
  if ((hit && cache.clock.now() - hit.at < FRESH_MS) || refreshing.has(cache)) return;
  refreshing.add(cache);
  void advisorPassInSlices(cache).finally(() => refreshing.delete(cache));
}

/**
 * The findings GET /api/findings serves (the findings page, and every node page every 30 s): as
 * the overview's column, the last pass up to a minute old, with the next one asked for in the
 * background once this answer is out. A node page asked for the whole fleet's pass on its
 * request's path whenever the last was over 5 s old: 0.3–2 s at 5 000 nodes for one node's
 * findings, with every other request waiting behind it.
 */
function servedFindings(cache: ClusterCache): Finding[] {
  const last = lastPass(cache, MAX_STALE_MS);
  refreshFindings(cache);
  return last.findings;
}

/** The document GET /api/findings returns: every finding with its node's pool, its rule's title and source. */
export function buildFindingsDocument(cache: ClusterCache, node?: string): FindingsDocument {
  const served = servedFindings(cache);
  // one node's findings, its pool's drift included
  const all = node === undefined ? served : served.filter((f) => f.node === node);
  return {
    generatedAt: new Date(cache.now()).toISOString(),
    findings: all.map((f) => {
      const labels = f.node ? cache.states.get(f.node)?.node?.metadata.labels : undefined;
      return {
        rule: f.rule,
        severity: f.severity,
        node: f.node,
        pool: labels ? poolOf(labels) : null,
        message: f.message,
        title: RULES[f.rule].title,
        source: RULES[f.rule].source,
        fix: f.fix ? { text: f.fix.text, yaml: f.fix.yaml, flags: f.fix.flags } : null,
      };
    }),
  };
}
