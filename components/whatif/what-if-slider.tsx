"use client";

import { keyStep, numberToText, snap, type SliderScale } from "./slider-math";

export interface WhatIfSliderProps {
  label: string;
  /** The thumb's value: the what-if when set, else the live value (thumbFor). */
  value: number;
  max: number;
  scale: SliderScale;
  onValue: (text: string) => void;
}

/**
 * A range input driven only by its value. Pointer positions snap to the step grid; keys follow the
 * WAI-ARIA slider pattern from the current value (step="any" so a typed 500Mi is shown exactly,
 * not rounded by the browser to the nearest step).
 */
export function WhatIfSlider({ label, value, max, scale, onValue }: WhatIfSliderProps) {
  const range = { ...scale, max };
  return (
    <input
      type="range"
      aria-label={label}
      aria-valuetext={numberToText(value, scale.unit)}
      className="min-w-0 flex-1 accent-blue-600"
      min={scale.min}
      max={max}
      step="any"
      value={value}
      onChange={(e) => onValue(numberToText(snap(Number(e.target.value), range), scale.unit))}
      onKeyDown={(e) => {
        const next = keyStep(e.key, value, range);
        if (next == null) return;
        e.preventDefault();
        onValue(numberToText(next, scale.unit));
      }}
    />
  );
}
