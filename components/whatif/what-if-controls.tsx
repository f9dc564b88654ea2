"use client";

import type { AnalyzeOutput } from "@/lib/eviction/types";
import { formatResource, formatSignal } from "@/lib/format";
import { RESERVED_RESOURCES, SCOPES, type WhatIfState } from "@/lib/url-state";

const MI = 1024 ** 2;
const GI = 1024 ** 3;

type Update = (f: (w: WhatIfState) => WhatIfState) => void;

const input = "w-28 rounded border border-zinc-300 bg-white px-1 py-0.5 text-sm dark:border-zinc-700 dark:bg-zinc-900";

function toQuantity(resource: string, n: number): string {
  if (resource === "cpu") return `${Math.round(n)}m`;
  if (resource === "pid") return String(Math.round(n));
  return n % GI === 0 && n > 0 ? `${n / GI}Gi` : `${Math.round(n / MI)}Mi`;
}

function ReservedRow({ kind, resource, live, capacity, value, update }: { kind: "kubeReserved" | "systemReserved"; resource: string; live: number; capacity: number; value: string | undefined; update: Update }) {
  const step = resource === "cpu" ? 10 : resource === "pid" ? 100 : resource === "memory" ? 64 * MI : GI;
  const max = resource === "pid" ? 100_000 : Math.max(step, capacity / 2);
  const label = `${kind === "kubeReserved" ? "kube-reserved" : "system-reserved"} ${resource}`;
  const current = value ?? toQuantity(resource, live);
  const numeric = value == null ? live : Number.NaN;
  return (
    <label className="grid grid-cols-[10rem_1fr_7rem] items-center gap-2 text-sm">
      <span>{label}</span>
      <input
        type="range"
        aria-label={label}
        min={0}
        max={max}
        step={step}
        value={Number.isNaN(numeric) ? Math.min(max, live) : numeric}
        onChange={(e) => update((w) => ({ ...w, [kind]: { ...w[kind], [resource]: toQuantity(resource, Number(e.target.value)) } }))}
      />
      <input className={input} aria-label={`${label} value`} value={current} onChange={(e) => update((w) => ({ ...w, [kind]: { ...w[kind], [resource]: e.target.value } }))} />
    </label>
  );
}

function ThresholdRow({ signal, live, capacity, w, update }: { signal: string; live: AnalyzeOutput["signals"][number]; capacity: number; w: WhatIfState; update: Update }) {
  const hard = live.thresholds.find((t) => t.kind === "hard");
  const bytes = signal !== "pid.available" && !signal.endsWith(".inodesFree");
  const step = signal.startsWith("memory") || signal.startsWith("allocatable") ? 16 * MI : bytes ? GI : Math.max(1, Math.round(capacity / 1000));
  const set = (key: "evictionHard" | "evictionSoft" | "evictionSoftGracePeriod" | "evictionMinimumReclaim", v: string) =>
    update((x) => ({ ...x, [key]: { ...x[key], [signal]: v } }));
  const sliderValue = (w.evictionHard as Record<string, string>)[signal];
  const toQ = (n: number) => (bytes ? `${Math.round(n / MI)}Mi` : String(Math.round(n)));
  return (
    <fieldset className="grid grid-cols-[13rem_1fr] items-center gap-2 border-t border-zinc-100 py-1 text-sm dark:border-zinc-900">
      <legend className="sr-only">{signal}</legend>
      <span className="font-mono text-xs">{signal}</span>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="range"
          aria-label={`hard threshold ${signal}`}
          min={0}
          max={Math.max(step, capacity / 2)}
          step={step}
          value={hard?.value ?? 0}
          onChange={(e) => set("evictionHard", toQ(Number(e.target.value)))}
        />
        <label className="text-xs">
          hard <input className={input} aria-label={`hard ${signal}`} placeholder={hard ? formatSignal(signal, hard.value) : "none"} value={sliderValue ?? ""} onChange={(e) => set("evictionHard", e.target.value)} />
        </label>
        <label className="text-xs">
          soft <input className={input} aria-label={`soft ${signal}`} placeholder="e.g. 10% or 1Gi" value={(w.evictionSoft as Record<string, string>)[signal] ?? ""} onChange={(e) => set("evictionSoft", e.target.value)} />
        </label>
        <label className="text-xs">
          grace <input className={input} aria-label={`grace ${signal}`} placeholder="1m30s" value={(w.evictionSoftGracePeriod as Record<string, string>)[signal] ?? ""} onChange={(e) => set("evictionSoftGracePeriod", e.target.value)} />
        </label>
        <label className="text-xs">
          min reclaim <input className={input} aria-label={`min reclaim ${signal}`} placeholder="0" value={(w.evictionMinimumReclaim as Record<string, string>)[signal] ?? ""} onChange={(e) => set("evictionMinimumReclaim", e.target.value)} />
        </label>
      </div>
    </fieldset>
  );
}

/** The what-if inputs: reservations, thresholds per signal, usage growth and scope. */
export function WhatIfControls({ live, capacity, w, update }: { live: AnalyzeOutput; capacity: Record<string, number>; w: WhatIfState; update: Update }) {
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        {(["kubeReserved", "systemReserved"] as const).flatMap((kind) =>
          RESERVED_RESOURCES.filter((r) => r === "pid" || capacity[r]).map((r) => (
            <ReservedRow key={`${kind}-${r}`} kind={kind} resource={r} live={live.reservation[kind][r] ?? 0} capacity={capacity[r] ?? 0} value={(w[kind] as Record<string, string>)[r]} update={update} />
          )),
        )}
      </div>
      <div>
        {live.signals.map((s) => (
          <ThresholdRow key={s.signal} signal={s.signal} live={s} capacity={s.capacity} w={w} update={update} />
        ))}
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        {(["memory", "ephemeral-storage", "pid"] as const).map((r) => (
          <label key={r} className="flex items-center gap-2">
            {r} usage ×{(w.usageScale[r] ?? 1).toFixed(2)}
            <input type="range" aria-label={`${r} usage growth`} min={0.5} max={3} step={0.05} value={w.usageScale[r] ?? 1} onChange={(e) => update((x) => ({ ...x, usageScale: { ...x.usageScale, [r]: Number(e.target.value) } }))} />
          </label>
        ))}
        <label className="flex items-center gap-2">
          applies to
          <select className={input} value={w.scope} onChange={(e) => update((x) => ({ ...x, scope: e.target.value as WhatIfState["scope"] }))}>
            {SCOPES.map((s) => (
              <option key={s} value={s}>
                {s === "node" ? "this node" : s === "pool" ? "its node pool" : "every node"}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="text-xs text-zinc-500">Quantities as in a kubelet config: 500Mi, 1Gi, 10%, 250m; grace as 1m30s. Live values: {formatResource("memory", live.allocatable.memory ?? 0)} memory allocatable.</p>
    </div>
  );
}
