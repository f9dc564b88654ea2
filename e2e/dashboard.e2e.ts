import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";

import { formatBytes } from "../lib/format";
import { CLOCK } from "./constants";
import { screenshot } from "./helpers/screenshot";
import { FleetPage } from "./pages/fleet-page";
import { NodePage } from "./pages/node-page";
import { watchPage } from "./pages/page-health";

// The e2e server runs the memory-pressure scenario fast-forwarded past its first eviction, with the
// simulated clock frozen (playwright.config.ts), so every number on the page is stable.
const PRESSURED = "ip-10-0-2-0.ec2.internal";
const SHOTS = "artifacts/screenshots";

async function nodeDoc(request: import("@playwright/test").APIRequestContext, name: string) {
  const res = await request.get(`/api/nodes/${encodeURIComponent(name)}`);
  expect(res.ok()).toBe(true);
  const d = await res.json();
  return { node: d.node, pods: d.pods, summary: d.summary, kubeletConfig: d.kubeletConfig, kubeletFlags: d.kubeletFlags };
}

function headroomAnalyze(doc: unknown) {
  const r = spawnSync(process.execPath, ["bin/headroom.mjs", "analyze", "-", "--output", "json"], {
    input: JSON.stringify(doc),
    encoding: "utf8",
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

test("the overview lists nodes and shows the pressured one", async ({ page }) => {
  const fleet = new FleetPage(page);
  await fleet.goto();
  await expect(fleet.rows).toHaveCount(2);
  await expect(fleet.row(PRESSURED)).toContainText("MemoryPressure");
  await expect(page.getByTestId("demo-notice")).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/overview-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, { path: `${SHOTS}/overview-dark.png`, fullPage: true });
});

test("a failed first answer is named while the page asks again, then the rows arrive", async ({ page }) => {
  const health = watchPage(page, { expectedStatus: 503 });
  let answers = 0;
  await page.route("**/api/cluster?rows=table", async (route) => {
    if (answers++ === 0)
      return route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"the cache is restarting"}' });
    // the retry's answer waits a moment, so what the page says meanwhile can be read
    await new Promise((r) => setTimeout(r, 1500));
    return route.continue();
  });
  await page.goto("/");
  await expect(page.getByRole("status").filter({ hasText: "Loading the fleet" })).toHaveText(
    "Loading the fleet… The last try failed (the cache is restarting); asking again.",
  );
  const fleet = new FleetPage(page);
  await expect(fleet.rows).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByText("asking again")).toHaveCount(0);
  expect(answers).toBe(2);
  expect(health.errors).toEqual([]);
});

test("filters write the URL and a reload restores them", async ({ page }) => {
  const fleet = new FleetPage(page);
  await fleet.goto();
  await page.getByLabel("Show").selectOption("pressure");
  await expect(page).toHaveURL(/filter=pressure/);
  await expect(fleet.rows).toHaveCount(1);
  await page.reload();
  await expect(fleet.rows).toHaveCount(1);
  await expect(page.getByLabel("Show")).toHaveValue("pressure");
});

test("a label selector filters nodes and survives a reload; one that does not parse is ignored with a note", async ({ page }) => {
  const fleet = new FleetPage(page);
  const asked: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname === "/api/cluster") asked.push(u.search);
  });
  await fleet.goto();
  // the first paint asks for the table's rows only; the label filter then asks for the whole rows
  expect(asked).toContain("?rows=table");
  expect(asked).not.toContain("");
  const labels = page.getByLabel("Labels");
  await labels.fill(`kubernetes.io/hostname in (${PRESSURED}),kubernetes.io/os=linux`);
  await expect(fleet.rows).toHaveCount(1);
  expect(asked).toContain("");
  await expect(fleet.row(PRESSURED)).toBeVisible();
  await expect(page).toHaveURL(/label=kubernetes.io/);
  await page.reload();
  await expect(fleet.rows).toHaveCount(1);
  await expect(page.getByLabel("Labels")).toHaveValue(`kubernetes.io/hostname in (${PRESSURED}),kubernetes.io/os=linux`);
  await page.getByLabel("Labels").fill("kubernetes.io/hostname in (");
  await expect(page.getByRole("alert").filter({ hasText: "Label selector" })).toContainText(
    "Label selector ignored: unable to parse requirement",
  );
  await expect(fleet.rows).toHaveCount(2);
  await screenshot(page, { path: `${SHOTS}/overview-label-error-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, { path: `${SHOTS}/overview-label-error-dark.png` });
});

test("the node page shows what headroom analyze computes", async ({ page, request }) => {
  const expected = headroomAnalyze(await nodeDoc(request, PRESSURED));
  const node = new NodePage(page);
  await node.goto(PRESSURED);
  const mem = expected.signals.find((s: { signal: string }) => s.signal === "memory.available");
  for (const t of mem.thresholds) {
    await expect(node.threshold("memory.available", t.kind).getByTestId("margin")).toHaveText(formatBytes(t.margin));
  }
  await expect(node.allocatable("memory")).toHaveText(formatBytes(expected.allocatable.memory));
  const names = expected.rankings["memory.available"].map((r: { name: string }) => r.name);
  await expect(node.rankingPods).toHaveText(names);
  await screenshot(page, { path: `${SHOTS}/node-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, { path: `${SHOTS}/node-dark.png`, fullPage: true });
});

