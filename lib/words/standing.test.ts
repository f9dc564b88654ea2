import { describe, expect, it } from "vitest";

import { noPressureSentence, requestStanding } from "./standing";

describe("shared phrases", () => {
  it("says how far a pod is over its request, or that it is within it", () => {
    expect(requestStanding("memory.available", 291 * 2 ** 20)).toBe("291Mi over its request");
    expect(requestStanding("memory.available", 0)).toBe("within its request");
    expect(requestStanding("memory.available", -5)).toBe("within its request");
  });
  it("names the closest threshold, or says none applies", () => {
    expect(noPressureSentence({ signal: "nodefs.available", fraction: 0.375 })).toBe(
      "No pressure; the closest threshold is nodefs.available with 37.5% margin.",
    );
    expect(noPressureSentence(null)).toBe("No pressure; no eviction threshold is configured for the observed signals.");
  });
});
