"use client";

import { useMemo } from "react";

import { Explain } from "@/components/ui/explain";
import { DATA_TABLE, MUTED } from "@/components/ui/styles";
import { kernelOomOrder, type AnalyzeOutput, type Summary } from "@/lib/eviction";
import { cn, formatBytes, formatCount } from "@/lib/format";

import { OomOrderNotes, ResizingPods } from "./oom-order-notes";
import { ViewLabel } from "./view-label";

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
            Highest score first. totalpages {pagesText(order.totalPages)} ({formatBytes(memoryCapacity!)} memory
            {order.swapCapacity != null ? ` + ${formatBytes(order.swapCapacity)} swap` : ", no swap reported"}), 4 KiB pages.
          </p>
          <div role="region" aria-label="Kernel OOM order table" tabIndex={0} className="overflow-x-auto">
            <table className={cn(DATA_TABLE, "min-w-[52rem]")} data-testid="oom-order-table">
              <caption className="sr-only">
                Containers in the order the kernel&apos;s OOM killer would pick them on a node-wide OOM
              </caption>
              <thead className={cn("text-xs", MUTED)}>
                <tr>
                  <th>kernel #</th>
                  <th>pod / container</th>
                  <th>oom_score_adj</th>
                  <th>rss</th>
                  <th>swap</th>
                  <th>score = size + adj × {pagesText(Math.floor(order.totalPages / 1000))} (pages)</th>
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
                    <td className="font-mono" data-testid="oom-pod">
                      {r.pod} / {r.container}
                    </td>
                    <td className="tabular-nums" data-testid="oom-adj">
                      {r.oomScoreAdj}
                    </td>
                    <td className="tabular-nums">
                      {formatBytes(r.rssBytes)}
                      {r.rssFrom === "workingSetBytes" && <span className={cn("text-xs", MUTED)}> (working set)</span>}
                    </td>
                    <td className="tabular-nums">{r.swapBytes == null ? "–" : formatBytes(r.swapBytes)}</td>
                    <td className="tabular-nums" data-testid="oom-points">
                      {pagesText(r.usagePages)} {r.adjPages < 0 ? "−" : "+"} {pagesText(Math.abs(r.adjPages))} ={" "}
                      {pagesText(r.points)}
                    </td>
                    <td className="tabular-nums" data-testid="oom-eviction-rank">
                      {evictionRank.get(r.uid) ?? "–"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
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
