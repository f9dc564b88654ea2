import { expect, test } from "@playwright/test";

import { FleetPage } from "./pages/fleet-page";

// axe-core over every page, light and dark, desktop and phone, runs in layout.e2e.ts on the same
// page loads as its width checks. Here: keyboard access that axe cannot see.

test("a skip link is the first stop and moves focus to the content", async ({ page }) => {
  await new FleetPage(page).goto();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("#content")).toBeFocused();
  // the next Tab lands inside the page, past the header's links
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest("#content"))).toBe(true);
});
