import { HOUSEKEEPING_INTERVAL_SECONDS, type AnalyzeOutput } from "@/lib/eviction";
import type { ConditionHold } from "@/lib/forecast";
import { formatResource, formatSignal, formatTime } from "@/lib/format";
import type { NodeOutcome } from "@/lib/whatif/outcome";
import { NOTHING_EVICTED } from "@/lib/words/whatif";

function Change({ label, before, after }: { label: string; before: string; after: string }) {
  return (
    <li>
      {label}: {before} →{" "}
      <span className="font-medium" data-testid={`after-${label}`}>
        {after}
      </span>
    </li>
  );
}

/** Before/after on this node: what changes (allocatable, conditions, margins), the eviction replay, pods that no longer fit. */
export function WhatIfDiff({
  live,
  next,
  outcome,
  holds = [],
}: {
  live: AnalyzeOutput;
  next: AnalyzeOutput;
  outcome: NodeOutcome;
  /** Conditions the kubelet holds for its transition period: reported in both views until they clear. */
  holds?: readonly ConditionHold[];
}) {
  const conds = (c: string[]) => c.join(", ") || "no pressure";
  const margin = (s: AnalyzeOutput["signals"][number] | undefined) =>
    s && s.thresholds.length ? formatSignal(s.signal, Math.min(...s.thresholds.map((t) => t.margin))) : "no threshold";
  const margins = next.signals
    .map((s) => ({ signal: s.signal, before: margin(live.signals.find((x) => x.signal === s.signal)), after: margin(s) }))
    .filter((m) => m.before !== m.after);
  const newlyMet = outcome.metAfter.filter((m) => !outcome.metBefore.includes(m));
  const fit = outcome.pods?.noLongerFit ?? [];
  return (
    <div className="min-w-0 space-y-2 text-sm" data-testid="what-if-diff">
      <h3 className="font-semibold">On this node, live (as the header) → what-if</h3>
      <ul className="space-y-0.5">
        <Change label="conditions" before={conds(outcome.pressureBefore)} after={conds(outcome.pressureAfter)} />
        {(["cpu", "memory", "ephemeral-storage"] as const)
          .filter((r) => outcome.allocatableBefore[r] !== outcome.allocatableAfter[r])
          .map((r) => (
            <Change
              key={r}
              label={`allocatable ${r}`}
              before={formatResource(r, outcome.allocatableBefore[r] ?? 0)}
              after={formatResource(r, outcome.allocatableAfter[r] ?? 0)}
            />
          ))}
        {margins.map((m) => (
          <Change key={m.signal} label={`${m.signal} margin`} before={m.before} after={m.after} />
        ))}
      </ul>
      {holds.map((h) => (
        <p key={h.condition} data-testid="what-if-held">
          {h.condition}: the kubelet holds it until {formatTime(h.clearsAt)} ({h.periodSeconds} s transition period after a
          threshold was last met), in both views: a changed threshold does not end the hold.
        </p>
      ))}
      {newlyMet.length > 0 && <p className="font-medium text-red-700 dark:text-red-300">Newly met: {newlyMet.join(", ")}</p>}
      {next.replay.length > 0 ? (
        <div data-testid="what-if-replay">
          <p className="font-medium">The kubelet would evict, one pod per {HOUSEKEEPING_INTERVAL_SECONDS} s cycle:</p>
          {next.replay.map((r) => (
            <p key={r.signal}>
              <span className="font-mono">{r.signal}</span>:{" "}
              {r.evicted.map((e, i) => `${i + 1}. ${e.namespace}/${e.name}`).join(", ") || "nobody it may evict"}
              {r.recovered ? "" : " — and it still would not recover"}
            </p>
          ))}
        </div>
      ) : (
        <p>{NOTHING_EVICTED}</p>
      )}
      {outcome.overBy > 0 && (
        <p className="text-amber-800 dark:text-amber-300" data-testid="what-if-nofit">
          Pod requests exceed the new memory allocatable by {formatResource("memory", outcome.overBy)}: after a restart the
          kubelet would not re-admit {fit.map((p) => `${p.namespace}/${p.name}`).join(", ")} (lowest priority first).
        </p>
      )}
    </div>
  );
}
