import { createServer, type Server } from "node:http";
import { expect, test } from "@playwright/test";

import { screenshot } from "./helpers/screenshot";

// Two "portals" on other origins frame the node view; only the first is in HEADROOM_EMBED_ORIGINS
// (set for the e2e server in playwright.config.ts).
const NODE = "ip-10-0-2-0.ec2.internal";
const ALLOWED_PORT = Number(process.env.E2E_PORTAL_PORT ?? 4107);
const OTHER_PORT = ALLOWED_PORT + 1;

function portal(port: number, target: string): Promise<Server> {
  const html = `<!doctype html><title>portal</title><h1>Portal</h1><iframe src="${target}" width="1200" height="900" title="Headroom node view"></iframe>`;
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

let servers: Server[] = [];

test.beforeAll(async ({ baseURL }) => {
  const target = `${baseURL}/nodes/${NODE}?embed=1&theme=dark`;
  servers = [await portal(ALLOWED_PORT, target), await portal(OTHER_PORT, target)];
});

test.afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

test("an allowed portal embeds the node view without navigation chrome", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${ALLOWED_PORT}/`);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1, name: NODE })).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await screenshot(page, { path: "artifacts/screenshots/embed-dark.png", fullPage: true });
});

test("another origin is refused by frame-ancestors", async ({ page }) => {
  const refused = page.waitForEvent("console", (m) => m.text().includes("frame-ancestors"));
  await page.goto(`http://127.0.0.1:${OTHER_PORT}/`);
  await refused;
  await expect(page.frameLocator("iframe").getByRole("heading", { level: 1, name: NODE })).toHaveCount(0);
});

test("pages carry the security headers", async ({ request }) => {
  const res = await request.get("/");
  const csp = res.headers()["content-security-policy"] ?? "";
  expect(csp).toContain(`frame-ancestors 'self' http://127.0.0.1:${ALLOWED_PORT}`);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["referrer-policy"]).toBe("no-referrer");
});
