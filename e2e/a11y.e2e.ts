import { expect, test, type Page } from "@playwright/test";

import { axe } from "./helpers/axe";
import { ALL_PAGES } from "./pages/all-pages";
import { FleetPage } from "./pages/fleet-page";
import { useTheme } from "./pages/page-health";

// axe-core over every page, light and dark, desktop and phone: no serious or critical violation.

async function seriousViolations(page: Page): Promise<string[]> {
  const r = await axe(page).analyze();
  return r.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

for (const [name, open] of ALL_PAGES) {
  for (const theme of ["light", "dark"] as const) {
    for (const width of [1440, 390]) {
      test(`${name} page, ${theme}, ${width} px: no serious or critical axe violation`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await useTheme(page, theme);
        await open(page);
        // the theme is applied once the page has hydrated (components/ui/theme.tsx)
        await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
}

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
