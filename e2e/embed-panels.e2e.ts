import { createServer, type Server } from "node:http";
import { expect, test, type FrameLocator, type Page } from "@playwright/test";

import { CLOCK } from "./constants";
import { axe, serious } from "./helpers/axe";
import { screenshot } from "./helpers/screenshot";
import { watchPage } from "./pages/page-health";

// A portal tile (800×500) on the allowed origin (HEADROOM_EMBED_ORIGINS, playwright.config.ts)
// frames a node view, whole or one panel alone.
const NODE = "ip-10-0-2-0.ec2.internal";
const PORTAL = Number(process.env.E2E_PORTAL_PORT ?? 4107);
let server: Server;
// one worker runs this file's tests in a row: each worker's beforeAll would listen on the same port
// (playwright.config.ts runs tests, not files, in parallel)
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  // The portal frames whatever ?src= names (a Headroom URL) across its width, as tall as the window.
  server = createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://x").searchParams.get("src") ?? "";
    const html = `<!doctype html><html lang="en"><title>portal</title><style>body{margin:0}iframe{display:block;width:100%;height:100vh;border:0}</style><iframe src="${src.replace(/"/g, "&quot;")}" title="Headroom"></iframe></html>`;
    res.writeHead(200, { "content-type": "text/html" }).end(html);
  });
  await new Promise<void>((r) => server.listen(PORTAL, "127.0.0.1", () => r()));
});

test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Opens `path` in the portal's tile, which fills the window (800×500 unless told). */
async function tile(page: Page, baseURL: string, path: string, size = { width: 800, height: 500 }): Promise<FrameLocator> {
  await page.setViewportSize(size);
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
  await screenshot(page, { path: "artifacts/screenshots/embed-800x500-dark.png" });
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
    await screenshot(page, { path: `artifacts/screenshots/embed-panel-${panel.replace(":", "-")}.png` });
  });
}

