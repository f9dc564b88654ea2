import { expect, test } from "@playwright/test";

import { seriousViolations } from "./helpers/axe";
import { FleetPage } from "./pages/fleet-page";
import { NodePage } from "./pages/node-page";
import { useTheme, watchPage } from "./pages/page-health";

// PSI and swap on the simulator (memory-pressure at 330 s): node 0's kubelet reports PSI (the
// leak drove memory stalls up before its eviction at 300 s), node 1 boots cgroup v1 and reports
// all-zero PSI (kubernetes#136333), both have a 2Gi swap device under LimitedSwap.
const WITH_PSI = "ip-10-0-2-0.ec2.internal";
const ZEROS = "ip-10-0-2-1.ec2.internal";

test("node page: PSI charts and figures, the sentence on eviction, swap beside memory, per-pod PSI", async ({ page }) => {
  const seen = watchPage(page);
  await new NodePage(page).goto(WITH_PSI);
  const panel = page.getByTestId("psi-panel");
  await expect(panel.getByRole("heading", { name: "Pressure stall information (PSI)" })).toBeVisible();
  await expect(page.getByTestId("psi-sentence")).toContainText("The kubelet does not evict on PSI");
  await expect(page.getByTestId("psi-sentence")).toContainText("earliest warning");
  for (const r of ["memory", "I/O", "CPU"])
    await expect(panel.getByRole("img", { name: `Chart of ${r.toLowerCase()} PSI over time` })).toBeVisible();
  // the leak's stall is still in the 60 s average 30 s after the eviction
  const memSome = panel.getByTestId("psi-memory").getByTestId("psi-now-some");
  const avg60 = Number((await memSome.locator("td").nth(1).innerText()).replace("%", ""));
  expect(avg60).toBeGreaterThan(1);
  // the chart has a line once scrolled to (charts are drawn near the viewport): recharts draws a path per series
  await panel.getByTestId("psi-memory").scrollIntoViewIfNeeded();
  await expect(panel.getByTestId("psi-memory").locator("g.recharts-line").first()).toBeAttached();

  const swap = page.getByTestId("signal-memory.available").getByTestId("swap-note");
  await expect(swap).toContainText(/Swap: \d+(\.\d+)?Mi in use of 2Gi/);
  await expect(swap).toContainText("Eviction ignores swap on this kubelet version");

  const table = page.getByTestId("ranking-table");
  await expect(table.getByRole("columnheader", { name: /PSI some avg10, swap/ })).toBeVisible();
  const cells = table.getByTestId("pod-psi");
  await expect(cells.first()).toContainText(/mem \d+\.\d\d%io \d+\.\d\d%/);
  await expect(table.getByTestId("pod-swap").first()).toContainText(/swap \d/);
  await expect(page.getByTestId("ranking-swap-note")).toContainText("ignores swap");
  expect(seen.errors).toEqual([]);
});

test("node page: all-zero PSI is 'not reported by this kubelet', never 0", async ({ page }) => {
  const seen = watchPage(page);
  await new NodePage(page).goto(ZEROS);
  const note = page.getByTestId("psi-not-reported");
  await expect(note).toContainText("Not reported by this kubelet (every PSI counter is 0");
  await expect(note).toContainText("kubernetes#136333");
  await expect(page.getByTestId("psi-panel").getByRole("img")).toHaveCount(0);
  await expect(page.getByTestId("ranking-table").getByTestId("pod-psi").first()).toHaveText(/not reported/);
  expect(seen.errors).toEqual([]);
});

test("fleet: the memory full avg60 column sorts by mouse and keyboard, not reported after every number", async ({ page }) => {
  const seen = watchPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const fleet = new FleetPage(page);
  await fleet.goto();
  const header = page.getByRole("button", { name: /^Memory full avg60/ });
  await header.click();
  await expect(page).toHaveURL(/sort=psi/);
  await expect(header).toHaveText("Memory full avg60 ↑");
  const names = () => fleet.rows.getByRole("link").allInnerTexts();
  await expect.poll(names).toEqual([WITH_PSI, ZEROS]);
  await expect(fleet.row(WITH_PSI).getByTestId("psi-cell")).toHaveText(/^\d+\.\d\d%$/);
  await expect(fleet.row(ZEROS).getByTestId("psi-cell")).toHaveText("not reported");
  await header.focus();
  await page.keyboard.press("Enter");
  await expect(header).toHaveText("Memory full avg60 ↓");
  await expect.poll(names).toEqual([ZEROS, WITH_PSI]);
  expect(seen.errors).toEqual([]);
});

for (const theme of ["light", "dark"] as const) {
  test(`node page with PSI, ${theme}: no serious or critical axe violation`, async ({ page }) => {
    await useTheme(page, theme);
    await new NodePage(page).goto(WITH_PSI);
    await expect(page.getByTestId("psi-memory")).toBeVisible();
    expect(await seriousViolations(page, ["[data-testid=psi-panel]", "[data-testid=ranking-table]"])).toEqual([]);
  });
}
