import { describe, expect, it } from "vitest";

import { redact } from "./errors";
import { parseProfiles, parseSelector, profileFor } from "./profiles";

describe("profiles", () => {
  it.each([
    ["a=b", { a: "b" }, true],
    ["a=b", { a: "c" }, false],
    ["a!=b", {}, true],
    ["a,!b", { a: "1" }, true],
    ["a,!b", { a: "1", b: "2" }, false],
    ["zone in (x, y),tier notin (db)", { zone: "y", tier: "web" }, true],
    ["zone in (x, y)", { zone: "z" }, false],
    ["", { any: "thing" }, true],
  ])("selector %j on %j → %s", (sel, labels, want) => {
    expect(parseSelector(sel)(labels as Record<string, string>)).toBe(want);
  });

  it("picks the first matching profile and rejects a bad file with the field name", () => {
    const ps = parseProfiles(
      "profiles:\n  - name: gke\n    selector: cloud.google.com/gke-nodepool\n    kubeletFlags: --eviction-hard=memory.available<100Mi\n  - name: rest\n    kubeletConfig: {evictionHard: {memory.available: 1Gi}}\n",
    );
    expect(profileFor(ps, { "cloud.google.com/gke-nodepool": "p" })!.name).toBe("gke");
    expect(profileFor(ps, {})!.name).toBe("rest");
    expect(() => parseProfiles("profiles:\n  - selector: a\n")).toThrow(/^profiles: profiles\.0\.name/);
    expect(() => parseSelector("a===b")).toThrow(/bad selector term/);
  });
});

describe("redact", () => {
  it("removes tokens, URLs and addresses", () => {
    const msg = redact(
      "GET https://10.0.0.1:6443/api?x=1 failed: Authorization: Bearer abc.def-123 from 10.1.2.3:10250 and [fe80::1]:10250 at 10:30:00 token eyJhbGciOi.eyJzdWIi.sig",
    );
    expect(msg).not.toMatch(/10\.0\.0\.1|abc\.def|10\.1\.2\.3|fe80|eyJ/);
    expect(msg).toContain("Bearer <redacted>");
    expect(msg).toContain("10:30:00");
  });
});
