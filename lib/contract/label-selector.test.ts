import { describe, expect, it } from "vitest";

import { labelSelectorError, parseLabelSelector, SelectorError } from "./label-selector";

const labels = { app: "web", tier: "front", "topology.kubernetes.io/zone": "eu-1a" };

describe("parseLabelSelector (kubectl -l syntax)", () => {
  it.each([
    ["", true],
    ["app=web", true],
    ["app==web", true],
    ["app = web", true],
    ["app!=web", false],
    ["app!=api", true],
    ["missing!=x", true],
    ["app in (api, web)", true],
    ["app notin (api,web)", false],
    ["missing notin (x)", true],
    ["missing in (x)", false],
    ["tier", true],
    ["!tier", false],
    ["!missing", true],
    ["app=web,tier=back", false],
    ["app in (web),topology.kubernetes.io/zone=eu-1a,!missing", true],
    ["app=", false],
  ])("%j matches: %s", (selector, want) => {
    expect(parseLabelSelector(selector)(labels)).toBe(want);
  });

  it("matches an object without labels only on absence", () => {
    expect(parseLabelSelector("!app")(undefined)).toBe(true);
    expect(parseLabelSelector("app")(undefined)).toBe(false);
  });

  it.each(["app in (web", "a==b==c", "app=(x)", "in (a)"])("refuses %j, naming the requirement", (selector) => {
    expect(() => parseLabelSelector(selector)).toThrow(SelectorError);
    expect(labelSelectorError(selector)).toMatch(/^unable to parse requirement: "/);
  });

  it("says nothing about a selector it can parse", () => {
    expect(labelSelectorError("app=web")).toBeNull();
  });
});
