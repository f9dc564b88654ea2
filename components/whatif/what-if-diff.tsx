import type { Pod } from "@/lib/eviction/k8s-types";
import type { AnalyzeOutput } from "@/lib/eviction/types";
import { formatResource, formatSignal } from "@/lib/format";
import { podsThatNoLongerFit } from "./fit";

function Change({ label, before, after }: { label: string; before: string; after: string }) {
  const changed = before !== after;
  return (
    <li className={changed ? "font-medium" : "text-zinc-500"}>
      {label}: {before}
      {changed && <> → <span data-testid={`after-${label}`}>{after}</span></>}
    </li>
  );
}

/** Before/after of a what-if: allocatable, pressure, margins, eviction replay, pods that no longer fit. */
export function WhatIfDiff({ live, next, pods, requested }: { live: AnalyzeOutput; next: AnalyzeOutput; pods: Pod[]; requested: Record<string, number> }) {
  const conds = (o: AnalyzeOutput) => Object.entries(o.conditions).filter(([, v]) => v).map(([k]) => k).join(", ") || "no pressure";
  const noFit = podsThatNoLongerFit(pods, requested, next.allocatable);
  const metBefore = new Set(live.signals.flatMap((s) => s.thresholds.filter((t) => t.met).map((t) => `${s.signal} ${t.kind}`)));
  const metAfter = next.signals.flatMap((s) => s.thresholds.filter((t) => t.met).map((t) => `${s.signal} ${t.kind}`));
  return (
    <div className="space-y-2 text-sm" data-testid="what-if-diff">
      <ul className="space-y-0.5">
        {["cpu", "memory", "ephemeral-storage"].map((r) => (
          <Change key={r} label={`allocatable ${r}`} before={formatResource(r, live.allocatable[r] ?? 0)} after={formatResource(r, next.allocatable[r] ?? 0)} />
        ))}
        <Change label="conditions" before={conds(live)} after={conds(next)} />
        {next.signals.map((s) => {
          const before = live.signals.find((x) => x.signal === s.signal);
          const m = (x: typeof s | undefined) => (x && x.thresholds.length ? formatSignal(s.signal, Math.min(...x.thresholds.map((t) => t.margin))) : "no threshold");
          return <Change key={s.signal} label={`${s.signal} margin`} before={m(before)} after={m(s)} />;
        })}
      </ul>
      {metAfter.some((m) => !metBefore.has(m)) && <p className="font-medium text-red-600">Newly met: {metAfter.filter((m) => !metBefore.has(m)).join(", ")}</p>}
      {next.replay.length > 0 ? (
        <div data-testid="what-if-replay">
          <p className="font-medium">The kubelet would evict, one pod per 10 s cycle:</p>
          {next.replay.map((r) => (
            <p key={r.signal}>
              <span className="font-mono">{r.signal}</span>: {r.evicted.map((e, i) => `${i + 1}. ${e.namespace}/${e.name}`).join(", ") || "nobody it may evict"}
              {r.recovered ? "" : " — and it still would not recover"}
            </p>
          ))}
        </div>
      ) : (
        <p>No threshold met: nothing would be evicted.</p>
      )}
      {noFit.over > 0 && (
        <p className="text-amber-700 dark:text-amber-400" data-testid="what-if-nofit">
          Pod requests exceed the new memory allocatable by {formatResource("memory", noFit.over)}: after a restart the kubelet would not re-admit{" "}
          {noFit.pods.map((p) => `${p.metadata?.namespace}/${p.metadata?.name}`).join(", ")} (lowest priority first).
        </p>
      )}
    </div>
  );
}
