// Runs the engine for a node on every new Summary without validating, 500 times a second at
// 5 000 nodes, what has not changed. analyzeNode validates the whole input document on each call
// (nesting depth, node, every pod, every Summary field): that was about half of a collection's
// main-thread time. Here the node, its active pods and its config are validated once and again only
// when one of them is another object (the informers replace an object on every change, never edit
// it), and a stored Summary is not validated again: packSummary validated it in the collection
// thread and expandSummary rebuilds it from those checked numbers. A Summary the engine rejected is
// kept whole (StoredSummary.invalid) and goes through analyzeNode, so the node reports its field.
import { analyze, analyzeNode, parseAnalyzeInput, type AnalyzeInput, type AnalyzeOutput } from "@/lib/eviction";

import { expandSummary, type StoredSummary } from "./stored-summary";
import { engineInput, type NodeConfig } from "./to-engine";
import type { TrimmedNode, TrimmedPod } from "./trim";

export class NodeAnalysis {
  private node: TrimmedNode | null = null;
  private pods: readonly TrimmedPod[] = [];
  private config: NodeConfig | null = null;
  private input: AnalyzeInput | null = null;

  /** The engine's output for the node, its active pods, its config and its stored Summary; throws an Error naming a bad field. */
  run(node: TrimmedNode, pods: readonly TrimmedPod[], config: NodeConfig, stored: StoredSummary | null): AnalyzeOutput {
    if (stored?.invalid) return analyzeNode(engineInput(node, pods, stored.invalid, config));
    const summary = stored ? expandSummary(stored) : undefined;
    return analyze({ ...this.validated(node, pods, config), summary });
  }

  private validated(node: TrimmedNode, pods: readonly TrimmedPod[], config: NodeConfig): AnalyzeInput {
    if (this.input && node === this.node && config === this.config && samePods(pods, this.pods)) return this.input;
    this.input = null;
    const input = parseAnalyzeInput(engineInput(node, pods, null, config));
    this.node = node;
    this.pods = pods;
    this.config = config;
    this.input = input;
    return input;
  }
}

/** Whether two pod lists hold the same pod objects in the same order (NodeState.activePods hands out one array until a pod changes). */
export function samePods(a: readonly TrimmedPod[], b: readonly TrimmedPod[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
