import "server-only";

import { analyzeNode, type AnalyzeOutput } from "@/lib/eviction";

import { engineInput, type NodeConfig } from "../store/to-engine";
import { trimNode, trimPod, trimSummary, type TrimmedNode, type TrimmedPod, type TrimmedSummary } from "../store/trim";
import { decodeWire, type WireList, type WireNode, type WirePod, type WireSummary } from "../store/wire";
import { ClusterClient, loadKubeConfig, type ClusterSource } from "./client";
import { collectorSettings, readEnv, type CollectorSettings } from "./env";
import { describeError, statusOf } from "./errors";
import { KubeletClient } from "./kubelet-client";
import { loadProfiles, profileFor } from "./profiles";

// `headroom analyze --kubeconfig … --node N | --all-nodes`: the same collection as the server's
// cache (lists, kubelet summary and configz, profiles, defaults), run once, without watches.

export interface OneShotOptions {
  source: ClusterSource;
  context?: string;
  /** One node, or every node when undefined. */
  node?: string;
  settings?: Partial<CollectorSettings>;
}

export type NodeResult =
  | { node: string; configSource: NodeConfig["source"]; collectionError: string | null; analysis: AnalyzeOutput }
  | { node: string; configSource: NodeConfig["source"]; collectionError: string; analysis: null };

async function listAll<T>(client: ClusterClient, path: string, resource: string): Promise<T[]> {
  const out: T[] = [];
  let cont = "";
  do {
    const sep = path.includes("?") ? "&" : "?";
    const page = await client.get<WireList<T>>(
      `${path}${sep}limit=500${cont ? `&continue=${encodeURIComponent(cont)}` : ""}`,
      resource,
    );
    out.push(...(page.items ?? []));
    cont = page.metadata?.continue ?? "";
  } while (cont);
  return out;
}

/** Collects and analyzes one node or all nodes once; per-node failures are reported, not thrown. */
export async function analyzeCluster(o: OneShotOptions): Promise<NodeResult[]> {
  const env = readEnv();
  const settings = { ...collectorSettings(env, o.source.kind === "in-cluster"), ...o.settings };
  const client = new ClusterClient(loadKubeConfig(o.source, o.context), settings.concurrency);
  const kubelets = new KubeletClient(client, settings);
  const profiles = loadProfiles(settings.profilesFile);
  try {
    let nodes: TrimmedNode[];
    let pods: WirePod[];
    if (o.node !== undefined) {
      const node = await client.get<WireNode>(`/api/v1/nodes/${encodeURIComponent(o.node)}`, "nodes");
      nodes = [trimNode(node)];
      pods = await listAll<WirePod>(
        client,
        `/api/v1/pods?fieldSelector=${encodeURIComponent(`spec.nodeName=${o.node}`)}`,
        "pods",
      );
    } else {
      [nodes, pods] = await Promise.all([
        listAll<WireNode>(client, "/api/v1/nodes", "nodes").then((l) => l.map(trimNode)),
        listAll<WirePod>(client, "/api/v1/pods", "pods"),
      ]);
    }
    const byNode = new Map<string, TrimmedPod[]>();
    for (const raw of pods) {
      const p = trimPod(raw);
      const n = p?.spec?.nodeName;
      if (!p || !n || p.status?.phase === "Failed") continue;
      byNode.set(n, [...(byNode.get(n) ?? []), p]);
    }
    const results: NodeResult[] = new Array(nodes.length);
    let next = 0;
    const worker = async () => {
      while (next < nodes.length) {
        const i = next++;
        results[i] = await analyzeOne(nodes[i]!, byNode.get(nodes[i]!.metadata.name) ?? [], kubelets, profiles);
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, nodes.length) }, worker));
    return results.sort((a, b) => a.node.localeCompare(b.node));
  } finally {
    kubelets.close();
    client.close();
  }
}

async function analyzeOne(
  node: TrimmedNode,
  pods: TrimmedPod[],
  kubelets: KubeletClient,
  profiles: ReturnType<typeof loadProfiles>,
): Promise<NodeResult> {
  const name = node.metadata.name;
  let config: NodeConfig;
  const errors: string[] = [];
  try {
    const c = decodeWire<{ kubeletconfig?: Record<string, unknown> }>(await kubelets.get(node, "/configz"), "configz", "kubelet");
    if (!c.kubeletconfig) throw new Error("bad data: configz has no kubeletconfig");
    config = { source: "configz", kubeletConfig: c.kubeletconfig, kubeletFlags: null };
  } catch (e) {
    errors.push(`configz: ${describeError(e)}`);
    const p = profileFor(profiles, node.metadata.labels);
    config = p
      ? { source: "profile", kubeletConfig: p.kubeletConfig ?? null, kubeletFlags: p.kubeletFlags ?? null }
      : { source: "defaults", kubeletConfig: null, kubeletFlags: null };
    if (statusOf(e) !== 403 && statusOf(e) !== 404) errors.push("(configuration may be stale)");
  }
  let summary: TrimmedSummary | null = null;
  try {
    summary = trimSummary(decodeWire<WireSummary>(await kubelets.get(node, "/stats/summary"), "kubelet summary", "kubelet"));
  } catch (e) {
    errors.unshift(`summary: ${describeError(e)}`);
  }
  try {
    const analysis = analyzeNode(engineInput(node, pods, summary, config));
    return { node: name, configSource: config.source, collectionError: errors.length ? errors.join("; ") : null, analysis };
  } catch (e) {
    return {
      node: name,
      configSource: config.source,
      collectionError: [...errors, `bad data: ${(e as Error).message}`].join("; "),
      analysis: null,
    };
  }
}
