// Interaction to next paint in Chromium, the way the INP metric reads it: Event Timing entries
// (durationThreshold 16 ms, grouped by interactionId; an interaction's latency is its slowest event,
// from the key press to the next paint after its handlers) plus Long Tasks (> 50 ms on the main thread).
import type { Locator, Page } from "@playwright/test";

interface PageMetrics {
  events: { interactionId: number; duration: number; name: string }[];
  longTasks: { start: number; duration: number }[];
}

/** Starts collecting event-timing and long-task entries in the page (call once, after load). */
export async function observeInteractions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __inp: PageMetrics };
    w.__inp = { events: [], longTasks: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        if (e.interactionId) w.__inp.events.push({ interactionId: e.interactionId, duration: e.duration, name: e.name });
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: false } as PerformanceObserverInit);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__inp.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: false });
  });
}

/** Returns and clears what was collected so far. */
export async function takeMetrics(page: Page): Promise<PageMetrics> {
  return page.evaluate(() => {
    const w = window as unknown as { __inp: PageMetrics };
    const out = w.__inp;
    w.__inp = { events: [], longTasks: [] };
    return out;
  });
}

export interface InteractionFigures {
  interactions: number;
  /** Slowest interaction (INP over few interactions is the worst one), ms; 16 = none reached the 16 ms threshold. */
  worst: number;
  median: number;
  /** Longest task and how many exceeded 50 ms while the key presses went on. */
  longestTask: number;
  longTasks: number;
  /** Longest task in the `settleMs` after the last press (deferred work such as charts). */
  longestSettleTask: number;
}

/**
 * Presses `key` on `target` `times` times, `gapMs` apart (background work, such as a fleet-wide
 * recompute, keeps running in between), waits `settleMs`, and reads the latencies.
 */
export async function measureKeyInteractions(
  page: Page,
  target: Locator,
  key: string,
  times: number,
  gapMs: number,
  settleMs: number,
): Promise<InteractionFigures> {
  await target.focus();
  await takeMetrics(page);
  for (let i = 0; i < times; i++) {
    await target.press(key);
    await page.waitForTimeout(gapMs);
  }
  const m = await takeMetrics(page);
  await page.waitForTimeout(settleMs);
  const after = await takeMetrics(page);
  // an interaction's entry may arrive after the last gap
  m.events.push(...after.events);
  const byInteraction = new Map<number, number>();
  for (const e of m.events) byInteraction.set(e.interactionId, Math.max(byInteraction.get(e.interactionId) ?? 0, e.duration));
  // Interactions faster than the threshold leave no entry: they count as 16 ms (an upper bound).
  const latencies = [...byInteraction.values(), ...Array(Math.max(0, times - byInteraction.size)).fill(16)].sort((a, b) => a - b);
  return {
    interactions: times,
    worst: latencies.at(-1) ?? 16,
    median: latencies[Math.floor(latencies.length / 2)] ?? 16,
    longestTask: Math.max(0, ...m.longTasks.map((t) => t.duration)),
    longTasks: m.longTasks.length,
    longestSettleTask: Math.max(0, ...after.longTasks.map((t) => t.duration)),
  };
}
