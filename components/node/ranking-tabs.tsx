"use client";

import { useRef, type KeyboardEvent } from "react";

import { podPressureByUid, PodPressureCell } from "@/components/pressure/pod-pressure-cell";
import { Explain } from "@/components/ui/explain";
import { DATA_TABLE, MUTED } from "@/components/ui/styles";
import { ViewLabel } from "@/components/ui/view-label";
import { isCriticalPod, type AnalyzeOutput, type Pod, type Signal } from "@/lib/eviction";
import { cn, formatSignal } from "@/lib/format";
import { SWAP_SENTENCE } from "@/lib/words/psi";

import { rankReason } from "../../lib/words/rank-reason";

interface Props {
  result: AnalyzeOutput;
  pods: Pod[];
  signal: Signal;
  onSignal: (s: Signal) => void;
}

const MAX_ROWS = 200;
const tabId = (s: string) => `ranking-tab-${s.replace(/\./g, "-")}`;
// Columns shown from the panel's own width up: 64rem (the full page) and 56rem.
const WIDE = "hidden @5xl:table-cell";
const MID = "hidden @4xl:table-cell";

/** Candidate ranking per signal, in tabs: who the kubelet would evict first, and why. */
export function RankingTabs({ result, pods, signal, onSignal }: Props) {
  const tabs = result.signals.map((s) => s.signal);
  const active = tabs.includes(signal) ? signal : (tabs[0] ?? "memory.available");
  const rows = result.rankings[active] ?? [];
  const byUid = new Map(result.pods.map((p) => [p.uid, p]));
  const critical = new Set(pods.filter(isCriticalPod).map((p) => p.metadata?.uid));
  const pressure = podPressureByUid(result);
  const memory = active === "memory.available" || active === "allocatableMemory.available";
  const unit = (n: number | null) => (n == null ? "–" : formatSignal(active, n));
  const refs = useRef(new Map<string, HTMLButtonElement>());
  // WAI-ARIA tabs with automatic activation: arrows move (and wrap), Home/End jump, focus follows.
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.indexOf(active);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined || tabs.length === 0) return;
    e.preventDefault();
    const s = tabs[(next + tabs.length) % tabs.length]!;
    onSignal(s);
    refs.current.get(s)?.focus();
  };
  return (
    <section aria-labelledby="ranking-h" className="space-y-2">
      <h2 id="ranking-h" className="text-lg font-medium">
        Eviction order <Explain term="ranking" />
        <ViewLabel />
      </h2>
      <div role="tablist" aria-label="Signal" className="flex flex-wrap gap-1" onKeyDown={onKeyDown}>
        {tabs.map((s) => (
          <button
            key={s}
            id={tabId(s)}
            ref={(el) => void (el ? refs.current.set(s, el) : refs.current.delete(s))}
            role="tab"
            type="button"
            aria-selected={s === active}
            aria-controls="ranking-panel"
            tabIndex={s === active ? 0 : -1}
            onClick={() => onSignal(s)}
            className={cn(
              "rounded-t border-b-2 px-2 py-1 font-mono text-xs",
              s === active ? "border-blue-600 font-semibold" : cn("border-transparent", MUTED),
            )}
          >
            {s}
          </button>
        ))}
      </div>
      <div id="ranking-panel" role="tabpanel" aria-labelledby={tabId(active)} tabIndex={0} className="@container overflow-x-auto">
        {/* Columns by the panel's own width (a container query): in an 800 px portal tile the namespace
            moves under the pod's name and priority, usage − request and PSI step aside (the reason says them). */}
        <table className={cn(DATA_TABLE, "@5xl:min-w-[62rem]")} data-testid="ranking-table">
          <caption className="sr-only">Pods in the order the kubelet would evict them for {active}</caption>
          <thead className={cn("text-xs", MUTED)}>
            <tr>
              <th>#</th>
              <th>pod</th>
              <th className={WIDE}>namespace</th>
              <th>QoS</th>
              <th className={MID}>priority</th>
              <th>usage</th>
              <th>request</th>
              <th className={WIDE}>usage − request</th>
              <th>over request</th>
              <th className="[overflow-wrap:anywhere]">
                oom_score_adj <Explain term="oom" />
              </th>
              <th
                className={WIDE}
                title="The pod's PSI some avg10: share of the last 10 s in which some of its tasks stalled on memory, io"
              >
                PSI some avg10{memory ? ", swap" : ""}
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
                <tr
                  key={r.uid || `${r.namespace}/${r.name}`}
                  data-testid="ranking-row"
                  className={cn("border-t border-zinc-100 dark:border-zinc-900", isCritical && MUTED)}
                >
                  <td className="tabular-nums">{i + 1}</td>
                  <td className="font-mono">
                    <span
                      className="block max-w-[11rem] truncate @5xl:max-w-none @5xl:min-w-[13rem] @5xl:[overflow-wrap:anywhere] @5xl:whitespace-normal"
                      title={`${r.namespace}/${r.name}`}
                      data-testid="ranking-pod"
                    >
                      {r.name}
                    </span>
                    <span className={cn("block font-sans text-xs @5xl:hidden", MUTED)}>{r.namespace}</span>
                  </td>
                  <td className={WIDE}>{r.namespace}</td>
                  <td>{pod?.qosClass}</td>
                  <td className={cn(MID, "tabular-nums")}>{r.priority}</td>
                  <td className="tabular-nums">{r.usage == null ? "no stats" : unit(r.usage)}</td>
                  <td className="tabular-nums">{active === "pid.available" ? "–" : unit(r.request)}</td>
                  <td className={cn(WIDE, "tabular-nums")}>
                    {r.usage == null || active === "pid.available" ? "–" : unit(r.usage - r.request)}
                  </td>
                  <td>{r.exceedsRequest == null ? "–" : r.exceedsRequest ? "yes" : "no"}</td>
                  <td className="tabular-nums">{oom}</td>
                  <td className={WIDE}>
                    <PodPressureCell p={pressure.get(r.uid)} memory={memory} />
                  </td>
                  <td className="min-w-[12rem] text-xs @5xl:min-w-[18rem]">{rankReason(active, r, pod, isCritical)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows.length > MAX_ROWS && (
          <p className={cn("text-xs", MUTED)}>
            First {MAX_ROWS} of {rows.length} pods.
          </p>
        )}
        {rows.length === 0 && <p className={cn("text-sm", MUTED)}>No running pods on this node.</p>}
        {memory && result.swap?.node && (
          <p className={cn("text-xs", MUTED)} data-testid="ranking-swap-note">
            {SWAP_SENTENCE}
          </p>
        )}
      </div>
    </section>
  );
}
