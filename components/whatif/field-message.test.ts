import { describe, expect, it } from "vitest";

import { fieldMessage } from "./field-message";

describe("fieldMessage", () => {
  it.each([
    ["threshold", "500Mi"],
    ["threshold", "10%"],
    ["threshold", ""],
    ["threshold", "0"],
    ["reclaim", "200Mi"],
    ["grace", "1m30s"],
    ["grace", "0s"],
    ["reserved", "1Gi"],
  ] as const)("accepts %s %j", (kind, text) => expect(fieldMessage(kind, text, "memory")).toBeNull());

  it.each([
    ["threshold", "lots", "not a quantity: use 500Mi, 1Gi or 10%"],
    ["threshold", "1Gb", "not a quantity: use 500Mi, 1Gi or 10%"],
    ["threshold", "150%", "must be at most 100%"],
    ["threshold", "-1Gi", "must not be negative"],
    ["reclaim", "x", "not a quantity: use 500Mi, 1Gi or 10%"],
    ["grace", "soon", "not a duration: use 30s, 1m30s or 2h"],
    ["grace", "-1m", "must not be negative"],
    ["reserved", "10%", "a percentage is not allowed here: use 500Mi or 1Gi"],
    ["reserved", "two", "not a quantity: use 500Mi or 1Gi"],
  ] as const)("explains %s %j in words", (kind, text, msg) => expect(fieldMessage(kind, text, "memory")).toBe(msg));

  it("gives examples for the resource", () => {
    expect(fieldMessage("reserved", "lots", "cpu")).toBe("not a quantity: use 250m or 1");
    expect(fieldMessage("reserved", "lots", "pid")).toBe("not a quantity: use a number such as 1000");
  });
});