test("a what-if threshold changes margins, ranking state and the URL; the link restores it", async ({ page }) => {
  const node = new NodePage(page);
  await node.goto(PRESSURED);
  const before = await node.threshold("memory.available", "hard").getByTestId("margin").textContent();
  await node.setHard("memory.available", "6Gi");
  await expect(page).toHaveURL(/eh\.memory\.available=6Gi/);
  await expect(node.threshold("memory.available", "hard").getByTestId("margin")).not.toHaveText(before ?? "");
  await expect(node.diff).toBeVisible();
  await expect(page.getByTestId("what-if-replay")).toBeVisible();
  const url = page.url();
  await screenshot(page, { path: `${SHOTS}/what-if-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, { path: `${SHOTS}/what-if-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(url);
  await expect(page.getByLabel("hard memory.available", { exact: true })).toHaveValue("6Gi");
  await expect(node.diff).toBeVisible();
});

test("bad link parameters are ignored with a note", async ({ page }) => {
  const node = new NodePage(page);
  await node.goto(PRESSURED, "?eh.memory.available=lots&signal=bogus&kr.gpu=1");
  await expect(page.getByTestId("invalid-params")).toContainText("eh.memory.available");
  await expect(node.diff).toHaveCount(0);
});

test("an unknown node answers 404 in the page and the API", async ({ page, request }) => {
  expect((await request.get("/api/nodes/no-such-node")).status()).toBe(404);
  await page.goto("/nodes/no-such-node");
  await expect(page.getByText("No node named no-such-node in this cluster.")).toBeVisible();
});

test("the memory-pressure eviction appears in the node's history", async ({ page }) => {
  const node = new NodePage(page);
  await node.goto(PRESSURED);
  const table = page.getByTestId("terminations-table");
  await expect(table).toContainText("report-worker");
  await expect(table.getByTestId("termination-verdict").first()).toContainText(
    new RegExp(
      `^Evicted by the kubelet at ${CLOCK} for (memory\\.available|low memory) \\(threshold 300Mi, \\S+ available\\): worker used \\S+ against a 256Mi request, priority 0$`,
    ),
  );
});

test("the threshold slider moves with the keyboard and writes the URL", async ({ page }) => {
  const node = new NodePage(page);
  await node.goto(PRESSURED);
  await expect(page.getByTestId("pressure-badge")).toContainText("MemoryPressure");
  await node.openWhatIf();
  const slider = page.getByLabel("hard threshold memory.available", { exact: true });
  await slider.focus();
  for (let i = 0; i < 5; i++) await slider.press("ArrowRight");
  await expect(page).toHaveURL(/eh\.memory\.available=\d+Mi/);
  await expect(node.diff).toBeVisible();
});

test("a what-if for every node reports the fleet impact; a fleet document that fails says so", async ({ page }) => {
  const node = new NodePage(page);
  await node.goto(PRESSURED, "?eh.memory.available=6Gi&scope=all");
  await expect(page.getByTestId("fleet-impact")).toContainText("Across 2 nodes (every node)");
  await page.getByTestId("fleet-impact").scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${SHOTS}/what-if-fleet-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, { path: `${SHOTS}/what-if-fleet-dark.png` });
  // The same view when /api/cluster answers 500: a visible error, not "Loading the fleet…" forever.
  await page.route("**/api/cluster", (r) =>
    r.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "cache unavailable" }) }),
  );
  await node.goto(PRESSURED, "?eh.memory.available=6Gi&scope=all");
  await expect(page.getByTestId("fleet-impact-error")).toContainText("Could not load the fleet: cache unavailable", {
    timeout: 20_000,
  });
  await expect(page.getByTestId("fleet-impact")).toHaveCount(0);
  await page.getByTestId("fleet-impact-error").scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${SHOTS}/what-if-fleet-error-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });
  await screenshot(page, { path: `${SHOTS}/what-if-fleet-error-light.png` });
});