test("a hostile panel value is ignored with a note, and the whole embed is shown", async ({ page, baseURL }) => {
  const f = await tile(page, baseURL!, `/nodes/${NODE}?embed=1&panel=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
  await expect(f.getByTestId("invalid-params")).toContainText(
    "panel (must be signals, ranking, capacity, pressure, terminations, oom-order or signal:<signal name>)",
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

// Issue 15's sections as tiles: each alone, read as a person sees it, in both themes and at three
// widths (the tile filling the portal's window), with no console error and no serious axe violation.
const FORENSIC_TILES: Array<{ panel: string; heading: RegExp; sees: (f: FrameLocator, page: Page) => Promise<void> }> = [
  {
    panel: "pressure",
    heading: /^Pressure stall information \(PSI\)$/,
    sees: async (f) => {
      await expect(f.getByTestId("psi-sentence")).toContainText("The kubelet does not evict on PSI");
      for (const r of ["memory", "i/o", "cpu"])
        await expect(f.getByRole("img", { name: `Chart of ${r} PSI over time` })).toBeVisible();
      await expect(f.getByTestId("psi-memory").locator("g.recharts-line").first()).toBeAttached();
      await expect(f.getByTestId("psi-memory").getByTestId("psi-now-some")).toContainText(/\d+\.\d+%/);
    },
  },
  {
    panel: "terminations",
    heading: /^Terminations$/,
    sees: async (f) => {
      // the leak's pod, evicted at 300 s of the memory-pressure scenario
      await expect(f.getByTestId("termination-verdict").first()).toHaveText(
        new RegExp(
          `^Evicted by the kubelet at ${CLOCK} for memory\\.available.*: worker used \\S+ against a 256Mi request, priority 0$`,
        ),
      );
      await expect(f.getByTestId("eviction-timeline")).toBeVisible();
    },
  },
  {
    panel: "oom-order",
    heading: /^Kernel OOM order/,
    sees: async (f, page) => {
      const first = f.getByTestId("oom-row").first();
      await expect(first.getByTestId("oom-pod")).toHaveText(/^\S+ \/ \S+$/);
      await expect(first.getByTestId("oom-points")).toHaveText(/^[\d,]+ [+−] [\d,]+ = [\d,]+$/);
      // the caveats open with the keyboard, close with the mouse
      const summary = f.getByTestId("oom-order").locator("details summary");
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(f.getByTestId("oom-order").locator("details")).toContainText("memory.oom.group");
      await summary.click();
      await expect(f.getByTestId("oom-order").locator("details")).not.toHaveAttribute("open", "");
    },
  },
];

for (const { panel, heading, sees } of FORENSIC_TILES) {
  for (const theme of ["light", "dark"] as const) {
    test(`?embed=1&panel=${panel}, ${theme}: that section alone at 1440, 1024 and 390 px`, async ({ page, baseURL }) => {
      const health = watchPage(page);
      const f = await tile(page, baseURL!, `/nodes/${NODE}?embed=1&theme=${theme}&panel=${panel}`, { width: 1440, height: 900 });
      await expect(f.getByTestId("embed-panel")).toHaveAttribute("data-panel", panel, { timeout: 30_000 });
      await expect(f.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      // its own heading is the only section heading: the rest of the node page is not there
      await expect(f.getByRole("heading", { level: 2 })).toHaveCount(1);
      await expect(f.getByRole("heading", { level: 2 })).toHaveText(heading);
      await expect(f.getByRole("heading", { level: 1 })).toHaveCount(0);
      await expect(f.getByTestId("live-verdict")).toHaveCount(0);
      await expect(f.getByRole("button", { name: /What if/ })).toHaveCount(0);
      await sees(f, page);
      const checked = await axe(page, { passes: true }).analyze();
      // axe went into the tile (its targets there are [iframe, selector]), not only the portal
      expect(checked.passes.some((r) => r.nodes.some((n) => n.target.length > 1))).toBe(true);
      expect(serious(checked.violations)).toEqual([]);

      const frame = (await (await page.locator("iframe").elementHandle())!.contentFrame())!;
      for (const width of [1440, 1024, 390]) {
        await page.setViewportSize({ width, height: 900 });
        // the tile never scrolls sideways (wide tables scroll inside their own region)
        await expect
          .poll(() => frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
          .toBeLessThanOrEqual(0);
        // the whole tile in the screenshot: the iframe as tall as its content
        const tall = await frame.evaluate(() => document.documentElement.scrollHeight);
        await page.locator("iframe").evaluate((el, h) => ((el as HTMLElement).style.height = `${h}px`), tall);
        await screenshot(page, { path: `artifacts/screenshots/embed-panel-${panel}-${theme}-${width}.png`, fullPage: true });
        await page.locator("iframe").evaluate((el) => ((el as HTMLElement).style.height = ""));
      }
      expect(health.errors).toEqual([]);
    });
  }
}

test("the terminations tile's link to every node's terminations stays in the embed, by keyboard", async ({ page, baseURL }) => {
  const f = await tile(page, baseURL!, `/nodes/${NODE}?embed=1&theme=dark&panel=terminations`);
  const link = f.getByRole("link", { name: "Every node, by workload" });
  await expect(link).toHaveAttribute("href", "/terminations?embed=1&theme=dark", { timeout: 30_000 });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(f.getByRole("heading", { level: 1, name: "Terminations" })).toBeVisible({ timeout: 30_000 });
  await expect(f.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(f.locator("html")).toHaveClass(/\bdark\b/);
});

test("the new tiles carry the same framing rules: the portal's origin only, with the nonce CSP", async ({ request }) => {
  for (const panel of FORENSIC_TILES.map((t) => t.panel)) {
    const res = await request.get(`/nodes/${NODE}?embed=1&panel=${panel}`);
    expect(res.status()).toBe(200);
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp).toContain(`frame-ancestors 'self' http://127.0.0.1:${PORTAL}`);
    expect(csp).toMatch(/script-src [^;]*'nonce-/);
  }
});
