import { expect, test } from "@playwright/test";

import { DEMO_PORT } from "./constants";
import { FleetPage } from "./pages/fleet-page";
import { watchPage } from "./pages/page-health";

// The advisor's findings reached by keyboard only, on the warmed-up, frozen demo (issue 28): the
// fleet's findings column (sort, read, follow a row to its node) and the what-if's findings (a
// change that adds one, then taken back). Asserts the words a person reads, not the data behind.
const BASE = `http://127.0.0.1:${DEMO_PORT}`;
test.use({ baseURL: BASE });
// a kubeadm node: memory.available hard 100Mi, soft 1Gi with a 2-minute grace
const KUBEADM = "k8s-node-01";

test("fleet findings column by keyboard at 1440 px: sorted by findings, a row's count is its node page's", async ({ page }) => {
  const health = watchPage(page);
  const fleet = new FleetPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await fleet.goto("?sort=name");
  const header = page.getByRole("button", { name: /^Findings/ });
  await header.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=findings/);
  await expect(page.getByRole("columnheader", { name: /Findings/ })).toHaveAttribute("aria-sort", "ascending");
  // most errors first, then warnings: the first row's cell names its count in words
  const first = fleet.rows.first();
  const cell = first.getByTestId("findings-cell");
  await expect(cell).toHaveText(/^(\d+ errors?)?(, )?(\d+ warnings?)?$/);
  const said = (await cell.innerText()).trim();
  expect(said).not.toBe("");
  // the keyboard follows the row to its node; the node page's Findings section says the same count
  const link = first.getByRole("link").first();
  const name = (await link.innerText()).trim();
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 30_000 });
  const counts = page.getByTestId("node-findings").getByTestId("findings-counts");
  for (const part of said.split(", ")) await expect(counts).toContainText(part);
  expect(health.errors).toEqual([]);
});

test("what-if findings by keyboard: a hard threshold above the soft one adds the finding a person reads", async ({ page }) => {
  const health = watchPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/nodes/${KUBEADM}`);
  const toggle = page.getByRole("button", { name: /^What if…/ });
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const box = page.getByRole("textbox", { name: "hard memory.available", exact: true });
  await expect(box).toHaveValue("100Mi");
  await box.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("2Gi");
  await expect(page).toHaveURL(/eh\.memory\.available=2Gi/);
  const findings = page.getByRole("region", { name: "Configuration findings this change adds or removes" });
  await expect(findings.getByRole("heading", { name: "Adds 1 finding" })).toBeVisible();
  await expect(findings).toContainText(
    "evictionSoft memory.available is 1Gi, at or below its hard threshold 2Gi: the hard threshold is met first and evicts at once, so the 120 s soft grace period never applies.",
  );
  // taken back by keyboard to the live value: the section says the change adds and removes nothing
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("100Mi");
  await expect(page).toHaveURL(/eh\.memory\.available=100Mi/);
  await expect(page.getByTestId("what-if-findings")).toHaveText("This change adds and removes no configuration findings.");
  expect(health.errors).toEqual([]);
});
