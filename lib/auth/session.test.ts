import { describe, expect, it } from "vitest";

import { bearer, cookieValue, issueSession, sessionValid, tokenMatches } from "./session";

const TOKEN = "correct-horse-battery-staple";

describe("tokenMatches", () => {
  it("accepts only the exact token", () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    for (const bad of ["", "x", TOKEN.slice(0, -1), `${TOKEN} `, TOKEN.toUpperCase(), "y".repeat(5000), null, undefined])
      expect(tokenMatches(bad, TOKEN)).toBe(false);
  });
});

describe("sessions", () => {
  const now = 1_800_000_000_000;
  const value = issueSession(TOKEN, now + 3600_000);
  it("are valid until they expire", () => {
    expect(sessionValid(value, TOKEN, now)).toBe(true);
    expect(sessionValid(value, TOKEN, now + 3600_000)).toBe(false);
  });
  it("do not contain the token and die when it rotates", () => {
    expect(value).not.toContain(TOKEN);
    expect(sessionValid(value, "another-token-0123456789", now)).toBe(false);
  });
  it("cannot be extended by editing the expiry", () => {
    const [, mac] = value.split(".");
    expect(sessionValid(`${Math.floor(now / 1000) + 999_999}.${mac}`, TOKEN, now)).toBe(false);
  });
  it.each(["", "garbage", "1.2", `${"9".repeat(13)}.${"a".repeat(43)}`])("refuses %j", (v) => {
    expect(sessionValid(v, TOKEN, now)).toBe(false);
  });
});

describe("header parsing", () => {
  it("reads bearer tokens and cookies", () => {
    expect(bearer("Bearer abc")).toBe("abc");
    expect(bearer("bearer  abc ")).toBe("abc");
    expect(bearer("Basic abc")).toBeNull();
    expect(cookieValue("a=1; headroom_session=xyz; b=2", "headroom_session")).toBe("xyz");
    expect(cookieValue("xheadroom_session=1", "headroom_session")).toBeNull();
  });
});
