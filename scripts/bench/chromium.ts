// The benches' browser: Debian's Chromium (or CHROMIUM_PATH), launched as the e2e tests launch it, so
// Chromium's own window furniture (e2e/browser.ts) does not take CPU from the page being measured.
import { chromium, type Browser } from "@playwright/test";

import { chromiumLaunchOptions } from "../../e2e/browser";

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}
