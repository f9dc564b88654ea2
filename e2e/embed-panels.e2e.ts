import { createServer, type Server } from "node:http";
import { expect, test, type FrameLocator, type Page } from "@playwright/test";

// A portal tile (800×500) on the allowed origin (HEADROOM_EMBED_ORIGINS, playwright.config.ts)
// frames a node view, whole or one panel alone.
const NODE = "ip-10-0-2-0.ec2.internal";
const PORTAL = Number(process.env.E2E_PORTAL_PORT ?? 4107);
let server: Server;

test.beforeAll(async () => {
  // The portal frames whatever ?src= names (a Headroom URL), in a tile of 800×500.
  server = createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://x").searchParams.get("src") ?? "";
    const html = `<!doctype html><title>portal</title><style>body{margin:0}</style><iframe src="${src.replace(/"/g, "&quot;")}" width="800" height="500" style="border:0" title="Headroom"></iframe>`;
    res.writeHead(200, { "content-type": "text/html" }).end(html);
  });
  await new Promise<void>((r) => server.listen(PORTAL, "127.0.0.1", () => r()));
});

test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function tile(page: Page, baseURL: string, path: string): Promise<FrameLocator> {
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto(`http://127.0.0.1:${PORTAL}/?src=${encodeURIComponent(baseURL + path)}`);
  return page.frameLocator("iframe");
}

test("a node embed at 800×500 leads with the verdict, signals and eviction order; the what-if is closed", async ({
  page,
  baseURL,
}) => {
  const f = await tile(page, baseURL!, `/nodes/${NODE}?embed=1&theme=dark`);
  await expect(f.getByRole("heading", { level: 1, name: NODE })).toBeVisible({ timeout: 30_000 });
  await expect(f.getByTestId("live-verdict")).toBeInViewport();
  await expect(f.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  const top = async (sel: string) => (await f.locator(sel).first().boundingBox())!.y;
  const signals = await top("#signals-h");
  const ranking = await top("#ranking-h");
  const whatIf = f.getByRole("button", { name: "What if…" });
  const controls = (await whatIf.boundingBox())!.y;
  expect(signals).toBeLessThan(ranking);
  expect(ranking).toBeLessThan(controls);
  // closed by default: its button says so and no what-if control is on the page
  await expect(whatIf).toHaveAttribute("aria-expanded", "false");
  await expect(f.locator("input[type=range]")).toHaveCount(0);
  await page.screenshot({ path: "artifacts/screenshots/embed-800x500-dark.png" });
});

for (const [panel, only, absent] of [
  ["signals", "#signals-h", "#ranking-h"],
  ["ranking", "#ranking-h", "#signals-h"],
  ["capacity", "#breakdown-h", "#signals-h"],
  ["signal:memory.available", '[data-testid="signal-memory.available"]', "#ranking-h"],
] as const) {
  test(`?embed=1&panel=${panel} shows that panel alone`, async ({ page, baseURL }) => {
    const f = await tile(page, baseURL!, `/nodes/${NODE}?embed=1&theme=light&panel=${encodeURIComponent(panel)}`);
    await expect(f.getByTestId("embed-panel")).toHaveAttribute("data-panel", panel, { timeout: 30_000 });
    await expect(f.locator(only).first()).toBeInViewport();
    await expect(f.locator(absent)).toHaveCount(0);
    await expect(f.getByRole("heading", { level: 1 })).toHaveCount(0);
    if (panel.startsWith("signal:")) await expect(f.locator('article[data-testid^="signal-"]')).toHaveCount(1);
    await page.screenshot({ path: `artifacts/screenshots/embed-panel-${panel.replace(":", "-")}.png` });
  });
}

test("a hostile panel value is ignored with a note, and the whole embed is shown", async ({ page, baseURL }) => {
  const f = await tile(page, baseURL!, `/nodes/${NODE}?embed=1&panel=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
  await expect(f.getByTestId("invalid-params")).toContainText(
    "panel (must be signals, ranking, capacity or signal:<signal name>)",
    { timeout: 30_000 },
  );
  await expect(f.getByTestId("live-verdict")).toBeVisible();
});

test("links inside an embed stay in embed mode: fleet → node keeps embed=1 and the theme", async ({ page, baseURL }) => {
  const f = await tile(page, baseURL!, "/?embed=1&theme=dark");
  const link = f.getByRole("link", { name: NODE, exact: true });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(link).toHaveAttribute("href", new RegExp(`/nodes/${NODE.replace(/\./g, "\\.")}\\?(.*&)?embed=1&theme=dark`));
  await link.click();
  await expect(f.getByTestId("live-verdict")).toBeVisible({ timeout: 30_000 });
  await expect(f.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(f.locator("html")).toHaveClass(/\bdark\b/);
});
