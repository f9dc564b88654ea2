import { expect, test } from "@playwright/test";

import { DEMO_PORT } from "./constants";
import { screenshot } from "./helpers/screenshot";
import { watchPage } from "./pages/page-health";

// The clusters page reads the e2e server's own series back from the real Prometheus that
// playwright.config.ts runs (cluster="e2e"), so its figures must equal the fleet page's.
test("the clusters page lists the e2e cluster from Prometheus with its pressured node, linked", async ({ page, request }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const fleet = (await (await request.get("/api/cluster")).json()) as {
    nodes: { name: string; conditions: Record<string, boolean> }[];
  };
  const pressured = fleet.nodes.filter((n) => n.conditions.MemoryPressure).map((n) => n.name);
  expect(pressured.length).toBeGreaterThan(0);
  // Prometheus scrapes every second; the first scrape may not have happened yet.
  const clusters = async () => {
    const r = await request.get("/api/clusters");
    return r.ok() ? ((await r.json()) as { clusters: unknown[] }).clusters.length : -r.status();
  };
  await expect.poll(clusters, { timeout: 20_000 }).toBe(1);
  await page.goto("/clusters");
  const row = page.getByTestId("cluster-row");
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row.getByRole("rowheader")).toContainText("e2e");
  await expect(row.getByRole("cell").first()).toHaveText(String(fleet.nodes.length));
  for (const name of pressured) {
    const link = row.getByRole("link", { name }).first();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", new RegExp(`/nodes/${name.replace(/\./g, "\\.")}$`));
  }
  await expect(row).toContainText("MemoryPressure");
  for (const width of [1440, 1024, 390]) {
    for (const theme of ["light", "dark"]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/clusters?theme=${theme}`);
      await expect(row).toContainText("MemoryPressure");
      await screenshot(page, { path: `artifacts/screenshots/clusters-${width}-${theme}.png`, fullPage: true });
      // No page-wide sideways scroll at any width: the table scrolls inside its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await row.getByRole("link", { name: pressured[0]! }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: pressured[0]! })).toBeVisible();
  expect(errors).toEqual([]);
});

// The demo server has no Prometheus: the page shows the cluster it serves from its own cache,
// says what Prometheus would add, and logs nothing red (it used to answer 503 on every visit).
test("without Prometheus the clusters page shows this cluster from the cache, with no console error", async ({
  page,
  request,
}) => {
  const base = `http://127.0.0.1:${DEMO_PORT}`;
  const seen = watchPage(page);
  const fleet = (await (await request.get(`${base}/api/cluster`)).json()) as {
    cluster: { context: string };
    nodes: { name: string; conditions: Record<string, boolean> }[];
  };
  const pressured = fleet.nodes.filter((n) => n.conditions.MemoryPressure || n.conditions.DiskPressure).map((n) => n.name);
  for (const width of [1440, 1024, 390]) {
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/clusters`);
      const note = page.getByTestId("clusters-source");
      await expect(note).toContainText(
        "This is the cluster this Headroom serves, from its own cache. No Prometheus is configured.",
      );
      await expect(note).toContainText("HEADROOM_PROMETHEUS_URL");
      const row = page.getByTestId("cluster-row");
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("rowheader")).toContainText(fleet.cluster.context);
      await expect(row.getByRole("cell").first()).toHaveText(String(fleet.nodes.length));
      for (const name of pressured) await expect(row.getByRole("link", { name }).first()).toBeVisible();
      await expect(page.getByText("This view needs Prometheus")).toHaveCount(0);
      await screenshot(page, { path: `artifacts/screenshots/clusters-cache-${width}-${theme}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  // node links stay on this Headroom
  await page.getByTestId("cluster-row").getByRole("link", { name: pressured[0]! }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: pressured[0]! })).toBeVisible();
  expect(seen.errors).toEqual([]);
});
