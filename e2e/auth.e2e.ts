import { readFileSync } from "node:fs";
import { expect, test, type Response } from "@playwright/test";

import { E2E_TOKEN, TOKEN_PORT, TOKEN_SERVER_LOG } from "./constants";

// Token mode on a second server (playwright.config.ts): sign-in, sessions, sign-out, and the
// token never coming back in a response or a log line.
const BASE = `http://127.0.0.1:${TOKEN_PORT}`;

test.use({ baseURL: BASE });

test("a browser signs in with the token, browses, and signs out", async ({ page }) => {
  const bodies: Promise<string>[] = [];
  page.on("response", (r: Response) =>
    bodies.push(
      r.body().then(
        (b) => b.toString("latin1"),
        () => "",
      ),
    ),
  );
  await page.goto("/nodes/ip-10-0-2-0.ec2.internal");
  await expect(page).toHaveURL(/\/login\?next=%2Fnodes%2Fip-10-0-2-0\.ec2\.internal$/);
  await page.getByLabel("Access token").fill("not-the-token-at-all");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That token is not valid." })).toBeVisible();
  await page.getByLabel("Access token").fill(E2E_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ip-10-0-2-0.ec2.internal" })).toBeVisible({ timeout: 30_000 });
  const cookie = (await page.context().cookies()).find((c) => c.name === "headroom_session")!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  expect(cookie.value).not.toContain(E2E_TOKEN);
  await page.getByRole("link", { name: "Fleet" }).click();
  await expect(page.getByTestId("node-row").first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get("/api/cluster")).status()).toBe(401);
  for (const body of await Promise.all(bodies)) expect(body).not.toContain(E2E_TOKEN);
});

test("API clients use the bearer token; probes stay open; /metrics needs auth", async ({ request }) => {
  expect((await request.get("/api/healthz")).status()).toBe(200);
  expect([200, 503]).toContain((await request.get("/api/readyz")).status());
  const denied = await request.get("/api/cluster");
  expect(denied.status()).toBe(401);
  expect(denied.headers()["www-authenticate"]).toBe('Bearer realm="headroom"');
  expect((await request.get("/metrics")).status()).toBe(401);
  const auth = { Authorization: `Bearer ${E2E_TOKEN}` };
  const metrics = await request.get("/metrics", { headers: auth });
  expect(metrics.status()).toBe(200);
  expect(await metrics.text()).toMatch(
    /^headroom_signal_margin\{node="ip-10-0-2-0\.ec2\.internal",signal="memory\.available",kind="hard"\} -?\d/m,
  );
  expect((await request.get("/api/cluster", { headers: { Authorization: "Bearer wrong" } })).status()).toBe(401);
  const bad = await request.post("/api/context", {
    headers: { ...auth, Origin: "https://evil.example" },
    data: { context: "x" },
  });
  expect(bad.status()).toBe(403);
  for (const r of [denied, metrics, bad]) expect(await r.text()).not.toContain(E2E_TOKEN);
});

test("no log line of the token server carries the token", async () => {
  const log = readFileSync(TOKEN_SERVER_LOG, "utf8");
  expect(log).toContain('"msg":"headroom started"');
  expect(log).toContain('"msg":"login refused"');
  expect(log).not.toContain(E2E_TOKEN);
});
