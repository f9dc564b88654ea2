// The programs the tests run beside Node, where Debian ships them, and the one line that says how to
// get one that is missing. `npm test` installs them first (scripts/test-setup.mjs); a test started
// another way (npx vitest, npx playwright) fails with that line rather than skipping.
import { existsSync } from "node:fs";

/** Each binary: the environment variable that overrides its path, its Debian path and package. */
export const TEST_BINARIES = {
  chromium: { env: "CHROMIUM_PATH", path: "/usr/bin/chromium", pkg: "chromium" },
  prometheus: { env: "PROMETHEUS", path: "/usr/bin/prometheus", pkg: "prometheus" },
  promtool: { env: "PROMTOOL", path: "/usr/bin/promtool", pkg: "prometheus" },
  kubectl: { env: "KUBECTL", path: "/usr/bin/kubectl", pkg: "kubernetes-client" },
  // the kubeconfig's proxy-url carried through real proxies (tests/k8s/proxy-url.test.ts)
  tinyproxy: { env: "TINYPROXY", path: "/usr/bin/tinyproxy", pkg: "tinyproxy" },
  microsocks: { env: "MICROSOCKS", path: "/usr/bin/microsocks", pkg: "microsocks" },
};

/**
 * Where the binary is (its variable, else Debian's path).
 * @param {keyof typeof TEST_BINARIES} name
 */
export function binaryPath(name) {
  const b = TEST_BINARIES[name];
  return process.env[b.env] || b.path;
}

/**
 * The command that installs the given Debian packages, as the user must type it.
 * @param {string[]} pkgs
 */
export function installCommand(pkgs) {
  const sudo = typeof process.getuid === "function" && process.getuid() === 0 ? "" : "sudo ";
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${[...new Set(pkgs)].join(" ")}`;
}

/**
 * The binary's path; throws one line naming the Debian package and its install command when absent.
 * @param {keyof typeof TEST_BINARIES} name
 */
export function requireBinary(name) {
  const path = binaryPath(name);
  if (!existsSync(path)) {
    const b = TEST_BINARIES[name];
    throw new Error(
      `${name} not found at ${path}: it is in Debian's ${b.pkg} package; install it with \`${installCommand([b.pkg])}\` (or set ${b.env})`,
    );
  }
  return path;
}

/** Debian packages whose binaries are missing, each once. */
export function missingPackages() {
  const names = /** @type {(keyof typeof TEST_BINARIES)[]} */ (Object.keys(TEST_BINARIES));
  return [...new Set(names.filter((n) => !existsSync(binaryPath(n))).map((n) => TEST_BINARIES[n].pkg))];
}
