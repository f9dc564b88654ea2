import { expect, test } from "@playwright/test";

import { NodePage } from "./pages/node-page";
import { RankingTabs } from "./pages/ranking-tabs";

const NODE = "ip-10-0-2-0.ec2.internal";

test("the eviction-order tabs follow the WAI-ARIA tabs pattern with the keyboard and the mouse", async ({ page }) => {
  await new NodePage(page).goto(NODE);
  const tabs = new RankingTabs(page);
  const names = await tabs.tabs.allTextContents();
  expect(names.length).toBeGreaterThan(2);
  // one tab stop: only the selected tab is in the tab order
  await expect(tabs.list.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(tabs.selected()).toHaveText("memory.available");
  await expect(tabs.panel).toHaveAttribute("aria-labelledby", (await tabs.selected().getAttribute("id"))!);
  await tabs.selected().focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.selected()).toHaveText(names[names.indexOf("memory.available") + 1]!);
  await expect(tabs.selected()).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`signal=${names[names.indexOf("memory.available") + 1]!.replace(".", "\\.")}`));
  await page.keyboard.press("End");
  await expect(tabs.selected()).toHaveText(names.at(-1)!);
  await page.keyboard.press("ArrowRight"); // wraps
  await expect(tabs.selected()).toHaveText(names[0]!);
  await page.keyboard.press("ArrowLeft"); // wraps back
  await expect(tabs.selected()).toHaveText(names.at(-1)!);
  await page.keyboard.press("Home");
  await expect(tabs.selected()).toHaveText(names[0]!);
  await expect(tabs.selected()).toBeFocused();
  // Tab leaves the tab list for the panel
  await page.keyboard.press("Tab");
  await expect(tabs.panel).toBeFocused();
  // the mouse selects too, and the table follows
  await tabs.tabs.filter({ hasText: /^memory\.available$/ }).click();
  await expect(tabs.selected()).toHaveText("memory.available");
  await expect(tabs.panel.locator("caption")).toHaveText(/memory\.available/);
});

test("ranking cells are padded: adjacent numbers never touch", async ({ page }) => {
  await new NodePage(page).goto(NODE);
  const cells = page.getByTestId("ranking-row").first().locator("td");
  const pads = await cells.evaluateAll((tds) =>
    tds.map((td) => parseFloat(getComputedStyle(td).paddingLeft) + parseFloat(getComputedStyle(td).paddingRight)),
  );
  for (const p of pads) expect(p).toBeGreaterThanOrEqual(8);
});
