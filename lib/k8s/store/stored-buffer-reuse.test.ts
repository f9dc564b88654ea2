import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { reuseBuffer } from "./stored-buffer-reuse";
import { expandSummary, packSummary, type StoredSummary } from "./stored-summary";
import { trimSummary } from "./trim";
import type { WireSummary } from "./wire";

const raw = () =>
  JSON.parse(
    readFileSync(
      join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "psi", "kubelet-1.34-cgroupv2-psi-swap.json"),
      "utf8",
    ),
  ) as WireSummary;
const pack = (s: WireSummary) => packSummary(trimSummary(s));
const bufferOf = (s: StoredSummary) => (s.invalid ? null : s.nums.buffer);

describe("reuseBuffer", () => {
  it("copies a Summary of the same layout into the previous one's buffer, and it reads as the new one", () => {
    const prev = pack(raw());
    const later = raw();
    later.node!.memory!.workingSetBytes! += 4096;
    later.node!.memory!.psi!.some!.avg10 = 12.5;
    later.pods![0]!.memory!.workingSetBytes! += 8192;
    later.pods![0]!.memory!.psi!.full!.avg60 = 3.25;
    const next = pack(later);
    const expected = expandSummary(next, true);
    const kept = reuseBuffer(prev, next);
    expect(bufferOf(kept)).toBe(bufferOf(prev));
    expect(bufferOf(kept)).not.toBe(bufferOf(next));
    expect(expandSummary(kept, true)).toEqual(expected);
    expect(expandSummary(kept).node!.memory!.psi!.some!.avg10).toBe(12.5);
  });

  it("keeps the new buffer when the layout changed (a pod came or went) or either Summary is invalid", () => {
    const prev = pack(raw());
    const fewer = raw();
    fewer.pods!.pop();
    const next = pack(fewer);
    expect(reuseBuffer(prev, next)).toBe(next);
    expect(reuseBuffer(null, next)).toBe(next);
    const broken = raw();
    (broken.pods![0]!.memory as Record<string, unknown>).workingSetBytes = "x";
    const invalid = pack(broken);
    expect(invalid.invalid).toBeDefined();
    expect(reuseBuffer(prev, invalid)).toBe(invalid);
    expect(reuseBuffer(invalid, next)).toBe(next);
  });
});
