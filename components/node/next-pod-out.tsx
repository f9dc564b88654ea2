"use client";

// One "next pod out" per resource, above the signal cards: the pod the kubelet would evict first
// if that resource's most pressed signal came to it. It used to close every one of the nine cards,
// the same pod repeated on each memory and disk signal.
import type { LiveForecast } from "@/components/forecast/use-node-forecast";
import { MUTED } from "@/components/ui/styles";
import { isSignal, signalCondition, type PressureCondition } from "@/lib/eviction";
import { type NodeForecast } from "@/lib/forecast";
import { cn } from "@/lib/format";
import * as words from "@/lib/words/forecast-phrases";

type SignalForecast = NodeForecast["signals"][number];

// Grouped by the node condition each signal sets (the engine's signalCondition), as the kubelet does.
const RESOURCES = [
  { key: "memory", label: "Memory", condition: "MemoryPressure" },
  { key: "disk", label: "Disk", condition: "DiskPressure" },
  { key: "pid", label: "Process IDs", condition: "PIDPressure" },
] as const;

/** The resource's most pressed signal with a threshold: one met first, else the smallest margin. */
function pressedOf(all: readonly SignalForecast[], condition: PressureCondition): SignalForecast | null {
  const mine = all.filter(
    (f) =>
      isSignal(f.signal) &&
      signalCondition(f.signal) === condition &&
      f.margin != null &&
      (f.configured.hard || f.configured.soft),
  );
  const met = (f: SignalForecast) => Number(f.hardMet || f.softMet);
  return mine.toSorted((a, b) => met(b) - met(a) || a.margin!.fraction - b.margin!.fraction)[0] ?? null;
}

function Sentence({ f }: { f: SignalForecast }) {
  if (!f.nextPod) return <>every pod on the node is critical: the kubelet has nothing to evict for {f.signal}.</>;
  return (
    <>
      {words.podPhrase(f.signal, f.nextPod)}; {words.freesPhrase(f.signal, f.nextPod)}
      {f.nextPod.reachesMinReclaim ? ", enough to clear the threshold plus its minimum reclaim" : ""}{" "}
      <span className={cn("text-xs", MUTED)}>
        ({f.signal}
        {f.softMet || f.hardMet ? ", threshold met" : ", if it comes to that"})
      </span>
    </>
  );
}

/** Next pod out, per resource. */
export function NextPodOut({ live }: { live: LiveForecast }) {
  const all = live.forecast?.signals ?? [];
  const rows = RESOURCES.map((r) => ({ ...r, f: pressedOf(all, r.condition) })).filter((r) => r.f);
  if (rows.length === 0) return null;
  return (
    <div className="rounded bg-zinc-50 p-2 text-sm dark:bg-zinc-900" data-testid="next-pod-out">
      <h3 className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">Next pod out</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map((r) => (
          <div key={r.key} className="contents">
            <dt className="font-medium">{r.label}</dt>
            <dd data-testid={`next-pod-${r.key}`}>
              <Sentence f={r.f!} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
