"use client";

import type { StaleNode } from "@/components/forecast/use-node-forecast";
import { formatTime } from "@/lib/format";
import { staleVerdict } from "@/lib/words/stale-node";

/**
 * The headline of a node that stopped reporting: since when the kubelet is silent, what Headroom
 * last collected, and when the taint eviction controller deletes each group of pods — instead of a
 * forecast from stale stats. `now` is the ticking cluster time.
 */
export function StaleVerdict({ stale, now }: { stale: StaleNode; now: number }) {
  const v = staleVerdict(stale.reach, stale.taints, now, formatTime);
  return (
    <section
      aria-labelledby="verdict-h"
      data-testid="live-verdict"
      data-state="unreachable"
      className="rounded border-l-4 border-zinc-500 bg-zinc-100 px-3 py-2 text-zinc-950 dark:border-zinc-400 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 id="verdict-h" className="text-xs font-semibold uppercase tracking-wide">
        {v.heading} <span className="font-normal normal-case">· live, as of {formatTime(now)}</span>
      </h2>
      <ul className="list-none space-y-1 text-sm" data-testid="verdict-text">
        {v.sentences.map((s) => (
          <li key={s.slice(0, 60)}>{s}</li>
        ))}
      </ul>
    </section>
  );
}
