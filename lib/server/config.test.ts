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
    expect(ok({ HOSTNAME: "0.0.0.0", HEADROOM_AUTH_MODE: "token", HEADROOM_AUTH_TOKEN: "x".repeat(16) }).HEADROOM_AUTH_MODE).toBe(
      "token",
    );
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
