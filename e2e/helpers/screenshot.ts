// Screenshots for a person to look at (artifacts/screenshots/): every changed page at 1440, 1024
// and 390 px, light and dark, opened and looked at before a change lands (docs/development.md).
//
// A developer's run writes them. A CI run (CI=true) asserts everything else the same and skips
// the pictures, which nobody opens there: a full-page screenshot of the node page is 1.0–1.9 s
// of browser time on a quiet machine, and the suite takes about a hundred of them
// (docs/ci-time.md). HEADROOM_SCREENSHOTS=1 writes them on CI too, =0 skips them anywhere.
import type { Locator, LocatorScreenshotOptions, Page, PageScreenshotOptions } from "@playwright/test";

import { drawEveryChart } from "./charts";

/** Whether this run writes screenshots: HEADROOM_SCREENSHOTS when set, else unless CI is. */
function takesScreenshots(): boolean {
  const asked = process.env.HEADROOM_SCREENSHOTS;
  if (asked === "1") return true;
  if (asked === "0") return false;
  return !process.env.CI;
}

/**
 * `target.screenshot(options)` (a page or one element) when this run takes screenshots; `options.path`
 * names the file. A full-page picture shows every chart drawn, as a person scrolling down saw them.
 */
export async function screenshot(
  target: Page | Locator,
  options: (PageScreenshotOptions | LocatorScreenshotOptions) & { path: string },
): Promise<void> {
  if (!takesScreenshots()) return;
  if ("fullPage" in options && options.fullPage) await drawEveryChart(target as Page);
  await target.screenshot(options);
}
