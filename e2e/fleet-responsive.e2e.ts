import { expect, test } from "@playwright/test";

import { FleetPage } from "./pages/fleet-page";

const NODE = "ip-10-0-2-0.ec2.internal";

test("at 1024 px the fleet table fits with the next eviction; ready, lease and stats age move into the row's detail", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  const fleet = new FleetPage(page);
  await fleet.goto();
  const box = page.getByTestId("node-table-body");
  expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const headers = (await page.getByRole("columnheader").allTextContents()).map((h) => h.replace(/ [↑↓]$/, ""));
  expect(headers).toEqual(
    expect.arrayContaining(["Node", "Conditions", "Next eviction", "memory margin", "disk margin", "pid margin"]),
  );
  for (const moved of ["Ready", "Lease", "Stats age"]) expect(headers).not.toContain(moved);
  await fleet
    .row(NODE)
    .getByRole("button", { name: `Details of ${NODE}` })
    .click();
  for (const term of ["Ready", "Lease", "Stats age"])
    await expect(
      page
        .getByTestId("node-row-detail")
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${term}$`) }),
    ).toBeVisible();
});

test("below its narrowest layout the table scrolls sideways with its header, the node column pinned", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  const fleet = new FleetPage(page);
  await fleet.goto();
  const box = page.getByTestId("node-table-body");
  await expect(box.getByTestId("node-table-header")).toBeVisible();
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const link = fleet.rows.first().getByRole("link");
  const before = await link.boundingBox();
  await box.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(10);
  // the name stays where it was, the header's Node with it; the other columns moved left
  expect(Math.abs((await link.boundingBox())!.x - before!.x)).toBeLessThan(2);
  await expect(page.getByRole("columnheader", { name: "Node" })).toBeInViewport();
  const header = await page.getByRole("columnheader", { name: /^Next eviction/ }).boundingBox();
  const cell = await fleet.rows.first().getByTestId("next-eviction").boundingBox();
  expect(Math.abs(header!.x - cell!.x)).toBeLessThan(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test("at 390 px the row keeps node, worst margin and next eviction; the rest opens in the row's detail, by keyboard too", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const fleet = new FleetPage(page);
  await fleet.goto();
  const headers = await page.getByRole("columnheader").allTextContents();
  expect(headers.slice(0, 3)).toEqual(["Node", "Worst margin", "Next eviction"]);
  // the three fit the phone: nothing to scroll sideways to
  expect(await page.getByTestId("node-table-body").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(headers).not.toContain("Pool");
  const row = fleet.row(NODE);
  await expect(row.locator('[data-col="worst"]')).toContainText(/%|MET/);
  const more = row.getByRole("button", { name: `Details of ${NODE}` });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(more).toHaveAttribute("aria-expanded", "true");
  const detail = page.getByTestId("node-row-detail");
  await expect(detail).toBeVisible();
  for (const label of ["Pool", "Ready", "Conditions", "Lease", "memory margin", "Pods", "Stats age"])
    await expect(detail.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  await expect(detail).toContainText("workers");
  await more.click();
  await expect(detail).toHaveCount(0);
});

test("full node names are readable: nothing cut, the full name as the link's title and accessible name", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const fleet = new FleetPage(page);
  await fleet.goto();
  const link = page.getByRole("link", { name: NODE, exact: true });
  await expect(link).toHaveAttribute("title", NODE);
  await expect(link).toHaveText(NODE);
  const fits = await link.evaluate((a) => {
    const r = a.getBoundingClientRect();
    return r.right <= a.closest('[role="row"]')!.getBoundingClientRect().right && a.scrollWidth <= Math.ceil(r.width) + 1;
  });
  expect(fits).toBe(true);
  await link.focus();
  await expect(link).toBeFocused();
});

test("on a phone the header collapses into a menu; the theme toggle stays reachable", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await new FleetPage(page).goto();
  const toggle = page.getByRole("button", { name: /Switch to (dark|light) theme/ });
  await expect(toggle).toBeInViewport();
  const analyzeLink = page.getByRole("link", { name: "Analyze a document" });
  await expect(analyzeLink).toBeHidden();
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(analyzeLink).toBeVisible();
  await expect(page.getByTestId("demo-notice")).toHaveText("Demo: simulated cluster");
  await toggle.click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the demo cluster is labelled as such, without a nodes/proxy alarm", async ({ page }) => {
  await new FleetPage(page).goto();
  await expect(page.getByTestId("demo-notice")).toHaveText("Demo: simulated cluster");
  await expect(page.getByText("nodes/proxy in use")).toHaveCount(0);
});
