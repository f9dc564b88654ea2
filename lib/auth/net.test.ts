import { describe, expect, it } from "vitest";

import { cidrMatcher, isLoopback, normalizeAddress, parseCidrList } from "./net";

describe("normalizeAddress", () => {
  it("unwraps IPv4-mapped IPv6 and brackets", () => {
    expect(normalizeAddress("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(normalizeAddress("[::1]")).toBe("::1");
  });
});

describe("isLoopback", () => {
  it.each([
    ["127.0.0.1", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["localhost", true],
    ["0.0.0.0", false],
    ["::", false],
    ["192.168.1.1", false],
    ["127.example.com", false],
    ["", false],
  ])("%s → %s", (h, want) => {
    expect(isLoopback(h)).toBe(want);
  });
});

describe("cidrMatcher", () => {
  const { cidrs, invalid } = parseCidrList("10.0.0.0/8, 192.168.1.7 fd00::/8 bogus 1.2.3.4/40");
  const trusted = cidrMatcher(cidrs);
  it("parses what it can and lists the rest", () => {
    expect(cidrs.map((c) => `${c.address}/${c.prefix}`)).toEqual(["10.0.0.0/8", "192.168.1.7/32", "fd00::/8"]);
    expect(invalid).toEqual(["bogus", "1.2.3.4/40"]);
  });
  it.each([
    ["10.9.8.7", true],
    ["::ffff:10.9.8.7", true],
    ["192.168.1.7", true],
    ["192.168.1.8", false],
    ["fd12::1", true],
    ["fe80::1", false],
    ["11.0.0.1", false],
    [null, false],
    ["", false],
    ["not-an-ip", false],
  ])("%s → %s", (a, want) => {
    expect(trusted(a)).toBe(want);
  });
});
