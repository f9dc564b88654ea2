"use client";

import { useMemo } from "react";

import { RESERVED_RESOURCES, SCALE_RESOURCES, SCOPES, type WhatIfState } from "@/lib/client/url-state";
import type { AnalyzeOutput } from "@/lib/eviction";

import { numberToText, reservedScale } from "./slider-math";
import { signalValues, ThresholdFields } from "./threshold-fields";
import { fieldInput, WhatIfField } from "./what-if-field";

type Update = (f: (w: WhatIfState) => WhatIfState) => void;
type ReservedKind = "kubeReserved" | "systemReserved";

function without<T extends Record<string, unknown>>(m: T, key: string): T {
  const { [key]: _gone, ...rest } = m;
  return rest as T;
}

function ReservedField({
  kind,
  resource,
  live,
  capacity,
  w,
  update,
}: {
  kind: ReservedKind;
  resource: string;
  live: number;
  capacity: number;
  w: WhatIfState;
  update: Update;
}) {
  const name = `${kind === "kubeReserved" ? "kube-reserved" : "system-reserved"} ${resource}`;
  const scale = reservedScale(resource, capacity);
  const set = (v: string | undefined) =>
    update((x) => ({ ...x, [kind]: v === undefined ? without(x[kind], resource) : { ...x[kind], [resource]: v } }));
  return (
    <WhatIfField
      label={`${name} value`}
      title={name}
      kind="reserved"
      resource={resource}
      live={numberToText(live, scale.unit)}
      liveNumber={live}
      value={(w[kind] as Record<string, string>)[resource]}
      set={set}
      slider={{ label: name, scale }}
    />
  );
}

function UsageField({ resource, w, update }: { resource: (typeof SCALE_RESOURCES)[number]; w: WhatIfState; update: Update }) {
  const v = w.usageScale[resource];
  const set = (n: number | undefined) =>
    update((x) => ({ ...x, usageScale: n === undefined ? without(x.usageScale, resource) : { ...x.usageScale, [resource]: n } }));
  return (
    <label className="flex min-w-0 items-center gap-2 text-sm" data-changed={v !== undefined ? "true" : "false"}>
      <span className="w-40 shrink-0">
        {resource} usage <span className="font-mono">×{(v ?? 1).toFixed(2)}</span>
        {v !== undefined && <span className="ml-1 text-xs font-semibold text-blue-800 dark:text-blue-200">✎</span>}
      </span>
      <input
        type="range"
        className="min-w-0 flex-1 accent-blue-600"
        aria-label={`${resource} usage growth`}
        aria-valuetext={`×${(v ?? 1).toFixed(2)}`}
        min={0.5}
        max={3}
        step={0.05}
        value={v ?? 1}
        onChange={(e) => set(Number(e.target.value))}
      />
      {v !== undefined && (
        <button
          type="button"
          className="text-xs text-blue-700 underline dark:text-blue-300"
          aria-label={`reset ${resource} usage growth`}
          onClick={() => set(undefined)}
        >
          reset
        </button>
      )}
    </label>
  );
}

// Keeps each row's values object stable while its own values are unchanged (the row is memoized).
function ThresholdFieldsFor({
  report,
  live,
  w,
  update,
}: {
  report: AnalyzeOutput["signals"][number];
  live: AnalyzeOutput;
  w: WhatIfState;
  update: Update;
}) {
  const values = signalValues(w, report.signal);
  const key = JSON.stringify(values);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- key is values' content: that is the point
  const stable = useMemo(() => values, [key]);
  return <ThresholdFields report={report} live={live} values={stable} update={update} />;
}

/** The what-if inputs: scope, reservations, thresholds per signal and usage growth, each showing the node's live value. */
export function WhatIfControls({
  live,
  capacity,
  w,
  update,
}: {
  live: AnalyzeOutput;
  capacity: Record<string, number>;
  w: WhatIfState;
  update: Update;
}) {
  return (
    <div className="min-w-0 space-y-3">
      <label className="flex items-center gap-2 text-sm">
        applies to
        <select
          className={fieldInput.replace("w-24", "w-auto")}
          value={w.scope}
          onChange={(e) => update((x) => ({ ...x, scope: e.target.value as WhatIfState["scope"] }))}
        >
          {SCOPES.map((s) => (
            <option key={s} value={s}>
              {s === "node" ? "this node" : s === "pool" ? "its node pool" : "every node"}
            </option>
          ))}
        </select>
      </label>
      <section aria-label="Reservations" className="min-w-0 space-y-1">
        <h3 className="text-sm font-semibold">Reservations</h3>
        <div className="grid min-w-0 gap-1 sm:grid-cols-2">
          {(["kubeReserved", "systemReserved"] as const).flatMap((kind) =>
            RESERVED_RESOURCES.filter((r) => r === "pid" || capacity[r]).map((r) => (
              <ReservedField
                key={`${kind}-${r}`}
                kind={kind}
                resource={r}
                live={live.reservation[kind][r] ?? 0}
                capacity={capacity[r] ?? 0}
                w={w}
                update={update}
              />
            )),
          )}
        </div>
      </section>
      <section aria-label="Eviction thresholds" className="min-w-0 space-y-1">
        <h3 className="text-sm font-semibold">Eviction thresholds</h3>
        {live.signals.map((s) => (
          <ThresholdFieldsFor key={s.signal} report={s} live={live} w={w} update={update} />
        ))}
      </section>
      <section aria-label="Usage growth" className="min-w-0 space-y-1">
        <h3 className="text-sm font-semibold">Usage growth (every pod and the node)</h3>
        {SCALE_RESOURCES.map((r) => (
          <UsageField key={r} resource={r} w={w} update={update} />
        ))}
      </section>
    </div>
  );
}
