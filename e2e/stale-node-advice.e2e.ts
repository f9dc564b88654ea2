import { expect, test } from "@playwright/test";

import { CLOCK, CLOCK_DATE, DEMO_PORT, PORT } from "./constants";
import { seriousViolations } from "./helpers/axe";
import { screenshot } from "./helpers/screenshot";
import { FleetPage } from "./pages/fleet-page";
import { NodePage } from "./pages/node-page";
import { watchPage } from "./pages/page-health";
import { WhatIfPanel } from "./pages/what-if-panel";

// Issue 22, items 4–6: a node that stopped reporting gets what is known (its Lease, its stats, the
// taint eviction controller's deadline) instead of a forecast; the what-if's cards say which view
// they show; pool/fleet "Apply it" gives one fragment per configuration.
const DEMO = `http://127.0.0.1:${DEMO_PORT}`;
const HELD = `http://127.0.0.1:${PORT}`;
/** The demo's kubeadm node whose kubelet stopped 320 s before the demo serves. */
const STALE = "k8s-node-00";
/** memory-pressure at 330 s: MemoryPressure held by the transition period (e2e/forecast.e2e.ts). */
const LEAKY = "ip-10-0-2-0.ec2.internal";
const SHOTS = "artifacts/screenshots";
// A printed time (CLOCK), its time of day's three parts captured for arithmetic: the date comes
// first when the time is not today ("Nov 29, 23:56:05" in a suite run past midnight).
const TIME_OF_DAY = new RegExp(String.raw`${CLOCK_DATE}(\d\d):(\d\d):(\d\d)`);

// four page loads (two widths, two themes), each with an axe run, on a shared 2-core machine (4.3 min seen)
test.describe.configure({ timeout: 420_000 });

const seconds = (m: RegExpExecArray) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);

