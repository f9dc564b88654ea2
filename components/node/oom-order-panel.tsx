"use client";

import { useMemo } from "react";

import { Explain } from "@/components/ui/explain";
import { DATA_TABLE, MUTED } from "@/components/ui/styles";
import { ViewLabel } from "@/components/ui/view-label";
import { kernelOomOrder, type AnalyzeOutput, type Summary } from "@/lib/eviction";
import { cn, formatBytes, formatCount } from "@/lib/format";

import { OomOrderNotes, ResizingPods } from "./oom-order-notes";

interface Props {
  result: AnalyzeOutput;
  summary: Summary | null;
  /** node.status.capacity.memory in bytes; undefined when the node does not report it. */
  memoryCapacity: number | undefined;
}

const MAX_ROWS = 100;
const pagesText = formatCount;

/** The kernel's OOM-kill order beside the kubelet's eviction order for memory. */
export function OomOrderPanel({ result, summary, memoryCapacity }: Props) {
  const order = useMemo(
    () => (memoryCapacity ? kernelOomOrder(result.pods, summary, memoryCapacity) : null),
    [result.pods, summary, memoryCapacity],
  );
  const evictionRank = useMemo(
    () => new Map((result.rankings["memory.available"] ?? []).map((r, i) => [r.uid, i + 1])),
    [result.rankings],
  );
  return (
    <section aria-labelledby="oom-order-h" className="space-y-2" data-testid="oom-order">
      <h2 id="oom-order-h" className="text-lg font-medium">
        Kernel OOM order <Explain term="oom" />
        <ViewLabel />
      </h2>
      <OomOrderNotes />
      <ResizingPods pods={result.pods} />
      {!order ? (
        <p className={cn("text-sm", MUTED)}>
          The node does not report its memory capacity, so the kernel&apos;s score cannot be computed.
        </p>
      ) : (
        <>
          <p className={cn("text-xs", MUTED)}>
            Highest score first: size (rss + swap, in 4 KiB pages) + oom_score_adj × ⌊totalpages / 1000⌋ ={" "}
            {pagesText(Math.floor(order.totalPages / 1000))} pages per point. totalpages {pagesText(order.totalPages)} (
            {formatBytes(memoryCapacity!)} memory
            {order.swapCapacity != null ? ` + ${formatBytes(order.swapCapacity)} swap` : ", no swap reported"}).
          </p>
          {/* A container query, not the window's width: the same panel sits in the page and in an 800 px portal tile. */}
          <div role="region" aria-label="Kernel OOM order table" tabIndex={0} className="@container overflow-x-auto">
            <table className={cn(DATA_TABLE, "table-fixed")} data-testid="oom-order-table">
              <caption className="sr-only">
                Containers in the order the kernel&apos;s OOM killer would pick them on a node-wide OOM
              </caption>
              <colgroup>
                <col className="w-12" />
                <col />
                <col className="w-20" />
                <col className="w-24" />
                <col className="w-36 @2xl:w-48" />
                <col className="hidden w-24 @4xl:table-column" />
                <col className="w-20" />
              </colgroup>
              <thead className={cn("text-xs", MUTED)}>
                <tr>
                  <th>kernel #</th>
                  <th>pod / container</th>
                  <th className="[overflow-wrap:anywhere]">oom_score_adj</th>
                  <th>rss + swap</th>
                  <th>score (pages)</th>
                  <th className="hidden @4xl:table-cell" title="What /proc/<pid>/oom_score reads: the kernel's 0..1333 scale">
                    /proc oom_score
                  </th>
                  <th>eviction # (memory)</th>
                </tr>
              </thead>
              <tbody>
                {order.rows.slice(0, MAX_ROWS).map((r, i) => (
                  <tr
                    key={`${r.uid}/${r.container}`}
                    data-testid="oom-row"
                    className="border-t border-zinc-100 dark:border-zinc-900"
                  >
                    <td className="tabular-nums">{i + 1}</td>
                    <td className="font-mono">
                      <span className="block truncate" data-testid="oom-pod" title={`${r.namespace}/${r.pod} / ${r.container}`}>
                        {r.pod} / {r.container}
                      </span>
                    </td>
                    <td className="tabular-nums" data-testid="oom-adj">
                      {r.oomScoreAdj}
                    </td>
                    <td className="tabular-nums" data-testid="oom-size">
                      {formatBytes(r.rssBytes)}
                      {r.rssFrom === "workingSetBytes" && <span className={cn("text-xs", MUTED)}> (working set)</span>}
                      <span
                        className={cn("block text-xs", MUTED)}
                        data-testid="oom-swap"
                        title={
                          r.swapFrom === "pod"
                            ? "The kubelet reports this swap for the pod, which has this one container"
                            : undefined
                        }
                      >
                        {r.swapBytes == null ? "swap not reported" : `+ ${formatBytes(r.swapBytes)} swap`}
                      </span>
                    </td>
                    <td className="tabular-nums">
                      <span className={cn("font-medium", r.points < 0 && "text-emerald-800 dark:text-emerald-300")}>
                        {pagesText(r.points)}
                      </span>
                      <span className={cn("block text-xs", MUTED)} data-testid="oom-points">
                        {pagesText(r.usagePages)} {r.adjPages < 0 ? "−" : "+"} {pagesText(Math.abs(r.adjPages))} ={" "}
                        {pagesText(r.points)}
                      </span>
                    </td>
                    <td className="hidden tabular-nums @4xl:table-cell" data-testid="oom-proc-score">
                      {r.procOomScore}
                    </td>
                    <td className="tabular-nums" data-testid="oom-eviction-rank">
                      {evictionRank.get(r.uid) ?? "–"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {order.rows.some((r) => r.points < 0) && (
              <p className={cn("text-xs", MUTED)} data-testid="oom-negative-note">
                A score below 0 ranks as it is: since Linux 5.9 the kernel compares these signed totals (before 5.9 it counted
                each as 1, tied). <code>/proc/&lt;pid&gt;/oom_score</code> shows every score on the kernel&apos;s 0–1333 scale,
                (1000 + score × 1000 / totalpages) × 2 / 3, never below 0.
              </p>
            )}
            {order.rows.length > MAX_ROWS && (
              <p className={cn("text-xs", MUTED)}>
                First {MAX_ROWS} of {order.rows.length} containers.
              </p>
            )}
            {order.rows.length === 0 && <p className={cn("text-sm", MUTED)}>No running container with memory stats.</p>}
            {order.unranked.length > 0 && (
              <p className={cn("text-xs", MUTED)}>
                Not ranked: {order.unranked.map((u) => `${u.pod}/${u.container} (${u.why})`).join("; ")}.
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
