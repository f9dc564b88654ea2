import { expect, test } from "@playwright/test";

import { watchPage } from "./pages/page-health";

// The strict CSP (nonce scripts, no inline script) must not break any page: no violation
// reports, the app hydrates (interactive), and the charts and styles render.
const violations = (page: Parameters<typeof watchPage>[0]) => watchPage(page).csp;

// The browser's own violation events, including those a script caught (zod probing for
// `new Function` threw an EvalError it swallowed, so no console line ever showed it).
const recordViolations = () => {
  const w = window as unknown as { __violations: string[] };
  w.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => w.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
};
const violationEvents = (page: Parameters<typeof watchPage>[0]) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

test("fleet, node and analyze pages run under the CSP without violations", async ({ page }) => {
  const seen = violations(page);
  await page.addInitScript(recordViolations);
  const res = await page.goto("/");
  const csp = res!.headers()["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  await expect(page.getByTestId("node-row").first()).toBeVisible({ timeout: 30_000 });
  // hydrated: a client-side filter works
  await page.getByRole("searchbox").fill("ip-10-0-2-0");
  await expect(page).toHaveURL(/q=ip-10-0-2-0/);
  expect(await violationEvents(page)).toEqual([]);
  await page.goto("/nodes/ip-10-0-2-0.ec2.internal");
  await expect(page.locator(".recharts-surface").first()).toBeVisible({ timeout: 30_000 });
  expect(await violationEvents(page)).toEqual([]);
  // Tailwind's stylesheet applied: the body has the zinc background, not the UA default
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
  await page.goto("/analyze");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violationEvents(page)).toEqual([]);
  expect(seen).toEqual([]);
});

test("each response gets its own nonce and injected inline handlers are blocked", async ({ page, request }) => {
  const a = (await request.get("/")).headers()["content-security-policy"];
  const b = (await request.get("/")).headers()["content-security-policy"];
  expect(a).not.toBe(b);
  await page.goto("/analyze");
  // Markup injected after load (what an XSS would do): inline event handlers never run. The
  // browser's own report of the blocked handler says when it has been refused.
  const refused = await page.evaluate(
    () =>
      new Promise<{ directive: string; blocked: string }>((resolve) => {
        document.addEventListener(
          "securitypolicyviolation",
          (e) => resolve({ directive: e.effectiveDirective, blocked: e.blockedURI }),
          { once: true },
        );
        const img = document.createElement("img");
        img.setAttribute("onerror", "window.__injected = true");
        img.src = "data:,not-an-image";
        document.body.append(img);
      }),
  );
  expect(refused.directive).toMatch(/^script-src/);
  expect(refused.blocked).toBe("inline");
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true)).toBe(false);
});
