import { defineConfig } from "@playwright/test";

import config from "./playwright.config";

// `npm run demo:ha` under test (e2e/ha/): the test starts the demo itself (three replica processes
// and the simulated cluster) because it kills one of them, so this project has no webServer of its
// own. Kept apart from playwright.config.ts so its servers are not started for it (and its replicas
// are not started for theirs). Same browser (Debian's Chromium) and options.
export default defineConfig({
  ...config,
  testDir: "./e2e/ha",
  workers: 1,
  projects: [{ name: "chromium-ha", use: config.projects![0]!.use }],
  webServer: undefined,
});
