import { describe, expect, it } from "vitest";

import { parseDocumentText } from "@/lib/contract/document";
import { nestedText, validDoc } from "@/tests/hostile/helpers";

import { analyzeNode } from "../analyze";
import { checkNesting, MAX_NESTING_DEPTH } from "./nesting";

const nested = (depth: number): unknown => JSON.parse(nestedText(depth));

describe("checkNesting", () => {
  it("accepts a field exactly at the limit and refuses one level past it, naming the field", () => {
    expect(() => checkNesting({ kubeletConfig: nested(MAX_NESTING_DEPTH) })).not.toThrow();
    expect(() => checkNesting({ kubeletConfig: nested(MAX_NESTING_DEPTH + 1) })).toThrow(
      /^kubeletConfig: nested more than 64 levels deep$/,
    );
  });
  it("counts arrays as levels and survives 200 000 levels without a stack overflow", () => {
    const arrays = JSON.parse("[".repeat(200_000) + "]".repeat(200_000));
    expect(() => checkNesting({ pods: arrays })).toThrow(/^pods: nested more than 64/);
  });
});

describe("where the depth is checked", () => {
  it("the doorway (parseDocumentText) refuses deep pods, node and summary, JSON or YAML", () => {
    for (const field of ["node", "pods", "summary"])
      expect(() => parseDocumentText(`{"${field}":${nestedText(5000)}}`, "body")).toThrow(
        new RegExp(`^${field}: nested more than 64 levels deep`),
      );
    const yaml = "pods:\n" + Array.from({ length: 100 }, (_, i) => `${"  ".repeat(i + 1)}a:`).join("\n") + " 1\n";
    expect(() => parseDocumentText(yaml, "body")).toThrow(/^pods: nested more than 64/);
  });
  it("analyzeNode still checks the settings it walks whole", () => {
    expect(() => analyzeNode({ ...validDoc(), kubeletConfig: nested(5000) })).toThrow(/^kubeletConfig: nested more than 64/);
    expect(() => analyzeNode({ ...validDoc(), whatIf: nested(5000) })).toThrow(/^whatIf: nested more than 64/);
  });
  it("analyzeNode ignores a deep unknown field in a pod (read field by field, never walked) with the same result", () => {
    const doc = validDoc();
    const plain = analyzeNode(doc);
    (doc.pods[0] as Record<string, unknown>).extra = nested(5000);
    expect(analyzeNode(doc)).toEqual(plain);
  });
});
