import { expect, test, type Page } from "@playwright/test";

import { seriousViolations } from "./helpers/axe";
import { screenshot } from "./helpers/screenshot";
import { AnalyzePage } from "./pages/analyze-page";
import { themeApplied, watchPage } from "./pages/page-health";

// /analyze recognises a piece the moment it is pasted, so pieces pasted one after another go to
// their slots (they used to be appended into one box and fail as "not valid JSON at position …");
// the result says when thresholds are the kubelet's defaults, shows the node's PSI and prints no
// empty "First to go" heading.
const SHOTS = "artifacts/screenshots";

async function pasteFromClipboard(page: Page, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press("ControlOrMeta+V");
}

test("pieces pasted in a row each go to their slot, by keyboard and mouse; the result says defaults and shows PSI", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(420_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  const health = watchPage(page);
  const example = await (await request.get("/examples/sample-node.json")).json();
  const analyze = new AnalyzePage(page);
  await analyze.goto();
  const slots = page.getByTestId("analyze-slots");
  const placed = page.getByTestId("analyze-placed");

  // by keyboard: Ctrl+V twice in a row, a Summary then kubectl get node -o json (a List)
  await analyze.input.focus();
  await pasteFromClipboard(page, JSON.stringify(example.summary, null, 2));
  await expect(placed).toHaveText(/^Recognised a kubelet Summary \(GET \/stats\/summary\): placed in the Summary slot\./);
  await expect(analyze.input).toHaveValue("");
  await pasteFromClipboard(page, JSON.stringify({ apiVersion: "v1", kind: "List", items: [example.node] }, null, 2));
  await expect(placed).toHaveText(/^Recognised a list with one Node \(kubectl get node -o json\): placed in the Node slot\./);
  await expect(slots.locator('[data-slot="summary"]')).toContainText("a kubelet Summary");
  await expect(slots.locator('[data-slot="node"]')).toContainText("a list with one Node");
  await expect(analyze.input).toHaveValue("");
  await expect(page.getByTestId("analyze-error")).toHaveCount(0);

  // a piece pasted into a box that already holds a half-typed text goes to its slot on its own
  await analyze.input.pressSequentially("{");
  await pasteFromClipboard(page, JSON.stringify({ kubeletconfig: { evictionHard: { "memory.available": "200Mi" } } }));
  await expect(slots.locator('[data-slot="kubeletConfig"]')).toContainText("configz");
  await expect(analyze.input).toHaveValue("{");
  // by mouse: remove the config again, clear the box, analyze the pieces
  await page.getByRole("button", { name: "Remove Kubelet config" }).click();
  await expect(slots.locator('[data-slot="kubeletConfig"]')).toContainText("empty");
  await analyze.input.fill("");
  await page.getByRole("button", { name: "Analyze the pieces" }).click();
  await expect(analyze.result).toContainText("datagen-1-35");
  await expect(page.getByTestId("analyze-source-note")).toHaveText(
    /^Thresholds are the kubelet's defaults: no kubeletConfig or kubeletFlags was given .*The node reports allocatable memory \S+ \(computed \S+\)/,
  );
  await expect(page.getByTestId("analyze-psi")).toHaveText(
    "Node PSI, share of time stalled over the last 10 s: cpu some 75.83% (full 72.63%), memory some 0.00% (full 0.00%), io some 0.00% (full 0.00%). The kubelet does not evict on PSI.",
  );
  // no pods given: no empty "First to go" heading
  await expect(page.getByRole("heading", { name: "First to go under memory pressure" })).toHaveCount(0);
  // inode counts carry their unit
  await expect(analyze.result.getByRole("cell", { name: /^\d[\d,]* inodes$/ }).first()).toBeVisible();

  for (const width of [1440, 1024, 390]) {
    for (const theme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await themeApplied(page, theme);
      await screenshot(page, { path: `${SHOTS}/analyze-paste-${width}-${theme}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    }
  }
  expect(health.errors).toEqual([]);
});

test("a whole input document with pods keeps the eviction order; prose gets a clear message", async ({ page, request }) => {
  const health = watchPage(page);
  const example = await (await request.get("/examples/sample-node.json")).json();
  const analyze = new AnalyzePage(page);
  await analyze.goto();
  await analyze.input.fill("this is { not: json }");
  await page.getByRole("button", { name: "Analyze", exact: true }).press("Enter");
  await expect(page.getByTestId("analyze-error")).toHaveText(
    'This is plain text ("this is { not"): an input document is a JSON or YAML object such as {"node": ..., "pods": ..., "summary": ..., "kubeletConfig": ...}.',
  );
  await analyze.input.fill(JSON.stringify(example));
  await page.getByRole("button", { name: "Analyze", exact: true }).click();
  await expect(page.getByRole("heading", { name: "First to go under memory pressure" })).toBeVisible();
  // the example's kubeletConfig reserves memory and cpu its Node does not: said, not hidden
  await expect(page.getByTestId("analyze-source-note")).toHaveText(
    /^The node reports allocatable memory 7\.7Gi \(computed 6\.4Gi\), .*cpu 14000m \(computed 13750m\): the kubeletConfig given may not be the one it runs with\.$/,
  );
  expect(health.errors).toEqual([]);
});
