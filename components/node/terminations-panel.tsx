"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";

import { TerminationsTable } from "@/components/terminations/terminations-table";
import { MUTED } from "@/components/ui/styles";
import { DEFAULT_STATE, embedParam, emptyWhatIf, serializeUrlState, themeParam } from "@/lib/client/url-state";
import type { Termination } from "@/lib/contract/termination";

import { EvictionTimeline } from "./eviction-timeline";

/**
 * Every pod that died on the node (kubelet evictions, drains, preemptions, taint-manager deletions,
 * kernel OOM kills, system OOMs) with its verdict, then the kubelet evictions of the last 7 days
 * from Prometheus. One list: the kubelet evictions are among the terminations.
 */
export function TerminationsPanel({ terminations, node }: { terminations: Termination[]; node: string }) {
  // Inside an embed (a portal's `panel=terminations` tile) the link keeps embed mode and the theme.
  const params = useSearchParams();
  const keep = serializeUrlState({
    ...DEFAULT_STATE,
    whatIf: emptyWhatIf(),
    embed: embedParam(params.get("embed")),
    theme: themeParam(params.get("theme")),
  }).toString();
  const fleetHref = keep ? `/terminations?${keep}` : "/terminations";
  return (
    <section aria-labelledby="terminations-h" className="space-y-2">
      <h2 id="terminations-h" className="text-lg font-medium">
        Terminations
      </h2>
      <p className={`text-sm ${MUTED}`}>
        Pods that died on this node and why, newest first, from pod statuses and Events as Headroom saw them (Events last about an
        hour in the API server).{" "}
        <Link className="text-blue-700 underline dark:text-blue-300" href={fleetHref}>
          Every node, by workload
        </Link>
      </p>
      {terminations.length === 0 ? (
        <p className={`text-sm ${MUTED}`}>None recorded.</p>
      ) : (
        <TerminationsTable terminations={terminations} label="Terminations on this node" newest={5} />
      )}
      <EvictionTimeline node={node} />
    </section>
  );
}
