import { expect, test, type Page } from "@playwright/test";

import { seriousViolations } from "./helpers/axe";
import { drawEveryChart } from "./helpers/charts";
import { screenshot } from "./helpers/screenshot";
import { ALL_PAGES } from "./pages/all-pages";
import { themeApplied, useTheme, watchPage } from "./pages/page-health";

// Every page at 1440, 1024 and 390 px, light and dark: no sideways scroll of the page, a
// screenshot for a person to look at (artifacts/screenshots/<page>-<width>-<theme>.png), and at
// the desktop and phone widths no serious or critical axe violation (the same load serves both:
// a page load of the node page is ~2 s of browser time, docs/ci-time.md). Each page is
// read to its end first, so every chart on it is drawn and checked (charts are drawn near the viewport).
const WIDTHS = [1440, 1024, 390];
const AXE_WIDTHS = new Set([1440, 390]);

/** Elements sticking out past the right edge of the viewport that nothing clips. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= w + 1) continue;
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== "visible") clipped = true;
      if (!clipped)
        out.push(
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} right=${Math.round(r.right)} "${(el.textContent ?? "").slice(0, 30)}"`,
        );
    }
    return out.slice(0, 5);
  });
}

for (const [name, open] of ALL_PAGES) {
  for (const width of WIDTHS) {
    for (const theme of ["light", "dark"] as const) {
      const axed = AXE_WIDTHS.has(width) ? ", no serious or critical axe violation" : "";
      test(`${name} at ${width} px, ${theme}: no page-wide sideways scroll${axed}`, async ({ page }) => {
        const seen = watchPage(page);
        await page.setViewportSize({ width, height: 900 });
        await useTheme(page, theme);
        await open(page);
        await page.waitForLoadState("networkidle");
        await themeApplied(page, theme);
        await drawEveryChart(page);
        await screenshot(page, { path: `artifacts/screenshots/${name}-${width}-${theme}.png`, fullPage: true });
        // the first screen alone, as README shows it (docs/screenshots/)
        if (width === 1440 && theme === "light")
          await screenshot(page, { path: `artifacts/screenshots/${name}-1440-light-top.png` });
        // everything on every page fits, the node page at 390 px included (the open what-if panel's
        // controls are held to its own width in whatif-controls.e2e.ts)
        expect(await overflowing(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (axed) expect(await seriousViolations(page)).toEqual([]);
        expect(seen.errors).toEqual([]);
      });
    }
  }
}
