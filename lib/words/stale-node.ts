// The headline of a node that stopped reporting (stale-node.ts), in words. Every time printed is a
// clock time with its age or countdown beside it, computed from the same `now`.
import { DEFAULT_TOLERATION_SECONDS, type TaintLike } from "@/lib/eviction/client";
import { formatAge } from "@/lib/format";

import type { Reachability, TaintEvictionGroup, TaintForecast } from "../forecast/stale-node";
import type { Clock } from "./forecast-phrases";

export interface StaleVerdict {
  heading: string;
  sentences: string[];
  /** The next deletion the taint eviction controller is due to make (cluster ms), for the countdown; null when none is ahead. */
  countdownTo: number | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const ago = (now: number, at: number) => `${formatAge((now - at) / 1000)} ago`;
const taintText = (t: TaintLike) => `${t.key}${t.value ? `=${t.value}` : ""}:${t.effect}`;

function silence(r: Reachability, now: number, clock: Clock): string[] {
  const out: string[] = [];
  if (r.kubeletSilent) {
    const lease =
      r.leaseRenewedAt != null
        ? `The kubelet last renewed its Lease at ${clock(r.leaseRenewedAt)} (${ago(now, r.leaseRenewedAt)})`
        : "The node has no Lease";
    const ready =
      r.notReadySince != null
        ? `; Ready has been ${r.readyStatus} since ${clock(r.notReadySince)} (${ago(now, r.notReadySince)})`
        : "";
    out.push(`${lease}${ready}.`);
  } else if (r.leaseRenewedAt != null) {
    out.push(`The kubelet renews its Lease (last at ${clock(r.leaseRenewedAt)}), but Headroom gets no stats from it.`);
  }
  const cause = r.statsError ? `: ${r.statsError}` : "";
  if (r.statsAgeSeconds != null) out.push(`Headroom's last Summary is ${formatAge(r.statsAgeSeconds)} old${cause}.`);
  else out.push(`Headroom has collected no Summary from this kubelet${cause}.`);
  out.push(
    r.kubeletSilent
      ? "No eviction forecast from stale stats: the kubelet's signals are unknown (a kubelet only cut off from the network still evicts on its own, unseen)."
      : "No eviction forecast until stats return: the kubelet still evicts on its own.",
  );
  return out;
}

function why(g: TaintEvictionGroup, taints: readonly TaintLike[]): string {
  const s = g.seconds ?? 0;
  const dflt = s === DEFAULT_TOLERATION_SECONDS ? ", the default the DefaultTolerationSeconds admission plugin gives" : "";
  return `tolerationSeconds ${s}${dflt}, counted from the taint${taints.length > 1 ? "s" : ""}`;
}

function groupSentence(g: TaintEvictionGroup, taints: readonly TaintLike[], now: number, clock: Clock): string {
  const n = g.pods.length;
  const marked =
    g.marked.length === n
      ? `${n === 1 ? "it is marked for deletion and stays" : "all are marked for deletion and stay"} Terminating until the kubelet confirms or the Node object is deleted`
      : g.marked.length > 0
        ? `${g.marked.length} of them ${g.marked.length === 1 ? "is" : "are"} marked for deletion`
        : null;
  if (g.kind === "tolerated")
    return `${plural(n, "pod")} tolerate${n === 1 ? "s" : ""} the taint${taints.length > 1 ? "s" : ""} without a time limit and stay${n === 1 ? "s" : ""}.`;
  if (g.kind === "now") {
    const head = `${plural(n, "pod")} without a matching toleration: the taint eviction controller deletes ${n === 1 ? "it" : "them"} as soon as it sees the taint`;
    return `${head}${marked ? `; ${marked}` : "; none is marked for deletion yet"}.`;
  }
  if (g.at == null)
    return `${plural(n, "pod")} go${n === 1 ? "es" : ""} ${g.seconds} s after the taint was added (${why(g, taints)}); the taint does not say when that was.`;
  if (g.at > now)
    return `The taint eviction controller deletes ${plural(n, "pod")} at ${clock(g.at)}, in ${formatAge((g.at - now) / 1000)} (${why(g, taints)})${marked ? `; ${marked}` : ""}.`;
  const due = `${plural(n, "pod")} ${n === 1 ? "was" : "were"} due for deletion at ${clock(g.at)}, ${ago(now, g.at)} (${why(g, taints)})`;
  return marked
    ? `${due}; ${marked}.`
    : `${due}, yet none is marked for deletion: check that kube-controller-manager's taint eviction controller runs.`;
}

/** The headline of a node that stopped reporting, at cluster time `now`. */
export function staleVerdict(r: Reachability, taints: TaintForecast | null, now: number, clock: Clock): StaleVerdict {
  const sentences = silence(r, now, clock);
  if (taints) {
    const list = taints.taints
      .map((t) => `${taintText(t)}${t.timeAdded ? ` since ${clock(Date.parse(t.timeAdded))}` : ""}`)
      .join(", ");
    sentences.push(`The node is tainted ${list}.`);
    for (const g of taints.groups) sentences.push(groupSentence(g, taints.taints, now, clock));
    if (taints.groups.length === 0)
      sentences.push("No pod is bound to the node: the taint eviction controller has nothing to delete.");
  }
  const ahead = (taints?.groups ?? []).map((g) => g.at).filter((t): t is number => t != null && t > now);
  return {
    heading: r.kubeletSilent ? "Kubelet unreachable" : "No current stats",
    sentences,
    countdownTo: ahead.length ? Math.min(...ahead) : null,
  };
}
