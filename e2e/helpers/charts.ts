// Charts are drawn only near the viewport (components/charts/use-near-viewport.ts). A test that
// looks at every chart on a page (axe over the whole page, a full-page picture) scrolls to each
// first, as a person reading the page would.
import { expect, type Page } from "@playwright/test";

/** Every chart box on the page: its drawn state is `data-drawn`. */
export const CHART_BOXES = '[data-chart] > [role="img"]';

/** Waits until the page has rendered its next frame: IntersectionObserver reports after it. */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Scrolls down the page a screen at a time until every chart on it that shows is drawn, then back to the top. */
export async function drawEveryChart(page: Page): Promise<void> {
  // a chart in a closed <details> is drawn when a person opens it
  const undrawn = page.locator(`${CHART_BOXES}[data-drawn="false"]`).filter({ visible: true });
  // a page without a chart left to draw (or drawn already, before a full-page picture) is not scrolled
  if ((await undrawn.count()) > 0) {
    const screen = page.viewportSize()?.height ?? 900;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = screen; y < height + screen; y += screen) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await nextFrame(page);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await expect(undrawn).toHaveCount(0);
  // ResponsiveContainer draws once it has measured its box
  await expect(page.locator(`${CHART_BOXES}:not(:has(svg))`).filter({ visible: true })).toHaveCount(0);
}
