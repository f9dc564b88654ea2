// The benches' browser: Debian's Chromium (or CHROMIUM_PATH), launched as the e2e tests launch it, so
// Chromium's own window furniture (e2e/browser.ts) does not take CPU from the page being measured.
import { chromium, type Browser, type Page } from "@playwright/test";

import { chromiumLaunchOptions } from "../../e2e/browser";

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/**
 * A page in a browser window of its own whose viewport is `width` × `height` because the window is
 * that big, not because Playwright emulates it (`viewport: null`). Interaction to next paint must
 * be measured this way: under viewport emulation, headless Chromium 156 presented the page's new
 * frame with the browser window's next one (a trace), which on the node page's what-if came with
 * the URL write up to 250 ms later. The same key presses on the same page measured 104–272 ms worst
 * emulated and 24–40 ms in a real 1440-px window (docs/benchmark-rounds.md, round twenty-nine).
 * Close the page's context when done.
 */
export async function pageInWindow(browser: Browser, width: number, height: number): Promise<Page> {
  // The device options spelt out: Playwright's test runner gives every context its config's device
  // (a scale factor, which Chromium cannot apply without an emulated viewport) unless told otherwise.
  const context = await browser.newContext({
    viewport: null,
    deviceScaleFactor: undefined,
    isMobile: undefined,
    hasTouch: undefined,
  });
  const page = await context.newPage();
  const viewport = () => page.evaluate((): [number, number] => [window.innerWidth, window.innerHeight]);
  const cdp = await context.newCDPSession(page);
  const { windowId } = await cdp.send("Browser.getWindowForTarget");
  // The window's frame (headless Chromium keeps its address bar) is not known before it is drawn:
  // size the window, read the viewport it gave, and correct by the difference.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [w, h] = await viewport();
    if (w === width && h === height) {
      await cdp.detach();
      return page;
    }
    const { bounds } = await cdp.send("Browser.getWindowBounds", { windowId });
    await cdp.send("Browser.setWindowBounds", {
      windowId,
      bounds: { width: (bounds.width ?? w) + width - w, height: (bounds.height ?? h) + height - h },
    });
  }
  const [w, h] = await viewport();
  await context.close();
  throw new Error(`the browser window's viewport stayed ${w}×${h}, not ${width}×${height}`);
}
