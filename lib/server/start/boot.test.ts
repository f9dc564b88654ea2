import { describe, expect, it } from "vitest";

import { configErrors } from "./boot";

describe("configErrors", () => {
  it("is empty for the defaults on loopback", () => {
    expect(configErrors({ HOSTNAME: "127.0.0.1" })).toEqual([]);
  });
  it("lists one line per wrong variable, server and cluster settings alike", () => {
    const e = configErrors({
      HOSTNAME: "0.0.0.0",
      HEADROOM_LOG_LEVEL: "loud",
      HEADROOM_SUMMARY_INTERVAL_SECONDS: "-1",
      HEADROOM_EMBED_ORIGINS: "https://ok.example, *",
    });
    expect(e.map((l) => l.split(":")[0])).toEqual([
      "HEADROOM_LOG_LEVEL",
      "HEADROOM_AUTH_MODE",
      "HEADROOM_SUMMARY_INTERVAL_SECONDS",
      "HEADROOM_EMBED_ORIGINS",
    ]);
    expect(e.at(-1)).toBe("HEADROOM_EMBED_ORIGINS: not http(s) origins: *");
  });
  // Issue 29, items 4 and 9: the start-up refuses these, one line each, naming the setting.
  it("refuses a token of sixteen spaces and an all-internet trusted-proxy range", () => {
    expect(
      configErrors({
        HOSTNAME: "0.0.0.0",
        HEADROOM_AUTH_MODE: "token",
        HEADROOM_AUTH_TOKEN: " ".repeat(16),
        HEADROOM_TRUSTED_PROXIES: "0.0.0.0/0, ::/0",
      }).map((l) => l.split(":")[0]),
    ).toEqual(["HEADROOM_AUTH_TOKEN", "HEADROOM_TRUSTED_PROXIES", "HEADROOM_TRUSTED_PROXIES"]);
  });
});
