import { expect, test } from "@playwright/test";

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
      await page.screenshot({ path: `artifacts/screenshots/clusters-${width}-${theme}.png`, fullPage: true });
      // No page-wide sideways scroll at any width: the table scrolls inside its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await row.getByRole("link", { name: pressured[0]! }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: pressured[0]! })).toBeVisible();
  expect(errors).toEqual([]);
});