test("a node that stopped reporting: Lease, stats and the taint manager's deadline instead of a forecast; its taints", async ({
  page,
}) => {
  const seen = watchPage(page);
  for (const width of [1440, 390])
    for (const theme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`${DEMO}/nodes/${STALE}`);
      await expect(page.getByRole("heading", { level: 1, name: STALE })).toBeVisible({ timeout: 30_000 });
      const verdict = page.getByTestId("live-verdict");
      await expect(verdict).toHaveAttribute("data-state", "unreachable", { timeout: 30_000 });
      await expect(verdict.getByRole("heading", { level: 2 })).toContainText("Kubelet unreachable");
      const text = page.getByTestId("verdict-text");
      await expect(text).toContainText(
        new RegExp(`The kubelet last renewed its Lease at ${CLOCK} \\(\\d+m ago\\); Ready has been Unknown since`),
      );
      await expect(text).toContainText("No eviction forecast from stale stats");
      // the taint eviction controller's deadline is the taint's time plus the pods' tolerationSeconds (300 s by default)
      const all = (await text.textContent())!;
      const tainted = new RegExp(`tainted node\\.kubernetes\\.io/unreachable:NoExecute since ${TIME_OF_DAY.source}`).exec(all);
      const due = new RegExp(
        `(?:deletes \\d+ pods? at|due for deletion at) ${TIME_OF_DAY.source}[^(]*\\(tolerationSeconds 300, the default`,
      ).exec(all);
      expect(tainted, all).not.toBeNull();
      expect(due, all).not.toBeNull();
      expect((seconds(due!) - seconds(tainted!) + 86400) % 86400).toBe(300);
      // the node agents (DaemonSets, the static etcd) tolerate it without a limit and stay
      await expect(text).toContainText(/\d+ pods tolerate the taint without a time limit and stay/);
      // no signal forecast from the last stats, and the cards say why
      await expect(page.getByTestId("signals-stale")).toContainText("no live forecast is made from them");
      await expect(page.locator('[data-testid^="forecast-"]')).toHaveCount(0);
      // taints, as kubectl describe node prints them, with when each was added
      const taints = page.getByTestId("taints-table");
      await expect(taints.getByRole("row", { name: /node\.kubernetes\.io\/unreachable:NoExecute .* ago\)/ })).toBeVisible();
      await expect(taints).toContainText("node.kubernetes.io/unreachable:NoSchedule");
      await expect(page.getByTestId("pressure-badge")).toHaveCount(0);
      await screenshot(page, { path: `${SHOTS}/stale-node-${width}-${theme}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    }
  expect(seen.errors).toEqual([]);
});

test("the fleet says Unreachable with what is known, and no forecast, instead of NotReady?", async ({ page }) => {
  const seen = watchPage(page);
  await page.goto(`${DEMO}/`);
  const fleet = new FleetPage(page);
  await expect(fleet.rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("NotReady?")).toHaveCount(0);
  const row = fleet.row(STALE);
  await expect(row.getByTestId("status-badge")).toContainText("Unreachable");
  await expect(row.getByTestId("status-badge")).toHaveAttribute(
    "title",
    /Ready is Unknown: the kubelet stopped posting node status\. Its Lease was last renewed \d+m ago/,
  );
  await expect(row.getByTestId("next-eviction")).toHaveText("no forecast");
  await expect(row.getByTestId("next-eviction")).toHaveAttribute("title", "No forecast: the kubelet stopped reporting");
  // keyboard: from the row's link to the node page, whose headline explains it
  await row.getByRole("link", { name: STALE, exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("live-verdict")).toHaveAttribute("data-state", "unreachable", { timeout: 30_000 });
  expect(seen.errors).toEqual([]);
});

test("fleet-scope Apply it: one fragment per configuration, each pool's own reservations with the change", async ({ page }) => {
  const seen = watchPage(page);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${DEMO}/nodes/k8s-node-01?whatif=1&kr.memory=3Gi&scope=all`);
    const change = page.getByTestId("kubelet-change");
    await expect(change).toBeVisible({ timeout: 60_000 });
    // keyboard opens it at 390 px, the mouse at 1440 px
    const summary = change.locator("summary");
    if (width === 390) {
      await summary.focus();
      await page.keyboard.press("Enter");
    } else await summary.click();
    await expect(summary).toContainText(/Apply it: \d+ KubeletConfiguration fragments, one per configuration/);
    const group = (pool: string) => change.getByTestId("kubelet-change-group").filter({ hasText: `pool ${pool} (` });
    await expect(group("eks-general").getByTestId("kubelet-yaml")).toContainText(
      'kubeReserved:\n  cpu: "70m"\n  ephemeral-storage: "1Gi"\n  memory: "3Gi"',
    );
    await expect(group("gke-default").getByTestId("kubelet-yaml")).toContainText(
      'kubeReserved:\n  cpu: "70m"\n  ephemeral-storage: "41Gi"\n  memory: "3Gi"',
    );
    // kubeadm sets no kubeReserved: its fragment is the change alone, not another pool's cpu and storage
    await expect(group("kubeadm").getByTestId("kubelet-yaml")).toHaveText(
      'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nkubeReserved:\n  memory: "3Gi"',
    );
    await expect(group("kubeadm").getByRole("button", { name: "Copy YAML for pool kubeadm" })).toBeVisible();
    await screenshot(page, { path: `${SHOTS}/fleet-fragments-${width}-light.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  }
  expect(seen.errors).toEqual([]);
});

// One test per width and theme (not one loop): each is a page load, an axe run and a full-page
// screenshot, and the four in a row were the suite's longest test (88 s on a quiet machine), run
// on one worker while the other could finish early.
for (const width of [1440, 390])
  for (const theme of ["light", "dark"] as const)
    test(`with a what-if open the cards say which view they show, and the panel's before is the header's held MemoryPressure (${width} px, ${theme})`, async ({
      page,
    }) => {
      const seen = watchPage(page);
      const node = new NodePage(page);
      const w = new WhatIfPanel(page);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`${HELD}/nodes/${LEAKY}`);
      await expect(page.getByRole("heading", { level: 1, name: LEAKY })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId("view-label")).toHaveCount(0);
      // open with the keyboard: every card is labelled live while nothing is changed
      await w.toggle.focus();
      await page.keyboard.press("Enter");
      await expect(w.panel).toBeVisible();
      await expect(node.signal("memory.available").getByTestId("view-label")).toHaveText("live");
      // a what-if typed into a box: the cards follow it and say so; PSI stays live; the header stays live
      await w.box("hard memory.available").fill("6Gi");
      await expect(node.signal("memory.available").getByTestId("view-label")).toHaveText("what-if view", { timeout: 15_000 });
      await expect(node.threshold("memory.available", "hard").getByTestId("state")).toHaveText(
        "met: would evict on the next cycle",
      );
      await expect(node.signal("memory.available").getByTestId("forecast-whatif-note")).toBeVisible();
      await expect(node.signal("memory.available").getByTestId("forecast-memory.available")).toHaveCount(0);
      await expect(page.getByTestId("pressure-badge")).toHaveText("MemoryPressure");
      // the panel's before is the header's live state, the held MemoryPressure included
      await expect(node.diff).toContainText("conditions: MemoryPressure");
      await expect(node.diff).not.toContainText("no pressure →");
      await expect(page.getByTestId("what-if-held")).toContainText(
        new RegExp(`MemoryPressure: the kubelet holds it until ${CLOCK} \\(300 s transition period`),
      );
      await screenshot(page, { path: `${SHOTS}/whatif-labels-${width}-${theme}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      // the mouse resets it: the cards are live again, and say so while the panel is open
      await page.getByRole("button", { name: "Reset all" }).click();
      await expect(node.signal("memory.available").getByTestId("view-label")).toHaveText("live", { timeout: 15_000 });
      await expect(node.signal("memory.available").getByTestId("forecast-memory.available")).toBeVisible();
      expect(seen.errors).toEqual([]);
    });
