import { expect, test, type Page } from "@playwright/test";

import { FORECAST_STATES } from "./constants";
import { screenshot } from "./helpers/screenshot";
import { themeApplied, watchPage } from "./pages/page-health";

// Issue 23, pinned links: a pinned view (`at=`) shows the forecast made at that moment, so each
// signal box says "Forecast as of <time> (pinned)", never "Live forecast", and no card claims to be
// a what-if view; "Go live" brings the live headings back. At a desktop and a phone width.
const LEAKY = "ip-10-0-2-0.ec2.internal";
const BASE = `http://127.0.0.1:${FORECAST_STATES.softGrace.port}`;
const NODE = `${BASE}/nodes/${LEAKY}`;
const SHOTS = "artifacts/screenshots";

/** The node's newest data's moment as RFC 3339, what "Copy link as of now" pins (the frozen server's history starts there). */
async function pinnedMoment(page: Page): Promise<string> {
  const doc = await (await page.request.get(`${BASE}/api/nodes/${LEAKY}`)).json();
  return new Date(Date.parse(doc.generatedAt)).toISOString().replace(/\.\d{3}Z$/, "Z");
}

for (const width of [1440, 1024, 390]) {
  test(`at ${width} px a pinned view's signal boxes say the forecast is as of the pinned time, not live`, async ({ page }) => {
    test.setTimeout(120_000);
    const health = watchPage(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${NODE}?at=${await pinnedMoment(page)}`);
    await expect(page.getByTestId("pinned-banner")).toBeVisible({ timeout: 30_000 });
    const atText = (await page.getByTestId("pinned-at").textContent())!.replace(/^As of /, "");

    const headings = page.getByTestId("forecast-heading");
    await expect(headings.first()).toBeVisible();
    const count = await headings.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await expect(headings.nth(i)).toHaveText(`Forecast as of ${atText} (pinned)`);
    await expect(page.getByText("Live forecast", { exact: true })).toHaveCount(0);
    // no what-if is open or set: no card may call itself one
    await expect(page.getByTestId("view-label")).toHaveCount(0);
    // what a person sees: the heading of the first box is on screen, in words
    await headings.first().scrollIntoViewIfNeeded();
    await expect(headings.first()).toBeInViewport();

    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await themeApplied(page, theme);
      await screenshot(page, { path: `${SHOTS}/pinned-forecast-${width}-${theme}.png` });
    }

    // Go live: the same boxes are the live forecast again
    await page.getByTestId("go-live").click();
    await expect(page).toHaveURL(NODE);
    await expect(page.getByTestId("pinned-banner")).toHaveCount(0);
    await expect(headings.first()).toHaveText("Live forecast");
    await expect(page.getByText(/^Forecast as of /)).toHaveCount(0);
    expect(health.errors).toEqual([]);
  });
}
