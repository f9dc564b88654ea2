import { expect, test } from "@playwright/test";

import { screenshot } from "./helpers/screenshot";
import { AnalyzePage } from "./pages/analyze-page";

test("analyzes the example node in the browser", async ({ page }) => {
  const analyze = new AnalyzePage(page);
  await analyze.goto();
  await analyze.loadExample();
  await analyze.submit();
  await expect(analyze.result).toBeVisible();
  await expect(analyze.result).toContainText("datagen-1-35");
  await expect(analyze.result.getByRole("cell", { name: "memory.available", exact: true }).first()).toBeVisible();
  // the example carries a 7Gi soft threshold over 6.8Gi available
  await expect(analyze.result).toContainText("MemoryPressure");
  await screenshot(page, { path: "artifacts/screenshots/analyze-light.png", fullPage: true });
});

test("shows the field-naming error for bad input", async ({ page }) => {
  const analyze = new AnalyzePage(page);
  await analyze.goto();
  await analyze.input.fill(JSON.stringify({ kubeletConfig: { evictionHard: { "memory.available": "-100Mi" } } }));
  await analyze.submit();
  await expect(analyze.error).toContainText('kubeletConfig.evictionHard["memory.available"]');
});
