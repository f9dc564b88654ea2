// The arithmetic behind the what-if sliders: which number the thumb shows for a text value, the
// text a thumb position writes, and the keyboard steps. Kept pure so the agreement between slider
// and text box is tested here, not only in the browser.
import { parseBytes, parseMillis } from "@/lib/eviction/client";

const MI = 1024 ** 2;
const GI = 1024 ** 3;

/** What a slider moves: byte amounts (memory, disk), millicores, or plain counts (pids, inodes). */
export type Unit = "bytes" | "millicores" | "count";

export interface SliderScale {
  unit: Unit;
  min: number;
  max: number;
  step: number;
}

/** Reads a what-if text as the slider's number (a percentage of `capacity` for thresholds); null when it does not parse. */
export function textToNumber(text: string, unit: Unit, capacity?: number): number | null {
  const t = text.trim();
  if (t === "") return null;
  const pct = /^(\d+(?:\.\d+)?)%$/.exec(t);
  try {
    if (pct) return capacity == null ? null : (capacity * Number(pct[1])) / 100;
    if (unit === "millicores") return parseMillis(t);
    const n = parseBytes(t);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

/** Writes a slider number as the text a kubelet config takes: "1Gi", "448Mi", "250m", "1000". */
export function numberToText(n: number, unit: Unit): string {
  const v = Math.max(0, Math.round(n));
  if (v === 0) return "0";
  if (unit === "millicores") return `${v}m`;
  if (unit === "count") return String(v);
  if (v % GI === 0) return `${v / GI}Gi`;
  if (v % MI === 0) return `${v / MI}Mi`;
  return `${Math.round(v / 1024)}Ki`;
}

/** The thumb's position: the what-if value when set and readable, else the live value; the range grows to hold it. */
export function thumbFor(
  text: string | undefined,
  live: number,
  scale: SliderScale,
  capacity?: number,
): { value: number; max: number } {
  const fromText = text === undefined ? null : textToNumber(text, scale.unit, capacity);
  const value = fromText ?? live;
  return { value, max: Math.max(scale.max, value) };
}

/** Rounds a pointer position to the slider's step grid, within its range. */
export function snap(n: number, scale: Pick<SliderScale, "min" | "max" | "step">): number {
  return Math.min(scale.max, Math.max(scale.min, Math.round(n / scale.step) * scale.step));
}

const KEY_STEPS: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

/**
 * The value a key moves the slider to (the WAI-ARIA slider pattern): arrows one step to the next grid
 * point, PageUp/PageDown ten steps, Home/End the ends; null for other keys.
 */
export function keyStep(key: string, value: number, scale: Pick<SliderScale, "min" | "max" | "step">): number | null {
  if (key === "Home") return scale.min;
  if (key === "End") return scale.max;
  const steps = KEY_STEPS[key];
  if (steps === undefined) return null;
  // From an off-grid value (e.g. a typed 500Mi) the first step lands on the neighbouring grid point.
  const grid = value / scale.step;
  const base = steps > 0 ? Math.floor(grid + 1e-9) : Math.ceil(grid - 1e-9);
  return Math.min(scale.max, Math.max(scale.min, (base + steps) * scale.step));
}

/** The slider range for a reservation of `resource` on a node with `capacity` of it. */
export function reservedScale(resource: string, capacity: number): SliderScale {
  if (resource === "cpu")
    return { unit: "millicores", min: 0, max: Math.max(1000, Math.round(capacity / 2 / 10) * 10), step: 10 };
  if (resource === "pid") return { unit: "count", min: 0, max: 100_000, step: 100 };
  const step = resource === "memory" ? 64 * MI : GI;
  return { unit: "bytes", min: 0, max: Math.max(step, Math.round(capacity / 2 / step) * step), step };
}

/** The slider range for a threshold on `signal` with the signal's `capacity` (from one step: the kubelet refuses a 0 quantity). */
export function thresholdScale(signal: string, capacity: number): SliderScale {
  if (signal === "pid.available" || signal.endsWith(".inodesFree")) {
    const step = Math.max(1, Math.round(capacity / 1000));
    return { unit: "count", min: step, max: Math.max(step, Math.round(capacity / 2 / step) * step), step };
  }
  const step = signal.includes("emory") ? 16 * MI : GI;
  return { unit: "bytes", min: step, max: Math.max(step, Math.round(capacity / 2 / step) * step), step };
}

/** Writes a configured threshold or min-reclaim as its config text: "10%", "500Mi", "1000". */
export function thresholdText(v: { quantity: number } | { percentage: number }, unit: Unit): string {
  if ("percentage" in v) return `${Number((v.percentage * 100).toFixed(4))}%`;
  return numberToText(v.quantity, unit);
}
