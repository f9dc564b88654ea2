import "server-only";

import type { CollectionStatus } from "@/lib/contract/dto";
import type { SignalReport } from "@/lib/eviction";

import type { NodePressure } from "../store/node-pressure";
import type { RowBase } from "../store/node-state";
import { ascii, esc, word, type TextWriter } from "./text-writer";

// The per-node families of /metrics, written into the scrape's buffer one family after the other
// (the text format wants each family's lines together). Each node's name is escaped once per
// scrape; signal, kind, condition and state are closed sets of plain words that never need
// escaping (the row's zod schema and the engine's types).

/** What a scrape reads of one node, gathered once (the collection state feeds three families). */
export interface ScrapeNode {
  /** The node's name, escaped for a label value, as UTF-8. */
  readonly n: Uint8Array;
  readonly row: RowBase;
  readonly signals: readonly SignalReport[];
  readonly pressure: NodePressure | null;
  readonly collection: CollectionStatus;
}

const head = (name: string, type: string, help: string) => ascii(`# HELP ${name} ${help}\n# TYPE ${name} ${type}\n`);
const HEAD = {
  observed: head(
    "headroom_signal_observed",
    "gauge",
    "Observed available amount of an eviction signal (bytes, inodes or PIDs), computed the kubelet's way.",
  ),
  threshold: head(
    "headroom_signal_threshold",
    "gauge",
    "Resolved eviction threshold of a signal on a node (same unit as observed).",
  ),
  margin: head("headroom_signal_margin", "gauge", "Observed minus threshold; at or below zero the threshold is met."),
  // Only for signals with a threshold: alerts divide a margin by it, and the rest would add
  // ~20 000 series at 5 000 nodes for nothing.
  capacity: head(
    "headroom_signal_capacity",
    "gauge",
    "Capacity of a signal that has a threshold on the node (same unit as observed), for margins as a fraction.",
  ),
  condition: head("headroom_node_condition", "gauge", "Node pressure conditions (1 = True)."),
  ready: head("headroom_node_ready", "gauge", "Node Ready condition status (1 for the current status)."),
  candidates: head(
    "headroom_eviction_candidate_pods",
    "gauge",
    "Active pods on a node where a hard or soft threshold is met (the kubelet's ranking candidates), else 0.",
  ),
  // The live forecast's soonest eviction per node (the fleet page's "Next eviction" column), so a
  // dashboard can list nodes under pressure with what comes next; only nodes where one is expected.
  nextEviction: head(
    "headroom_node_next_eviction_seconds",
    "gauge",
    "Seconds until the live forecast's next eviction on the node (0 = the kubelet acts on its next cycle), by signal and why.",
  ),
  age: head("headroom_node_stats_age_seconds", "gauge", "Seconds since the node's last successful Summary collection."),
  collectionState: head(
    "headroom_node_collection_state",
    "gauge",
    "The node's kubelet collection state (1 for the current one: ok, stale, failed or pending).",
  ),
};
const open = (name: string) => ascii(`${name}{node="`);
const OBSERVED = open("headroom_signal_observed");
const THRESHOLD = open("headroom_signal_threshold");
const MARGIN = open("headroom_signal_margin");
const CAPACITY = open("headroom_signal_capacity");
const CONDITION = open("headroom_node_condition");
const READY = open("headroom_node_ready");
const CANDIDATES = open("headroom_eviction_candidate_pods");
const NEXT = open("headroom_node_next_eviction_seconds");
const AGE = open("headroom_node_stats_age_seconds");
const STATE = open("headroom_node_collection_state");
const SIGNAL = ascii('",signal="');
const KIND = ascii('",kind="');
const CONDITION_LABEL = ascii('",condition="');
const STATUS = ascii('",status="');
const BECAUSE = ascii('",because="');
const STATE_LABEL = ascii('",state="');
const CLOSE = ascii('"} ');
const ONE = ascii('"} 1');

const joined = (...parts: Uint8Array[]): Uint8Array => Buffer.concat(parts);

