import { expect, test } from "@playwright/test";

import { launchChromium, pageInWindow } from "../scripts/bench/chromium";
import { BROWSER_FURNITURE_FEATURES, chromiumLaunchOptions } from "./browser";

// Chromium keeps only the last --disable-features switch (e2e/browser.ts), so ours must carry every
// feature that an earlier one (Debian's launcher's, Playwright's) switches off, or a Playwright
// upgrade would silently turn some back on (HTTPS upgrades, paint holding, …) for every test.
test("the browser's last --disable-features keeps every earlier one and drops Chromium's window furniture", async ({
  browser,
  page,
}) => {
  await page.goto("chrome://version");
  const commandLine = (await page.locator("#command_line").textContent()) ?? "";
  const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((m) => m[1]!.split(","));
  expect(lists.length, "Playwright's own list and ours").toBeGreaterThanOrEqual(2);
  const ours = new Set(lists.at(-1));
  const dropped = lists
    .slice(0, -1)
    .flat()
    .filter((feature) => !ours.has(feature));
  expect(dropped, "features an earlier --disable-features switches off and e2e/browser.ts lacks").toEqual([]);
  for (const feature of BROWSER_FURNITURE_FEATURES) expect(ours.has(feature), feature).toBe(true);

  // …and it works: no window of this browser has the address bar's popup page behind it.
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send("Target.getTargets");
  expect(targetInfos.map((t) => t.url).filter((url) => url.includes("top-chrome"))).toEqual([]);
});

// The tests' pages run without V8's optimizing compilers (e2e/browser.ts, TEST_ONLY_ARGS); the
// benches' browser measures pages as a person's runs them, with V8's defaults.
test("the tests' browser runs V8 without its optimizing compilers, the benches' browser with them", async ({ page }) => {
  await page.goto("chrome://version");
  expect((await page.locator("#command_line").textContent()) ?? "").toContain("--js-flags=--max-opt=1");
  expect(chromiumLaunchOptions().args.filter((a) => a.startsWith("--js-flags"))).toEqual([]);
});

// The benches measure interaction to next paint in a real window (scripts/bench/chromium.ts): under
// viewport emulation headless Chromium holds the page's frames for the browser's own.
test("the benches' window has the viewport asked for, without emulation", async () => {
  // the benches' own browser, launched as they launch it
  const browser = await launchChromium();
  try {
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      const page = await pageInWindow(browser, width, height);
      expect(await page.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([width, height]);
      expect(page.viewportSize(), "no emulated viewport").toBeNull();
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
});
