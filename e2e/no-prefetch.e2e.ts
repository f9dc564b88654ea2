import { expect, test } from "@playwright/test";

// Every page renders per request (its CSP nonce), so each prefetched link is a full server render.
// The fleet page shows a link per node and the header one per page: none of them may prefetch, and
// a click still navigates in the page (a client-side transition, not a reload).
test("the fleet page prefetches no page; a node link still opens its page in place", async ({ page }) => {
  const prefetches: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("_rsc=") && r.headers()["next-router-prefetch"]) prefetches.push(r.url());
  });
  await page.goto("/");
  const first = page.getByTestId("node-row").first().getByRole("link").first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await first.hover();
  await page.waitForLoadState("networkidle");
  expect(prefetches).toEqual([]);
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  const name = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/nodes/${encodeURIComponent(name).replace(/\./g, "\\.")}`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});
