// tests/vitest-file-guard.ts, the unit project's set-up for each file, must fail a file that leaves a
// process-wide hook or a changed process.env behind, and pass one that cleans up. Run here on probe
// files in a Vitest of their own whose files share one process, as the unit project's do.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const GUARD = fileURLToPath(new URL("./vitest-file-guard.ts", import.meta.url));
const VITEST = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));

const PROBES: Record<string, string> = {
  // a subscriber on every HTTP server of the process, as the front door installs one
  "hook.probe.test.mjs": `import { subscribe } from "node:diagnostics_channel";
test("subscribes", () => subscribe("http.server.request.start", () => {}));`,
  "env.probe.test.mjs": `test("sets a variable", () => { process.env.HEADROOM_GUARD_PROBE = "left"; });`,
  "tidy.probe.test.mjs": `import { subscribe, unsubscribe } from "node:diagnostics_channel";
const f = () => {};
test("subscribes, then takes it back", () => { subscribe("http.server.request.start", f); process.env.HEADROOM_GUARD_TIDY = "1"; });
afterAll(() => { unsubscribe("http.server.request.start", f); delete process.env.HEADROOM_GUARD_TIDY; });`,
};

interface FileResult {
  name: string;
  status: string;
  message: string;
}

it("fails, by name, a file that leaves a hook or a variable behind, and passes one that takes them back", () => {
  const dir = mkdtempSync(join(tmpdir(), "headroom-guard-"));
  for (const [name, text] of Object.entries(PROBES)) writeFileSync(join(dir, name), text);
  writeFileSync(
    join(dir, "vitest.config.mjs"),
    `export default { test: { include: ["*.probe.test.mjs"], globals: true, isolate: false, maxWorkers: 1, setupFiles: [${JSON.stringify(GUARD)}] } };`,
  );
  const out = join(dir, "report.json");
  const run = spawnSync(process.execPath, [VITEST, "run", "--root", dir, "--reporter=json", `--outputFile=${out}`], {
    cwd: dir,
    encoding: "utf8",
    timeout: 60_000,
  });
  // the probes' Vitest did not get as far as its report: say what it printed, not just ENOENT
  if (!existsSync(out)) throw new Error(`the probes' Vitest wrote no report (status ${run.status}): ${run.stderr.slice(-2000)}`);
  const report = JSON.parse(readFileSync(out, "utf8")) as { testResults: FileResult[] };
  const byFile = Object.fromEntries(report.testResults.map((r) => [r.name.split("/").pop()!, r]));
  expect(byFile["hook.probe.test.mjs"]?.status).toBe("failed");
  expect(byFile["hook.probe.test.mjs"]?.message).toContain("left a subscriber on http.server.request.start");
  expect(byFile["hook.probe.test.mjs"]?.message).toContain("PROCESS_HOOKS (vitest.config.ts)");
  expect(byFile["env.probe.test.mjs"]?.status).toBe("failed");
  expect(byFile["env.probe.test.mjs"]?.message).toContain("changed HEADROOM_GUARD_PROBE in process.env");
  expect(byFile["tidy.probe.test.mjs"]?.status).toBe("passed");
}, 90_000);
