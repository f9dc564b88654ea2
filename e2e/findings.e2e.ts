import { expect, test } from "@playwright/test";

import { DEMO_PORT } from "./constants";
import { seriousViolations } from "./helpers/axe";
import { screenshot } from "./helpers/screenshot";
import { themeApplied, useTheme, watchPage } from "./pages/page-health";

// The advisor where operators see it, on the warmed-up, frozen demo: its EKS and GKE pools run the
// real managed-node configs, whose evictionHard leaves out the imagefs defaults (an info finding on
// each of their nodes). Read as a person sees it, at three widths, light and dark.
const BASE = `http://127.0.0.1:${DEMO_PORT}`;
test.use({ baseURL: BASE });
const SHOTS = "artifacts/screenshots";
const EKS_NODE = "ip-192-168-0-41.us-west-2.compute.internal";

for (const theme of ["light", "dark"] as const) {
  for (const width of [1440, 1024, 390]) {
    test(`/findings, ${theme}, ${width} px: grouped by rule and pool, opened by mouse and keyboard`, async ({ page }) => {
      const health = watchPage(page);
      await page.setViewportSize({ width, height: 900 });
      await useTheme(page, theme);
      await page.goto("/findings");
      await themeApplied(page, theme);
      const group = page.locator('[data-testid="rule-group"][data-rule="partial-eviction-hard"]');
      await expect(group.getByRole("heading")).toContainText("evictionHard sets some signals and drops the defaults");
      const pools = group.getByTestId("pool-group");
      await expect(pools.filter({ hasText: "Pool eks-general" })).toContainText("5 findings on");
      // mouse opens one pool, the keyboard another; each shows its nodes' sentences
      await pools
        .filter({ hasText: "Pool eks-general" })
        .locator("summary")
        .first() // the pool's own; each finding's fix has a summary too
        .click({ position: { x: 5, y: 5 } });
      await expect(pools.filter({ hasText: "Pool eks-general" }).getByTestId("finding").first()).toContainText(
        "evictionHard sets memory.available, nodefs.available, nodefs.inodesFree only",
      );
      await pools.filter({ hasText: "Pool gke-default" }).locator("summary").first().focus();
      await page.keyboard.press("Enter");
      await expect(pools.filter({ hasText: "Pool gke-default" }).getByTestId("finding").first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, { path: `${SHOTS}/findings-${width}-${theme}.png`, fullPage: true });
      expect(health.errors).toEqual([]);
    });

    test(`node page Findings section, ${theme}, ${width} px`, async ({ page }) => {
      const health = watchPage(page);
      await page.setViewportSize({ width, height: 900 });
      await useTheme(page, theme);
      await page.goto(`/nodes/${EKS_NODE}`);
      await themeApplied(page, theme);
      const section = page.getByTestId("node-findings");
      await expect(section.getByRole("heading", { name: "Findings" })).toBeVisible();
      await expect(section.getByTestId("findings-counts")).toHaveText(
        /^(\d+ (error|warning|info)s?, )*\d+ infos? from the kubelet-configuration advisor\.$/,
      );
      // no error on this node: the section follows the capacity section
      const finding = section.locator('[data-testid="finding"][data-rule="partial-eviction-hard"]');
      await finding.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect(finding.getByTestId("fix-yaml")).toContainText('imagefs.available: "15%"');
      expect(await seriousViolations(page)).toEqual([]);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, { path: `${SHOTS}/node-findings-${width}-${theme}.png` });
      expect(health.errors).toEqual([]);
    });

    test(`fleet table Findings column, ${theme}, ${width} px`, async ({ page }) => {
      const health = watchPage(page);
      await page.setViewportSize({ width, height: 900 });
      await useTheme(page, theme);
      await page.goto("/");
      await themeApplied(page, theme);
      // a column at 1440 px; narrower, the columns chosen by width leave it to the row's detail
      if (width >= 1440) await expect(page.getByRole("columnheader", { name: /Findings/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, { path: `${SHOTS}/fleet-findings-${width}-${theme}.png` });
      expect(health.errors).toEqual([]);
    });
  }
}
