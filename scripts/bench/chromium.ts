// The benches' browser: Debian's Chromium (or CHROMIUM_PATH), launched as the e2e tests launch it, so
// Chromium's own window furniture (e2e/browser.ts) does not take CPU from the page being measured.
import { chromium, type Browser } from "@playwright/test";

import { CHROMIUM_ARGS } from "../../e2e/browser";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}
