"use client";

import { useId } from "react";

import { ErrorNote } from "@/components/ui/error-note";
import { cn } from "@/lib/format";

import { fieldMessage, type FieldKind } from "./field-message";
import { thumbFor, type SliderScale } from "./slider-math";
import { WhatIfSlider } from "./what-if-slider";

export interface WhatIfFieldProps {
  /** Accessible name of the text box (e.g. "hard memory.available"); the slider is `sliderLabel`. */
  label: string;
  title: string;
  kind: FieldKind;
  resource?: string;
  /** The node's own setting as config text; null when it has none. */
  live: string | null;
  /** The live value as the slider's number. */
  liveNumber?: number;
  /** Base for percentages (the signal's capacity). */
  capacity?: number;
  value: string | undefined;
  set: (v: string | undefined) => void;
  slider?: { label: string; scale: SliderScale };
}

export const fieldInput =
  "w-24 min-w-0 rounded border border-zinc-300 bg-white px-1.5 py-0.5 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900";

/** One what-if setting: its live value, a text box (and slider) that always agree, a changed mark, a reset and an inline message. */
export function WhatIfField(p: WhatIfFieldProps) {
  const id = useId();
  const changed = p.value !== undefined;
  const message = !changed
    ? null
    : p.value!.trim() === ""
      ? "empty: type a value, or reset to the live one"
      : fieldMessage(p.kind, p.value!, p.resource);
  const thumb = p.slider ? thumbFor(p.value, p.liveNumber ?? p.slider.scale.min, p.slider.scale, p.capacity) : null;
  return (
    <div
      className={cn("min-w-0 space-y-0.5 rounded px-1 py-0.5", changed && "bg-blue-50 dark:bg-blue-950/40")}
      data-testid={`field-${p.label}`}
      data-changed={changed ? "true" : "false"}
    >
      <div className="flex flex-wrap items-center gap-x-2 text-xs">
        <span className="font-medium">{p.title}</span>
        <span id={`${id}-live`} className="text-zinc-600 dark:text-zinc-400">
          live: <span className="font-mono">{p.live ?? "none"}</span>
        </span>
        {changed && (
          <>
            <span className="rounded border border-blue-600 px-1 font-semibold text-blue-800 dark:border-blue-400 dark:text-blue-200">
              ✎ changed
            </span>
            <button
              type="button"
              className="text-blue-700 underline dark:text-blue-300"
              aria-label={`reset ${p.label} to live`}
              onClick={() => p.set(undefined)}
            >
              reset
            </button>
          </>
        )}
      </div>
      <div className="flex min-w-0 items-center gap-2">
        {p.slider && thumb && (
          <WhatIfSlider
            label={p.slider.label}
            value={thumb.value}
            max={thumb.max}
            scale={p.slider.scale}
            onValue={(v) => p.set(v)}
          />
        )}
        <input
          className={cn(fieldInput, message && "border-red-600 dark:border-red-400")}
          aria-label={p.label}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-live ${id}-msg` : `${id}-live`}
          value={p.value ?? p.live ?? ""}
          onChange={(e) => p.set(e.target.value)}
        />
      </div>
      {message && (
        <ErrorNote id={`${id}-msg`} role={null} className="text-xs" data-testid="field-message">
          {message}
        </ErrorNote>
      )}
    </div>
  );
}
