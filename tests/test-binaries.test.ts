// A test that needs a program the machine lacks fails with one line naming the Debian package and
// the command that installs it; `npm test`'s first step lists exactly the packages still missing.
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { binaryPath, missingPackages, requireBinary, TEST_BINARIES } from "./test-binaries.mjs";

const ROOT = join(import.meta.dirname, "..");
const saved = { ...process.env };
afterEach(() => {
  for (const b of Object.values(TEST_BINARIES)) {
    if (saved[b.env] === undefined) delete process.env[b.env];
    else process.env[b.env] = saved[b.env];
  }
});

describe("test binaries", () => {
  it.each(Object.entries(TEST_BINARIES))("%s missing: one line naming its package and install command", (name, b) => {
    process.env[b.env] = "/nonexistent/" + name;
    expect(() => requireBinary(name as keyof typeof TEST_BINARIES)).toThrow(
      new RegExp(
        `^${name} not found at /nonexistent/${name}: it is in Debian's ${b.pkg} package; install it with \`(sudo )?apt-get update && (sudo )?apt-get install -y ${b.pkg}\``,
      ),
    );
    expect(missingPackages()).toContain(b.pkg);
  });

  it("finds every binary this machine has installed, at the path the tests run", () => {
    for (const name of Object.keys(TEST_BINARIES) as (keyof typeof TEST_BINARIES)[]) {
      expect(requireBinary(name)).toBe(binaryPath(name));
    }
    expect(missingPackages()).toEqual([]);
    expect(execFileSync("node", [join(ROOT, "scripts", "test-setup.mjs")], { encoding: "utf8" })).toBe("");
  });

  it("stops npm test before any test, without root, with the command to run", () => {
    // Run the set-up as an unprivileged user when the tests run as root; else as ourselves.
    const asNobody = process.getuid?.() === 0;
    const env = { ...process.env, PROMTOOL: "/nonexistent/promtool", KUBECTL: "/nonexistent/kubectl" };
    const r = asNobody
      ? spawnSync(
          "setpriv",
          ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, join(ROOT, "scripts", "test-setup.mjs")],
          {
            encoding: "utf8",
            env,
          },
        )
      : spawnSync(process.execPath, [join(ROOT, "scripts", "test-setup.mjs")], { encoding: "utf8", env });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      "npm test needs Debian's prometheus, kubernetes-client (the tests run them). Run:\n" +
        "  sudo apt-get update && sudo apt-get install -y prometheus kubernetes-client\nthen npm test again.\n",
    );
  });
});
