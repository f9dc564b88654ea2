import { expect, test } from "@playwright/test";
import { HomePage } from "./pages/home-page";

test("analyzes the example node in the browser", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.loadExample();
  await home.analyze();
  await expect(home.result).toBeVisible();
  await expect(home.result).toContainText("datagen-1-35");
  await expect(home.result.getByRole("cell", { name: "memory.available", exact: true }).first()).toBeVisible();
  // the example carries a 7Gi soft threshold over 6.8Gi available
  await expect(home.result).toContainText("MemoryPressure");
  await page.screenshot({ path: "artifacts/screenshots/home-analyzed.png", fullPage: true });
});

test("shows the field-naming error for bad input", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.input.fill(JSON.stringify({ kubeletConfig: { evictionHard: { "memory.available": "-100Mi" } } }));
  await home.analyze();
  await expect(home.error).toContainText('kubeletConfig.evictionHard["memory.available"]');
});
