import { expect, test } from "@playwright/test";

import { screenshot } from "./helpers/screenshot";
import { watchPage } from "./pages/page-health";

// A portal tile is 800×500: every panel fits it without a sideways cut. Wide tables choose their
// columns by their own width (container queries), long pod names are cut with an ellipsis and
// carry the whole name in their title, on one line.
const NODE = "ip-10-0-2-0.ec2.internal";
const PANELS = ["ranking", "oom-order", "terminations", "pressure", "capacity", "signals"] as const;

for (const theme of ["light", "dark"] as const)
  test(`every embed panel fits 800×500 without a horizontal cut, ${theme}`, async ({ page }) => {
    const seen = watchPage(page);
    await page.setViewportSize({ width: 800, height: 500 });
    for (const panel of [...PANELS, null]) {
      await page.goto(`/nodes/${NODE}?embed=1&theme=${theme}${panel ? `&panel=${panel}` : ""}`);
      if (panel) await expect(page.getByTestId("embed-panel")).toHaveAttribute("data-panel", panel, { timeout: 30_000 });
      else await expect(page.getByTestId("ranking-table")).toBeVisible({ timeout: 30_000 });
      // no sideways scroll for the page, nor inside any table's own region
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[role="region"], [role="tabpanel"]')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.getAttribute("aria-label") ?? el.id),
      );
      expect(cut, `${panel ?? "whole embed"}: regions cut on the right`).toEqual([]);
      await screenshot(page, { path: `artifacts/screenshots/embed-fit-${panel ?? "page"}-${theme}.png`, fullPage: true });
    }
    // pod names: one line each, the whole name in the title
    await page.goto(`/nodes/${NODE}?embed=1&theme=${theme}&panel=ranking`);
    const pods = page.getByTestId("ranking-pod");
    await expect(pods.first()).toBeVisible({ timeout: 30_000 });
    for (const pod of await pods.all()) {
      const { lines, title, text } = await pod.evaluate((el) => ({
        lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
        title: el.getAttribute("title") ?? "",
        text: el.textContent ?? "",
      }));
      expect(lines).toBe(1);
      expect(title.endsWith(`/${text}`)).toBe(true);
    }
    await page.goto(`/nodes/${NODE}?embed=1&theme=${theme}&panel=oom-order`);
    const oom = page.getByTestId("oom-pod");
    await expect(oom.first()).toBeVisible({ timeout: 30_000 });
    for (const pod of await oom.all()) await expect(pod).toHaveAttribute("title", /^\S+\/\S+ \/ \S+$/);
    expect(seen.errors).toEqual([]);
  });
