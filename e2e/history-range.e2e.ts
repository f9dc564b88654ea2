import { expect, test } from "@playwright/test";

import { E2E_TOKEN, TOKEN_PORT } from "./constants";
import { screenshot } from "./helpers/screenshot";
import { NodePage } from "./pages/node-page";

// The node charts' range picker over the real Prometheus that playwright.config.ts runs beside the
// e2e server; and, on the token server (whose HEADROOM_PROMETHEUS_URL points at a closed port),
// the fallback to the in-memory ring, said in words.
const NODE = "ip-10-0-2-0.ec2.internal";

test("charts read their range from Prometheus; the picker writes range= and works from the keyboard", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const node = new NodePage(page);
  await node.goto(NODE);
  const picker = page.getByRole("group", { name: "Chart range" });
  await expect(picker.getByRole("button", { name: "1h" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("history-source")).toHaveText("History from Prometheus", { timeout: 20_000 });
  await picker.getByRole("button", { name: "6h" }).click();
  await expect(page).toHaveURL(/[?&]range=6h/);
  await expect(picker.getByRole("button", { name: "6h" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("history-source")).toHaveText("History from Prometheus");
  await picker.getByRole("button", { name: "24h" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]range=24h/);
  await expect(node.signal("memory.available").locator("figure")).toBeVisible();
  // the 7-day eviction timeline reads the same Prometheus (this server counted none since it started)
  await expect(page.getByTestId("eviction-timeline")).toContainText(
    "No kubelet eviction counted on this node in the last 7 days.",
  );
  // the link restores the range
  await page.reload();
  await expect(page.getByRole("group", { name: "Chart range" }).getByRole("button", { name: "24h" })).toHaveAttribute(
    "aria-pressed",
    "true",
    { timeout: 30_000 },
  );
  await screenshot(page, { path: "artifacts/screenshots/history-range-light.png" });
  expect(errors).toEqual([]);
});

test("with Prometheus unreachable the charts fall back to the in-memory hour and say why", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${TOKEN_PORT}/login`);
  await page.getByLabel("Access token").fill(E2E_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.goto(`http://127.0.0.1:${TOKEN_PORT}/nodes/${NODE}?range=7d`);
  await expect(page.getByRole("heading", { level: 1, name: NODE })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("history-fallback")).toContainText(
    /Prometheus did not answer \(unreachable: ECONNREFUSED\): showing the history kept in memory/,
    { timeout: 20_000 },
  );
  await expect(page.getByTestId("signal-memory.available").locator("figure")).toBeVisible();
  await expect(page.getByTestId("eviction-timeline-unavailable")).toContainText(
    /Not available: Prometheus did not answer: unreachable: ECONNREFUSED/,
  );
  await screenshot(page, { path: "artifacts/screenshots/history-fallback-light.png" });
});
