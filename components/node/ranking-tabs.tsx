"use client";

import { Explain } from "@/components/ui/explain";
import type { Pod } from "@/lib/eviction/k8s-types";
import { isCriticalPod } from "@/lib/eviction/critical";
import type { AnalyzeOutput } from "@/lib/eviction/types";
import type { Signal } from "@/lib/eviction/signals";
import { cn, formatSignal } from "@/lib/format";
import { rankReason } from "./rank-reason";

interface Props {
  result: AnalyzeOutput;
  pods: Pod[];
  signal: Signal;
  onSignal: (s: Signal) => void;
}

const MAX_ROWS = 200;

/** Candidate ranking per signal, in tabs: who the kubelet would evict first, and why. */
export function RankingTabs({ result, pods, signal, onSignal }: Props) {
  const tabs = result.signals.map((s) => s.signal);
  const active = tabs.includes(signal) ? signal : (tabs[0] ?? "memory.available");
  const rows = result.rankings[active] ?? [];
  const byUid = new Map(result.pods.map((p) => [p.uid, p]));
  const critical = new Set(pods.filter(isCriticalPod).map((p) => p.metadata?.uid));
  const unit = (n: number | null) => (n == null ? "–" : formatSignal(active, n));
  return (
    <section aria-labelledby="ranking-h" className="space-y-2">
      <h2 id="ranking-h" className="text-lg font-medium">
        Eviction order <Explain term="ranking" />
      </h2>
      <div role="tablist" aria-label="Signal" className="flex flex-wrap gap-1">
        {tabs.map((s) => (
          <button
            key={s}
            role="tab"
            type="button"
            aria-selected={s === active}
            aria-controls="ranking-panel"
            onClick={() => onSignal(s)}
            className={cn("rounded-t border-b-2 px-2 py-1 font-mono text-xs", s === active ? "border-blue-600 font-semibold" : "border-transparent text-zinc-500")}
          >
            {s}
          </button>
        ))}
      </div>
      <div id="ranking-panel" role="tabpanel" className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="ranking-table">
          <caption className="sr-only">Pods in the order the kubelet would evict them for {active}</caption>
          <thead className="text-xs text-zinc-500">
            <tr>
              <th>#</th>
              <th>pod</th>
              <th>namespace</th>
              <th>QoS</th>
              <th>priority</th>
              <th>usage</th>
              <th>request</th>
              <th>usage − request</th>
              <th>over request</th>
              <th>
                oom_score_adj <Explain term="oom" />
              </th>
              <th>why here</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, MAX_ROWS).map((r, i) => {
              const pod = byUid.get(r.uid);
              const isCritical = critical.has(r.uid);
              const oom = pod?.containers.map((c) => c.oomScoreAdj ?? "?").join(", ");
              return (
                <tr key={r.uid || `${r.namespace}/${r.name}`} data-testid="ranking-row" className={cn("border-t border-zinc-100 dark:border-zinc-900", isCritical && "text-zinc-400")}>
                  <td className="tabular-nums">{i + 1}</td>
                  <td className="font-mono" data-testid="ranking-pod">{r.name}</td>
                  <td>{r.namespace}</td>
                  <td>{pod?.qosClass}</td>
                  <td className="tabular-nums">{r.priority}</td>
                  <td className="tabular-nums">{r.usage == null ? "no stats" : unit(r.usage)}</td>
                  <td className="tabular-nums">{active === "pid.available" ? "–" : unit(r.request)}</td>
                  <td className="tabular-nums">{r.usage == null || active === "pid.available" ? "–" : unit(r.usage - r.request)}</td>
                  <td>{r.exceedsRequest == null ? "–" : r.exceedsRequest ? "yes" : "no"}</td>
                  <td className="tabular-nums">{oom}</td>
                  <td className="text-xs">{rankReason(active, r, pod, isCritical)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows.length > MAX_ROWS && <p className="text-xs text-zinc-500">First {MAX_ROWS} of {rows.length} pods.</p>}
        {rows.length === 0 && <p className="text-sm text-zinc-500">No running pods on this node.</p>}
      </div>
    </section>
  );
}
