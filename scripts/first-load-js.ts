// `npm run bench:js`: the first-load JS figure of scripts/bench-ui.ts without its 5 000-node fleet.
// Builds when the sources changed (as `npm start` does), serves the build on a frozen demo cluster,
// loads the fleet page in Chromium as the UI bench does (navigation → rows → a search answered) and
// counts every script it loaded, gzip level 6 (scripts/bench/first-load-js.ts). Prints each script,
// largest first, and the total against issue 27's target. Takes ~10 s on a built tree.
import { spawn } from "node:child_process";

import { launchChromium } from "./bench/chromium";
import { gzippedSizes, recordScripts, totalKiB } from "./bench/first-load-js";
import { againstTarget } from "./bench/targets";
import { ensureBuilt, serverCommand } from "./built-server.mjs";

const PORT = Number(process.env.BENCH_JS_PORT ?? 3198);
const BASE = `http://127.0.0.1:${PORT}`;

async function waitReady(timeoutMs: number) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (
      await fetch(`${BASE}/api/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server on ${BASE} not ready within ${timeoutMs / 1000} s`);
}

async function main() {
  if (ensureBuilt() !== 0) throw new Error("the build failed");
  const given: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOSTNAME: "127.0.0.1" };
  delete given.KUBECONFIG; // the demo cluster, whatever this shell points at
  const { args, env } = serverCommand({
    ...given,
    HEADROOM_SIM_SCENARIO: "memory-pressure",
    HEADROOM_SIM_FAST_FORWARD_SECONDS: "330",
    HEADROOM_SIM_SPEED: "0",
  });
  const server = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  const browser = await launchChromium();
  try {
    await waitReady(120_000);
    const page = await browser.newPage();
    const scripts = new Set<string>();
    recordScripts(page, scripts);
    await page.goto(BASE);
    const first = page.getByTestId("node-row").first();
    await first.waitFor({ timeout: 60_000 });
    const name = (await first.getByRole("link").first().innerText()).trim();
    await page.getByRole("searchbox").fill(name);
    await page.getByTestId("node-row").filter({ hasText: name }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    const sizes = await gzippedSizes(scripts);
    for (const s of sizes)
      console.log(
        `  ${(s.gzip / 1024).toFixed(1).padStart(6)} KiB gzip ${(s.bytes / 1024).toFixed(0).padStart(5)} KiB  ${new URL(s.url).pathname}`,
      );
    const kib = totalKiB(sizes);
    console.log(`first-load JS (gzip): ${kib.toFixed(0)} KiB in ${sizes.length} scripts ${againstTarget("firstLoadJs", kib)}`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}

main().catch((e) => {
  console.error(`first-load JS count failed: ${(e as Error).message}`);
  process.exit(1);
});
