// First step of `npm test`: the tests run Debian's Chromium, Prometheus (with promtool), kubectl, tinyproxy and microsocks.
// Whatever is missing is installed once with apt when running as root (a fresh CI machine or
// container); otherwise the run stops here, before any test, with the exact command to run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

import { installCommand, missingPackages } from "../tests/test-binaries.mjs";
import { bundleClientNode } from "./bundle-client-node.mjs";

// The tests load "@headroom/client-node" (made at `npm install`); remake it if its inputs moved.
bundleClientNode();

const missing = missingPackages();
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot || !existsSync("/usr/bin/apt-get")) {
  console.error(
    `npm test needs Debian's ${missing.join(", ")} (the tests run them). Run:\n  ${installCommand(missing)}\nthen npm test again.`,
  );
  process.exit(1);
}

console.log(`npm test: installing ${missing.join(" ")} from Debian (once; later runs find them)`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [
  ["update", "-qq"],
  ["install", "-y", "-qq", ...missing],
]) {
  const r = spawnSync("apt-get", args, { stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`npm test: apt-get ${args[0]} failed (status ${r.status}); run ${installCommand(missing)} yourself`);
    process.exit(1);
  }
}
const still = missingPackages();
if (still.length > 0) {
  console.error(`npm test: still missing after apt-get install: ${still.join(", ")}`);
  process.exit(1);
}
