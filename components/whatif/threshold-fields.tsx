"use client";

import { memo } from "react";

import type { WhatIfState } from "@/lib/client/url-state";
import type { AnalyzeOutput, Signal } from "@/lib/eviction";
import { formatDuration } from "@/lib/format";

import { thresholdScale, thresholdText } from "./slider-math";
import { WhatIfField } from "./what-if-field";

type Update = (f: (w: WhatIfState) => WhatIfState) => void;
type ThresholdKey = "evictionHard" | "evictionSoft" | "evictionSoftGracePeriod" | "evictionMinimumReclaim";
const KEYS: ThresholdKey[] = ["evictionHard", "evictionSoft", "evictionSoftGracePeriod", "evictionMinimumReclaim"];

/** One signal's what-if values, so a row re-renders only when its own values change. */
export type SignalValues = Partial<Record<ThresholdKey, string>>;

/** Picks one signal's values out of the what-if maps. */
export function signalValues(w: WhatIfState, signal: Signal): SignalValues {
  return Object.fromEntries(KEYS.map((k) => [k, w[k][signal]]).filter(([, v]) => v !== undefined));
}

function setKey(update: Update, key: ThresholdKey, signal: Signal, v: string | undefined) {
  update((w) => {
    const { [signal]: _old, ...rest } = w[key];
    return { ...w, [key]: v === undefined ? rest : { ...rest, [signal]: v } };
  });
}

/** Hard and soft threshold, grace period and minimum reclaim of one signal, each from the node's own settings. */
export const ThresholdFields = memo(function ThresholdFields({
  report,
  live,
  values,
  update,
}: {
  report: AnalyzeOutput["signals"][number];
  live: AnalyzeOutput;
  values: SignalValues;
  update: Update;
}) {
  const signal = report.signal;
  const scale = thresholdScale(signal, report.capacity);
  const configured = (kind: "hard" | "soft") => live.thresholds.find((t) => t.signal === signal && t.kind === kind) ?? null;
  const resolved = (kind: "hard" | "soft") => report.thresholds.find((t) => t.kind === kind)?.value;
  const hard = configured("hard");
  const soft = configured("soft");
  // min-reclaim is per signal (both thresholds share it); grace applies to the soft one.
  const reclaim = hard?.minReclaim ?? soft?.minReclaim ?? null;
  const changed = KEYS.some((k) => values[k] !== undefined);
  return (
    <fieldset className="min-w-0 border-t border-zinc-200 pt-1 dark:border-zinc-800" data-testid={`threshold-row-${signal}`}>
      <legend className="flex w-full items-center gap-2 pt-1 font-mono text-xs font-semibold">
        {signal}
        {changed && (
          <button
            type="button"
            className="font-sans font-normal text-blue-700 underline dark:text-blue-300"
            aria-label={`reset row (every ${signal} setting to live)`}
            onClick={() =>
              update((x) => ({
                ...x,
                ...Object.fromEntries(
                  KEYS.map((k) => [k, Object.fromEntries(Object.entries(x[k]).filter(([s]) => s !== signal))]),
                ),
              }))
            }
          >
            reset row
          </button>
        )}
      </legend>
      <div className="grid min-w-0 gap-1 sm:grid-cols-2">
        <WhatIfField
          label={`hard ${signal}`}
          title="hard threshold"
          kind="threshold"
          capacity={report.capacity}
          live={hard ? thresholdText(hard.value, scale.unit) : null}
          liveNumber={resolved("hard")}
          value={values.evictionHard}
          set={(v) => setKey(update, "evictionHard", signal, v)}
          slider={{ label: `hard threshold ${signal}`, scale }}
        />
        <WhatIfField
          label={`soft ${signal}`}
          title="soft threshold"
          kind="threshold"
          capacity={report.capacity}
          live={soft ? thresholdText(soft.value, scale.unit) : null}
          liveNumber={resolved("soft")}
          value={values.evictionSoft}
          set={(v) => setKey(update, "evictionSoft", signal, v)}
          slider={{ label: `soft threshold ${signal}`, scale }}
        />
        <WhatIfField
          label={`grace ${signal}`}
          title="soft grace period"
          kind="grace"
          live={soft ? formatDuration(soft.gracePeriodSeconds) : null}
          value={values.evictionSoftGracePeriod}
          set={(v) => setKey(update, "evictionSoftGracePeriod", signal, v)}
        />
        <WhatIfField
          label={`min reclaim ${signal}`}
          title="minimum reclaim"
          kind="reclaim"
          live={reclaim ? thresholdText(reclaim, scale.unit) : hard || soft ? "0" : null}
          value={values.evictionMinimumReclaim}
          set={(v) => setKey(update, "evictionMinimumReclaim", signal, v)}
        />
      </div>
    </fieldset>
  );
});
