// How the e2e tests (playwright.config.ts) and the benches (scripts/bench/chromium.ts) launch
// Debian's Chromium, and the check that the launch still keeps what Playwright itself switches off
// (e2e/browser-features.e2e.ts).
import { requireBinary } from "../tests/test-binaries.mjs";

/**
 * Playwright 1.65's own `--disable-features` list (playwright-core's chromiumSwitches). Chromium
 * keeps only the last `--disable-features` switch on its command line, so a list of ours must carry
 * Playwright's whole, or Playwright's would be dropped; e2e/browser-features.e2e.ts fails, naming
 * what is missing, when an upgrade of Playwright passes a feature this list lacks.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Chromium's own window furniture, which headless Chromium 156 builds for every new window, that is
 * for every test's browser context: the address bar's WebUI popups (one renderer process loading
 * chrome://omnibox-popup.top-chrome/omnibox_popup_aim.html per window), the preloaded Tab Search,
 * and a spare renderer process started ahead for a next site, which a context closed after its test
 * never uses. No test looks at any of them. Measured on the quiet 2-core machine (2026-11-28), 20
 * contexts, each one page on about:blank kept 300 ms: 31–34 s of Chromium CPU with the popups and
 * Tab Search, 14.4 s without; closed at once: 8.5–9.0 s with the spare renderer, 6.8–7.1 s without.
 */
export const BROWSER_FURNITURE_FEATURES = [
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxPopup",
  "PreloadTopChromeWebUI",
  "SpareRendererForSitePerProcess",
];

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-dev-shm-usage",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_FURNITURE_FEATURES].join(",")}`,
];

/**
 * For the browser tests only: V8 in each page without its optimizing compilers (Maglev, TurboFan),
 * Sparkplug's baseline code at most. A test's page lives a few seconds; the optimizing compilers
 * spend the 2-core CI machine's CPU on code that is thrown away with the page. The same JavaScript
 * runs with the same results, only the tier differs. On `findings.e2e.ts` (18 tests), interleaved
 * on the quiet machine: 97–114 s of CPU against 112–119 s (docs/ci-time.md). The benches measure
 * pages as a person's browser runs them, so they keep V8's defaults.
 */
const TEST_ONLY_ARGS = ["--js-flags=--max-opt=1"];

/**
 * Playwright's launch options: Debian's Chromium (or CHROMIUM_PATH) with the arguments above;
 * `forTests` adds TEST_ONLY_ARGS (playwright.config.ts), the benches leave it out.
 */
export function chromiumLaunchOptions({ forTests = false }: { forTests?: boolean } = {}): {
  executablePath: string;
  args: string[];
} {
  return { executablePath: requireBinary("chromium"), args: forTests ? [...CHROMIUM_ARGS, ...TEST_ONLY_ARGS] : CHROMIUM_ARGS };
}
