import { expect, test, type Page } from "@playwright/test";

import { screenshot } from "./helpers/screenshot";
import { FleetPage } from "./pages/fleet-page";
import { useTheme, watchPage } from "./pages/page-health";

// Every header of the fleet table sorts, by mouse and by keyboard, says so with aria-sort, and the
// order lives in the URL (a reload or a shared link keeps it). At 1440 and 1024 px nothing hides
// behind a sideways scroll: the columns that do not fit open in the row's detail.
const WIDTHS = [1440, 1024, 390] as const;

const sortedAs = (page: Page) =>
  page.locator('[role="columnheader"][aria-sort="ascending"], [role="columnheader"][aria-sort="descending"]');

for (const width of WIDTHS)
  for (const theme of ["light", "dark"] as const)
    test(`fleet at ${width} px, ${theme}: every header sorts by click and keyboard, kept in the URL`, async ({ page }) => {
      const seen = watchPage(page);
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: 900 });
      const fleet = new FleetPage(page);
      await fleet.goto();
      const box = page.getByTestId("node-table-body");
      if (width > 390) expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const headers = page.getByRole("columnheader").getByRole("button");
      const count = await headers.count();
      expect(count).toBeGreaterThanOrEqual(width >= 1024 ? 7 : 3);
      for (let i = 0; i < count; i++) {
        const button = headers.nth(i);
        const header = page.getByRole("columnheader").nth(i);
        const name = (await button.textContent())!.replace(/ [↑↓]$/, "");
        // mouse: the first click sorts ascending (unless it was already), the second reverses
        if ((await header.getAttribute("aria-sort")) !== "ascending") await button.click();
        await expect(header).toHaveAttribute("aria-sort", "ascending");
        await expect(sortedAs(page)).toHaveCount(1);
        await expect(button).toHaveText(`${name} ↑`);
        await button.click();
        await expect(header).toHaveAttribute("aria-sort", "descending");
        await expect(page).toHaveURL(/[?&]desc=1/);
        // keyboard: Enter on the focused header reverses again
        await button.focus();
        await page.keyboard.press("Enter");
        await expect(header).toHaveAttribute("aria-sort", "ascending");
        await expect(page).not.toHaveURL(/[?&]desc=1/);
      }
      // the last sort survives a reload: it is in the URL
      const url = page.url();
      const last = page.getByRole("columnheader").nth(count - 1);
      await last.getByRole("button").press("Space");
      await expect(last).toHaveAttribute("aria-sort", "descending");
      await expect.poll(() => page.url()).not.toBe(url);
      await page.reload();
      await expect(fleet.rows.first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole("columnheader").nth(count - 1)).toHaveAttribute("aria-sort", "descending");
      await screenshot(page, { path: `artifacts/screenshots/fleet-${width}-${theme}.png`, fullPage: true });
      expect(seen.errors).toEqual([]);
    });

test("sorting by a header reorders the rows as its values say", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const fleet = new FleetPage(page);
  await fleet.goto("?sort=name");
  const names = () => fleet.rows.getByRole("link").allTextContents();
  const az = await names();
  expect(az).toEqual([...az].sort((a, b) => a.localeCompare(b, "en", { numeric: true })));
  await page.getByRole("button", { name: "Node" }).click();
  await expect.poll(names).toEqual([...az].reverse());
  await page.getByRole("button", { name: "Pods" }).click();
  await expect(page).toHaveURL(/sort=pods/);
  const pods = (await fleet.rows.locator('[data-col="pods"]').allTextContents()).map(Number);
  expect(pods).toEqual([...pods].sort((a, b) => a - b));
});