// A signal line's whole tail after the node's name (`",signal="memory.available"} `, with
// `",kind="hard` for thresholds and margins) as one constant per signal and kind, both closed sets:
// a line is then the family, the name, the tail and the number, not seven copies and two lookups
// (the constant copies were two fifths of a 5 000-node scrape, issue 27).
const signalTails = new Map<string, Uint8Array>();
function signalTail(signal: string): Uint8Array {
  let b = signalTails.get(signal);
  if (!b) signalTails.set(signal, (b = joined(SIGNAL, word(signal), CLOSE)));
  return b;
}
const kindTails = new Map<string, Map<string, Uint8Array>>();
function kindTail(signal: string, kind: string): Uint8Array {
  let byKind = kindTails.get(signal);
  if (!byKind) kindTails.set(signal, (byKind = new Map()));
  let b = byKind.get(kind);
  if (!b) byKind.set(kind, (b = joined(SIGNAL, word(signal), KIND, word(kind), CLOSE)));
  return b;
}

/**
 * Writes the per-node families in the exposition's order, the advisor's findings family (its text,
 * made once per pass) between the margins and the capacities.
 */
export function writeNodeFamilies(w: TextWriter, nodes: readonly ScrapeNode[], clusterNow: number, findings: string): void {
  w.bytes(HEAD.observed);
  for (const { n, signals } of nodes)
    for (const sig of signals) w.bytes(OBSERVED).bytes(n).bytes(signalTail(sig.signal)).num(sig.available).nl();
  w.bytes(HEAD.threshold);
  for (const { n, signals } of nodes)
    for (const sig of signals)
      for (const t of sig.thresholds) w.bytes(THRESHOLD).bytes(n).bytes(kindTail(sig.signal, t.kind)).num(t.value).nl();
  w.bytes(HEAD.margin);
  for (const { n, signals } of nodes)
    for (const sig of signals)
      for (const t of sig.thresholds) w.bytes(MARGIN).bytes(n).bytes(kindTail(sig.signal, t.kind)).num(t.margin).nl();
  w.str(findings);
  w.bytes(HEAD.capacity);
  for (const { n, signals } of nodes)
    for (const sig of signals)
      if (sig.thresholds.length) w.bytes(CAPACITY).bytes(n).bytes(signalTail(sig.signal)).num(sig.capacity).nl();
  w.bytes(HEAD.condition);
  for (const { n, row } of nodes)
    for (const c in row.conditions)
      w.bytes(CONDITION)
        .bytes(n)
        .bytes(CONDITION_LABEL)
        .bytes(word(c))
        .bytes(CLOSE)
        .int(row.conditions[c as keyof typeof row.conditions] ? 1 : 0)
        .nl();
  w.bytes(HEAD.ready);
  for (const { n, row } of nodes) w.bytes(READY).bytes(n).bytes(STATUS).str(esc(row.ready)).bytes(ONE).nl();
  w.bytes(HEAD.candidates);
  for (const { n, row, signals } of nodes) {
    let met = false;
    for (const sig of signals) for (const t of sig.thresholds) met ||= t.met;
    w.bytes(CANDIDATES)
      .bytes(n)
      .bytes(CLOSE)
      .js(met ? row.podCount : 0)
      .nl();
  }
  w.bytes(HEAD.nextEviction);
  for (const { n, row } of nodes) {
    const next = row.nextEviction;
    if (next)
      w.bytes(NEXT)
        .bytes(n)
        .bytes(SIGNAL)
        .bytes(word(next.signal))
        .bytes(BECAUSE)
        .str(esc(next.because))
        .bytes(CLOSE)
        .num(Math.max(0, Math.round((next.at - clusterNow) / 100) / 10))
        .nl();
  }
  w.bytes(HEAD.age);
  for (const { n, collection } of nodes)
    if (collection.ageSeconds !== null) w.bytes(AGE).bytes(n).bytes(CLOSE).num(collection.ageSeconds).nl();
  w.bytes(HEAD.collectionState);
  for (const { n, collection } of nodes) w.bytes(STATE).bytes(n).bytes(STATE_LABEL).bytes(word(collection.state)).bytes(ONE).nl();
}
