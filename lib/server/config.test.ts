import { describe, expect, it } from "vitest";

import { parseServerConfig } from "./config";

const ok = (env: Record<string, string>) => {
  const r = parseServerConfig(env);
  if (!r.success) throw new Error(r.errors.join("; "));
  return r.data;
};
const errors = (env: Record<string, string>) => {
  const r = parseServerConfig(env);
  return r.success ? [] : r.errors;
};

describe("parseServerConfig", () => {
  it("defaults: no auth, loopback only", () => {
    const c = ok({ HOSTNAME: "127.0.0.1" });
    expect(c).toMatchObject({
      HEADROOM_AUTH_MODE: "none",
      HEADROOM_LOG_LEVEL: "info",
      HEADROOM_METRICS_PUBLIC: false,
      HEADROOM_AUTH_HEADER: "x-forwarded-user",
    });
  });
  it.each(["0.0.0.0", "::", "10.1.2.3", "headroom-7d9f-abcde"])("refuses auth mode none on %s", (host) => {
    expect(errors({ HOSTNAME: host })[0]).toMatch(/^HEADROOM_AUTH_MODE: "none" is only allowed when bound to loopback/);
  });
  it("treats an unset HOSTNAME as all interfaces (the standalone server's default)", () => {
    expect(errors({})).toHaveLength(1);
  });
  it.each(["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"])("allows none on %s", (host) => {
    expect(errors({ HOSTNAME: host })).toEqual([]);
  });
  it("token mode needs a long enough token", () => {
    expect(errors({ HOSTNAME: "0.0.0.0", HEADROOM_AUTH_MODE: "token" })).toEqual([
      "HEADROOM_AUTH_TOKEN: required when HEADROOM_AUTH_MODE=token",
    ]);
    expect(errors({ HOSTNAME: "0.0.0.0", HEADROOM_AUTH_MODE: "token", HEADROOM_AUTH_TOKEN: "short" })[0]).toMatch(
      /^HEADROOM_AUTH_TOKEN: must be at least 16/,
    );
    expect(
      ok({ HOSTNAME: "0.0.0.0", HEADROOM_AUTH_MODE: "token", HEADROOM_AUTH_TOKEN: "0123456789abcdef" }).HEADROOM_AUTH_MODE,
    ).toBe("token");
  });
  // Issue 29, item 4: sixteen spaces passed the length check, and the server bound 0.0.0.0 with it.
  it.each([
    [" ".repeat(16), /^HEADROOM_AUTH_TOKEN: must not contain spaces, tabs or newlines/],
    ["0123456789abcdef\n", /^HEADROOM_AUTH_TOKEN: must not contain spaces, tabs or newlines \(a trailing newline/],
    ["0123456789 abcdef", /^HEADROOM_AUTH_TOKEN: must not contain spaces/],
    ["\t".repeat(20), /^HEADROOM_AUTH_TOKEN: must not contain spaces/],
    ["x".repeat(16), /^HEADROOM_AUTH_TOKEN: must have at least 8 different characters, it has 1/],
    ["abababababababababababab", /^HEADROOM_AUTH_TOKEN: must have at least 8 different characters, it has 2/],
    ["0123456789abcdé€", /^HEADROOM_AUTH_TOKEN: must be printable ASCII/],
  ])("token mode refuses the token %j, naming the setting", (token, message) => {
    const e = errors({ HOSTNAME: "0.0.0.0", HEADROOM_AUTH_MODE: "token", HEADROOM_AUTH_TOKEN: token });
    expect(e).toHaveLength(1);
    expect(e[0]).toMatch(message);
    expect(e[0]).toContain("openssl rand -hex 24");
  });
  it("trusted-header mode needs proxy addresses", () => {
    expect(errors({ HOSTNAME: "0.0.0.0", HEADROOM_AUTH_MODE: "trusted-header" })[0]).toMatch(
      /^HEADROOM_TRUSTED_PROXIES: required/,
    );
    expect(
      errors({ HOSTNAME: "0.0.0.0", HEADROOM_AUTH_MODE: "trusted-header", HEADROOM_TRUSTED_PROXIES: "10.0.0.0/33" })[0],
    ).toMatch(/^HEADROOM_TRUSTED_PROXIES: not an IP address or CIDR: 10.0.0.0\/33/);
    const c = ok({
      HOSTNAME: "0.0.0.0",
      HEADROOM_AUTH_MODE: "trusted-header",
      HEADROOM_TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8 fd00::/8",
    });
    expect(c.trustedProxies).toHaveLength(3);
  });
  // Issue 29, item 9: every address of the internet was accepted as a trusted proxy.
  it.each([
    ["0.0.0.0/0", /^HEADROOM_TRUSTED_PROXIES: 0\.0\.0\.0\/0 is too broad to trust \(wider than a \/8/],
    ["::/0", /^HEADROOM_TRUSTED_PROXIES: ::\/0 is too broad to trust \(wider than an IPv6 \/32/],
    ["10.0.0.1, 128.0.0.0/1", /^HEADROOM_TRUSTED_PROXIES: 128\.0\.0\.0\/1 is too broad/],
    ["2000::/3", /^HEADROOM_TRUSTED_PROXIES: 2000::\/3 is too broad/],
    [
      "::ffff:0:0/96",
      /^HEADROOM_TRUSTED_PROXIES: ::ffff:0:0\/96 is too broad to trust \(holds more than an IPv4 \/8 as IPv4-mapped/,
    ],
    ["::/32", /^HEADROOM_TRUSTED_PROXIES: ::\/32 is too broad .*IPv4-mapped/],
  ])("refuses the over-broad range %s in every mode, naming the setting", (proxies, message) => {
    const modes: Record<string, string>[] = [
      { HEADROOM_AUTH_MODE: "trusted-header" },
      { HEADROOM_AUTH_MODE: "token", HEADROOM_AUTH_TOKEN: "0123456789abcdef" },
    ];
    for (const mode of modes) {
      const e = errors({ HOSTNAME: "0.0.0.0", ...mode, HEADROOM_TRUSTED_PROXIES: proxies });
      expect(e).toHaveLength(1);
      expect(e[0]).toMatch(message);
    }
  });
  it.each(["10.0.0.0/8", "172.16.0.0/12", "fc00::/7", "fd00:10:244::/56", "fe80::/10", "2001:db8::/32", "::ffff:0:0/104", "::1"])(
    "accepts the proxy range %s",
    (proxies) => {
      expect(
        ok({ HOSTNAME: "0.0.0.0", HEADROOM_AUTH_MODE: "trusted-header", HEADROOM_TRUSTED_PROXIES: proxies }).trustedProxies,
      ).toHaveLength(1);
    },
  );
  it("names every wrong variable in one run", () => {
    const e = errors({
      HOSTNAME: "0.0.0.0",
      HEADROOM_AUTH_MODE: "nope",
      HEADROOM_LOG_LEVEL: "loud",
      HEADROOM_METRICS_PUBLIC: "yes",
      HEADROOM_SESSION_HOURS: "-1",
    });
    expect(e.map((l) => l.split(":")[0])).toEqual([
      "HEADROOM_AUTH_MODE",
      "HEADROOM_SESSION_HOURS",
      "HEADROOM_METRICS_PUBLIC",
      "HEADROOM_LOG_LEVEL",
    ]);
    expect(e[0]).toBe('HEADROOM_AUTH_MODE: must be "none", "token" or "trusted-header"');
  });
});
