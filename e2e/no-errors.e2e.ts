import { expect, test } from "@playwright/test";

import { AnalyzePage } from "./pages/analyze-page";
import { FleetPage } from "./pages/fleet-page";
import { LoginPage } from "./pages/login-page";
import { NodePage } from "./pages/node-page";
import { watchPage } from "./pages/page-health";

// Every page, each loaded three times: no uncaught error, no console error (React's hydration
// mismatch #418 included: the fleet's preloaded document used to be rendered before hydration
// finished), no CSP violation.
const NODE = "ip-10-0-2-0.ec2.internal";

test("fleet, node, analyze and 404 pages load three times each with zero errors", async ({ page }) => {
  const seen = watchPage(page, { expectedStatus: 404 });
  const fleet = new FleetPage(page);
  const node = new NodePage(page);
  const analyze = new AnalyzePage(page);
  for (let i = 0; i < 3; i++) {
    await fleet.goto();
    await node.goto(NODE);
    await expect(page.getByTestId("ranking-table")).toBeVisible();
    await analyze.goto();
    const res = await page.goto("/no-such-page");
    expect(res!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    // hydrated pages settle: late errors (hydration, effects, first polls) have had their chance
    await page.waitForLoadState("networkidle");
  }
  expect(seen.errors).toEqual([]);
  expect(seen.csp).toEqual([]);
});

test("the 404 page raises no CSP violation and links back to the fleet", async ({ page }) => {
  const seen = watchPage(page, { expectedStatus: 404 });
  await page.goto("/nodes-typo/x");
  await page.getByRole("link", { name: "Back to the fleet" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fleet" })).toBeVisible();
  expect(seen.csp).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test("the sign-in page (token mode) loads three times with zero errors", async ({ page }) => {
  const seen = watchPage(page);
  const login = new LoginPage(page);
  for (let i = 0; i < 3; i++) await login.goto();
  await page.waitForLoadState("networkidle");
  expect(seen.errors).toEqual([]);
  expect(seen.csp).toEqual([]);
});
