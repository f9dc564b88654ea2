// Sentences the CLI table and the /analyze page both print under an analysis: where the thresholds
// came from (and whether the node's own report contradicts the kubelet defaults), and the node's
// PSI. Browser-safe; the numbers go through lib/format, so both surfaces print the same text.
import { parseCapacity, type AnalyzeOutput, type PsiFigures } from "../eviction";
import { formatResource } from "../format";

// The resources the kubelet's defaults decide (reservations, evictionHard): a difference in these
// means other settings; pods and hugepages are plain capacity.
const DECIDED_BY_SETTINGS = ["memory", "ephemeral-storage", "cpu"] as const;

/** Reads a Node's reported `status.allocatable` in engine units; {} when absent or unreadable. */
export function reportedAllocatable(node: unknown): Record<string, number> {
  const status = (node as { status?: { allocatable?: unknown } } | null | undefined)?.status;
  const list = status?.allocatable;
  if (list == null || typeof list !== "object" || Array.isArray(list)) return {};
  try {
    return parseCapacity(list as Record<string, string>, "node.status.allocatable");
  } catch {
    return {};
  }
}

/** Each resource the node reports with another allocatable than the one computed: "memory 7.2Gi (computed 7.6Gi)". */
function allocatableContradictions(out: AnalyzeOutput, reported: Record<string, number>): string[] {
  const found: string[] = [];
  for (const r of DECIDED_BY_SETTINGS) {
    const mine = out.allocatable[r];
    const theirs = reported[r];
    if (mine == null || theirs == null || mine === theirs) continue;
    found.push(`${r} ${formatResource(r, theirs)} (computed ${formatResource(r, mine)})`);
  }
  return found;
}

/**
 * Says where the thresholds came from when that is not the node's own configuration: with the
 * kubelet's defaults, a node whose reported allocatable differs from what those defaults give runs
 * with other settings, so its real thresholds are likely other than the ones shown.
 */
export function thresholdSourceNote(out: AnalyzeOutput, reported: Record<string, number>): string | null {
  const contradictions = allocatableContradictions(out, reported);
  if (out.thresholdSource === "defaults") {
    const base =
      "Thresholds are the kubelet's defaults: no kubeletConfig or kubeletFlags was given (add the node's configz: kubectl get --raw /api/v1/nodes/NAME/proxy/configz).";
    if (contradictions.length === 0) return base;
    return `${base} The node reports allocatable ${contradictions.join(", ")}: it runs with other reservations or thresholds than the defaults, so these thresholds are likely not its own.`;
  }
  if (contradictions.length === 0) return null;
  return `The node reports allocatable ${contradictions.join(", ")}: the ${out.thresholdSource} given may not be the one it runs with.`;
}

interface PsiRow {
  resource: "cpu" | "memory" | "io";
  some: PsiFigures;
  full: PsiFigures;
}

/** The node's PSI rows, cpu, memory, io; or why there are none (null when no Summary was given). */
export function nodePsi(out: AnalyzeOutput): { rows: PsiRow[] } | { absent: string } | null {
  const node = out.psi?.node;
  if (!node) return null;
  if (!node.reported) return { absent: `not reported by this kubelet (${node.reason})` };
  const rows: PsiRow[] = [];
  for (const resource of ["cpu", "memory", "io"] as const) {
    const r = node[resource];
    if (r) rows.push({ resource, some: r.some, full: r.full });
  }
  return { rows };
}
