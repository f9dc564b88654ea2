import { expect, test } from "@playwright/test";

import { DEMO_PORT } from "./constants";
import { seriousViolations } from "./helpers/axe";
import { themeApplied, useTheme, watchPage } from "./pages/page-health";

// The demo's search-api pod is mid in-place resize (PodResizePending: spec 6912Mi, allocated 512Mi).
// Its node is looked up: the demo's 32 warm-up minutes (a taint, a drain, evictions) may have moved it.
const BASE = `http://127.0.0.1:${DEMO_PORT}`;
let NODE = "";

test.beforeAll(async ({ request }) => {
  const cluster = (await (await request.get(`${BASE}/api/cluster`)).json()) as { nodes: { name: string }[] };
  for (const { name } of cluster.nodes) {
    const detail = (await (await request.get(`${BASE}/api/nodes/${encodeURIComponent(name)}`)).json()) as {
      pods?: { metadata: { name: string } }[];
    };
    if (detail.pods?.some((p) => p.metadata.name.startsWith("search-api-"))) NODE = name;
  }
  expect(NODE, "the node running the demo's search-api pod").not.toBe("");
});
const CAPACITY = 7934672 * 1024;

test("the kernel's OOM order sits beside the eviction order, highest score first, with its caveats", async ({ page }) => {
  const health = watchPage(page);
  await page.goto(`${BASE}/nodes/${NODE}`);
  await expect(page.getByRole("heading", { level: 1, name: NODE })).toBeVisible({ timeout: 30_000 });
  const section = page.getByTestId("oom-order");
  await expect(section.getByRole("heading", { name: /Kernel OOM order/ })).toBeVisible();
  // below the kubelet's eviction order on the page
  const evictionTop = (await page.getByRole("heading", { name: /Eviction order/ }).boundingBox())!.y;
  expect((await section.boundingBox())!.y).toBeGreaterThan(evictionTop);

  const rows = section.getByTestId("oom-row");
  expect(await rows.count()).toBeGreaterThan(3);
  // scores read "size ± adj = total" and fall from the first row to the last
  const totals = (await section.getByTestId("oom-points").allTextContents()).map((t) =>
    Number(
      t
        .split("=")[1]!
        .replace(/[^\d−-]/g, "")
        .replace("−", "-"),
    ),
  );
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
  // every row names its place in the kubelet's memory eviction order too
  const evictionRanks = await section.getByTestId("oom-eviction-rank").allTextContents();
  expect(evictionRanks.every((r) => /^\d+$/.test(r))).toBe(true);
  // the two orders differ on this node: the kernel's first is not the kubelet's first
  expect(evictionRanks[0]).not.toBe("1");

  // the caveats open with the mouse and with the keyboard
  const details = section.locator("details");
  await details.locator("summary").click();
  await expect(details).toContainText("memory.oom.group");
  await expect(details).toContainText("Page tables");
  await details.locator("summary").click();
  await details.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(details).toHaveAttribute("open", "");
  await expect(details).toContainText("cgroup OOM");
  expect(health.errors).toEqual([]);
});

test("the pod mid-resize shows spec against allocated, and the oom_score_adj of the allocated request", async ({ page }) => {
  const health = watchPage(page);
  await page.goto(`${BASE}/nodes/${NODE}`);
  const resizing = page.getByTestId("resizing-pod");
  await expect(resizing).toHaveCount(1, { timeout: 30_000 });
  await expect(resizing).toContainText("default/search-api-");
  await expect(resizing).toContainText("PodResizePending (Deferred)");
  await expect(resizing).toContainText("memory request 6.8Gi in spec, 512Mi allocated");
  const fromAllocated = 1000 - Math.trunc((1000 * 512 * 2 ** 20) / CAPACITY); // 934; the spec's 6912Mi would give 108
  await expect(resizing.getByTestId("resizing-oom")).toHaveText(String(fromAllocated));
  // the same value in the kernel's table and in the eviction order's oom_score_adj column
  const kernelRow = page.getByTestId("oom-row").filter({ hasText: "search-api" });
  await expect(kernelRow.getByTestId("oom-adj")).toHaveText(String(fromAllocated));
  await expect(page.getByTestId("ranking-row").filter({ hasText: "search-api" }).locator("td").nth(9)).toHaveText(
    String(fromAllocated),
  );
  // while the eviction order reads the spec request
  await expect(page.getByTestId("ranking-row").filter({ hasText: "search-api" }).locator("td").nth(6)).toHaveText("6.8Gi");
  expect(health.errors).toEqual([]);
});

for (const theme of ["light", "dark"] as const) {
  for (const width of [1440, 1024, 390]) {
    test(`the OOM order and the resizing pod, ${theme}, ${width} px: readable, no sideways scroll, no serious axe violation`, async ({
      page,
    }) => {
      const health = watchPage(page);
      await page.setViewportSize({ width, height: 900 });
      await useTheme(page, theme);
      await page.goto(`${BASE}/nodes/${NODE}`);
      const section = page.getByTestId("oom-order");
      await expect(section.getByTestId("oom-row").first()).toBeVisible({ timeout: 30_000 });
      await themeApplied(page, theme);
      await section.locator("details summary").click();
      // the page itself never scrolls sideways; the table scrolls inside its own focusable region
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await section.getByTestId("resizing-pod").scrollIntoViewIfNeeded();
      await expect(section.getByTestId("resizing-pod")).toBeInViewport();
      await expect(section.getByTestId("resizing-oom")).toHaveText("934");
      expect(await seriousViolations(page, ['[data-testid="oom-order"]'])).toEqual([]);
      expect(health.errors).toEqual([]);
    });
  }
}

test("swap the kubelet reports per pod shows in the kernel's table; negative scores say how the kernel reads them", async ({
  page,
  request,
}) => {
  // the kubeadm pool's 1.28 kubelets run LimitedSwap and report swap per pod, not per container
  const name = "k8s-node-02";
  const doc = (await (await request.get(`${BASE}/api/nodes/${name}`)).json()) as {
    summary: { pods: { podRef: { name: string }; swap?: { swapUsageBytes: number }; containers: unknown[] }[] };
  };
  const swapping = doc.summary.pods.filter((p) => p.containers.length === 1 && (p.swap?.swapUsageBytes ?? 0) > 0);
  expect(swapping.length).toBeGreaterThan(0);
  await page.goto(`${BASE}/nodes/${name}`);
  for (const p of swapping) {
    const row = page.getByTestId("oom-row").filter({ hasText: p.podRef.name });
    await expect(row.getByTestId("oom-swap")).toHaveText(/^\+ \d+(\.\d)?(Ki|Mi|Gi) swap$/);
  }
  await expect(page.getByTestId("oom-swap").filter({ hasText: "not reported" })).toHaveCount(0);
  // a negative score: the note gives the kernel's rule, and /proc's reading of it is not negative
  const negative = page.getByTestId("oom-row").filter({ has: page.getByTestId("oom-points").filter({ hasText: /= -/ }) });
  expect(await negative.count()).toBeGreaterThan(0);
  await expect(page.getByTestId("oom-negative-note")).toContainText("since Linux 5.9");
  for (const score of await negative.getByTestId("oom-proc-score").allTextContents())
    expect(Number(score)).toBeGreaterThanOrEqual(0);
});
