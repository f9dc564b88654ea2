// The data layer keeps PSI and swap: node PSI whole, pods' averages and swap packed beside the
// other numbers, expanded only for the node page; the row's figures and the history's counters.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { analyzeNode } from "@/lib/eviction";

import { nodePressureOf, psiSamples, rowPressure } from "./node-pressure";
import { expandSummary, packSummary } from "./stored-summary";
import { trimSummary } from "./trim";

const fixture = (f: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "tests", "fixtures", "psi", f), "utf8")) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const node = { metadata: { name: "n" }, status: { capacity: { memory: "8131028Ki" }, nodeInfo: { kubeletVersion: "v1.34.2" } } };

describe("PSI and swap in the stored Summary", () => {
  const raw = fixture("kubelet-1.34-cgroupv2-psi-swap.json");
  const stored = packSummary(trimSummary(raw));

  it("keeps the node's PSI whole and its swap", () => {
    const s = expandSummary(stored);
    expect(s.node!.memory!.psi).toEqual(raw.node.memory.psi);
    expect(s.node!.cpu!.psi).toEqual(raw.node.cpu.psi);
    expect(s.node!.io!.psi).toEqual(raw.node.io.psi);
    expect(s.node!.swap).toEqual({
      swapUsageBytes: raw.node.swap.swapUsageBytes,
      swapAvailableBytes: raw.node.swap.swapAvailableBytes,
    });
  });

  it("keeps pods' avg10 and avg60 (float32, back to two decimals) and swap, only when asked", () => {
    expect(expandSummary(stored).pods![0]!.memory!.psi).toBeUndefined();
    const pods = expandSummary(stored, true).pods!;
    expect(pods[0]!.memory!.psi).toEqual({ some: { avg10: 38.25, avg60: 17.9 }, full: { avg10: 21.07, avg60: 9.33 } });
    expect(pods[0]!.io!.psi!.some).toEqual({ avg10: 0.12, avg60: 0.1 });
    expect(pods[0]!.cpu!.psi!.full).toEqual({ avg10: 0, avg60: 0 });
    expect(pods[0]!.swap).toEqual({ swapUsageBytes: 52428800, swapAvailableBytes: 16777216 });
    expect(pods[0]!.memory!.workingSetBytes).toBe(raw.pods[0].memory.workingSetBytes);
    // the engine reads the expanded pods: dropped totals and avg300 come out as null
    const out = analyzeNode({ node, summary: expandSummary(stored, true) });
    expect(out.psi!.pods[0]!.psi).toMatchObject({
      reported: true,
      memory: { some: { avg10: 38.25, avg60: 17.9, avg300: null, total: null } },
    });
  });

  it("pays nothing for a fleet without PSI or swap", () => {
    const plain = fixture("kubelet-1.33-gate-off.json");
    for (const p of plain.pods) delete p.swap;
    const s = packSummary(trimSummary(plain));
    expect(s.invalid).toBeUndefined();
    expect(s.invalid ? null : s.pressure).toEqual({ psi: null, swap: null });
  });

  it("a Summary with malformed PSI is kept whole as invalid, so the node reports the field", () => {
    const bad = fixture("kubelet-1.34-cgroupv2-psi-swap.json");
    bad.pods[2].memory.psi.some.avg60 = "x";
    const s = packSummary(trimSummary(bad));
    expect(s.invalid).toBeDefined();
    expect(() => analyzeNode({ summary: expandSummary(s) })).toThrow(
      'summary.pods[2].memory.psi.some.avg60: must be a number, got "x"',
    );
  });
});

describe("row figures and history counters", () => {
  it("memory full avg60 and swap for the row; six counters for the history", () => {
    const p = nodePressureOf(analyzeNode({ node, summary: fixture("kubelet-1.34-cgroupv2-psi-swap.json") }));
    expect(rowPressure(p)).toEqual({ memoryFullAvg60: 5.9, psiAbsent: null, swapUsageBytes: 90177536 });
    expect(psiSamples(p).map((s) => [s.signal, s.available])).toEqual([
      ["cpu.some", 6543219876],
      ["cpu.full", 0],
      ["memory.some", 198765432],
      ["memory.full", 76543210],
      ["io.some", 34567890],
      ["io.full", 9876543],
    ]);
  });

  it("all-zero PSI: no value, the cause, and no counters", () => {
    const p = nodePressureOf(analyzeNode({ node, summary: fixture("kubelet-1.34-cgroupv1-all-zero.json") }));
    expect(rowPressure(p)).toEqual({ memoryFullAvg60: null, psiAbsent: "all-zero", swapUsageBytes: 0 });
    expect(psiSamples(p)).toEqual([]);
  });
});
