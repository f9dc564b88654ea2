// One cold load of the fleet overview in Chromium, phase by phase, for scripts/bench-overview.ts:
// what the page's clock says of the HTML, /api/cluster, the first row and the search, and, for a
// page whose rows never come, what it received and was still waiting on.
import { performance } from "node:perf_hooks";
import { type Browser, type Page } from "@playwright/test";

/** A load's figures, ms after navigation (plus the bench's own `total`). */
export type Phases = Record<string, number>;
// Stamps, in the page's clock, the first row on screen and the searched row on screen.
const OBSERVER = (last: string) => {
  const w = window as unknown as { __t: Record<string, number> };
  w.__t = {};
  new MutationObserver(() => {
    const rows = document.querySelectorAll("[data-testid=node-row]");
    if (rows.length && !w.__t.row) w.__t.row = performance.now();
    if (!w.__t.found) for (const r of rows) if (r.textContent?.includes(last)) w.__t.found = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

/**
 * Records, from before the navigation, what a load gets: each /api/cluster answer and whether its
 * body completed, failed requests, console and page errors, and the requests still open. Returns
 * a function that says it in one line (for a page whose rows never came).
 */
function watchLoad(page: Page): () => string {
  const seen: string[] = [];
  const open = new Set<string>();
  page.on("request", (r) => open.add(r.url()));
  page.on("requestfinished", (r) => open.delete(r.url()));
  page.on("requestfailed", (r) => {
    open.delete(r.url());
    seen.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => {
    // a poll still answering when the bench closes the page rejects: said, not thrown (it ended the process)
    if (r.url().includes("/api/cluster"))
      r.finished().then(
        (failure) => seen.push(`${r.status()} ${r.url()} body ${failure ? `failed: ${failure}` : "complete"}`),
        () => seen.push(`${r.status()} ${r.url()} body cut off: page closed`),
      );
  });
  page.on("console", (m) => m.type() === "error" && seen.push(`console error: ${m.text().slice(0, 200)}`));
  page.on("pageerror", (e) => seen.push(`page error: ${e.message.slice(0, 200)}`));
  return () => `got: ${seen.join("; ") || "no /api/cluster answer"}; still open: ${[...open].join(", ") || "none"}`;
}

/**
 * One cold load of the fleet overview at `base`, a fresh page: navigation → first row → a search
 * for the last of `nodes` nodes answered (`total`), with the phases the page's clock stamps.
 * `selfTimes`: also profile the page's main thread and add each function's self time to it.
 */
export async function loadOverview(
  browser: Browser,
  base: string,
  nodes: number,
  selfTimes?: Map<string, number>,
): Promise<Phases> {
  const page = await browser.newPage();
  const last = `fleet-${nodes - 1}`;
  await page.addInitScript(OBSERVER, last);
  const cdp = selfTimes ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  const watched = watchLoad(page);
  const t0 = performance.now();
  await page.goto(base, { timeout: 120_000 });
  try {
    await page.getByTestId("node-row").first().waitFor({ timeout: 120_000 });
  } catch (e) {
    // what a person would have seen instead of the rows, and what the page got and was still waiting on
    const text = await page
      .locator("main")
      .innerText({ timeout: 5000 })
      .catch(() => "(unreadable)");
    throw new Error(`${base}: no rows after 120 s; the page says: ${text.slice(0, 400)}; ${watched()}`, { cause: e });
  }
  const tFill = await page.evaluate(() => performance.now());
  await page.getByRole("searchbox").fill(last);
  await page.getByTestId("node-row").filter({ hasText: last }).first().waitFor({ timeout: 60_000 });
  const total = performance.now() - t0;
  if (cdp) {
    const { profile } = await cdp.send("Profiler.stop");
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      const f = byId.get(id)!.callFrame;
      const key = `${f.functionName || "(anon)"} ${f.url.split("/").pop()}:${f.lineNumber}`;
      selfTimes!.set(key, (selfTimes!.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    });
  }
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation" as never)[0] as unknown as PerformanceNavigationTiming;
    const apis = (performance.getEntriesByType("resource") as unknown as PerformanceResourceTiming[]).filter((e) =>
      e.name.includes("/api/cluster"),
    );
    const api = apis[0];
    const w = window as unknown as { __t: Record<string, number> };
    return {
      htmlFirstByte: nav.responseStart,
      htmlLastByte: nav.responseEnd,
      domInteractive: nav.domInteractive,
      domContentLoaded: nav.domContentLoadedEventEnd,
      apiStart: api?.startTime ?? NaN,
      apiRequestSent: api?.requestStart ?? NaN,
      apiFirstByte: api?.responseStart ?? NaN,
      apiLastByte: api?.responseEnd ?? NaN,
      firstRow: w.__t.row ?? NaN,
      found: w.__t.found ?? NaN,
      loadEvent: nav.loadEventEnd,
      apiRequests: apis.length,
    };
  });
  await page.close();
  return { ...t, fill: tFill, total };
}
