// The data layer keeps PSI and swap: node PSI whole, pods' averages and swap packed beside the
// other numbers, expanded only for the node page; the row's figures and the history's counters.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { analyzeNode } from "@/lib/eviction";

import { nodePressureOf, psiSamples, rowPressure } from "./store/node-pressure";
import { expandSummary, packSummary } from "./store/stored-summary";
import { trimSummary } from "./store/trim";

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

  it("keeps pods' avg10 and avg60 (hundredths, exact to the kernel's two decimals) and swap, only when asked", () => {
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

  it("keeps the pods' pressure in the numbers' own buffer: one allocation and one transfer per Summary", () => {
    if (stored.invalid) throw new Error("fixture is valid");
    expect(stored.pressure!.psi!.buffer).toBe(stored.nums.buffer);
    expect(stored.pressure!.swap!.buffer).toBe(stored.nums.buffer);
    const pods = raw.pods.length as number;
    // numbers, then per pod 2 swap figures (float64) and 12 PSI averages (uint16), then the node's 27 PSI numbers
    const podPsiBytes = Math.ceil((pods * 12 * 2) / 8) * 8;
    expect(stored.nums.buffer.byteLength).toBe(stored.nums.byteLength + pods * 2 * 8 + podPsiBytes + 27 * 8);
    // what postMessage does with the transfer list the collection thread gives (on a copy: it detaches the buffer)
    const sent = packSummary(trimSummary(raw));
    const copy = structuredClone(sent, { transfer: [(sent.invalid ? null : sent.nums.buffer) as ArrayBuffer] });
    expect(expandSummary(copy, true).pods![0]!.memory!.psi!.some).toEqual({ avg10: 38.25, avg60: 17.9 });
  });

  it("reads an average no kernel prints (above 655.34 %) as absent, not as a wrapped number", () => {
    const odd = fixture("kubelet-1.34-cgroupv2-psi-swap.json");
    odd.pods[0].memory.psi.some.avg10 = 700;
    odd.pods[0].memory.psi.full = { avg10: 0.004, avg60: 99.995 };
    const memory = expandSummary(packSummary(trimSummary(odd)), true).pods![0]!.memory!.psi!;
    expect(memory.some).toEqual({ avg10: undefined, avg60: 17.9 });
    expect(memory.full).toEqual({ avg10: 0, avg60: 100 });
  });

  it("keeps 'no swap' (every pod 0 of 0, as kubelets since 1.28 report without a swap device) as a flag, not as numbers", () => {
    const none = fixture("kubelet-1.34-cgroupv2-psi-swap.json");
    for (const p of none.pods) p.swap = { time: p.swap?.time, swapUsageBytes: 0, swapAvailableBytes: 0 };
    const s = packSummary(trimSummary(none));
    if (s.invalid) throw new Error("fixture is valid");
    expect(s.pressure!.swap).toBeNull();
    expect(s.pressure!.noSwap).toBe(true);
    expect(expandSummary(s, true).pods!.map((p) => p.swap)).toEqual(
      none.pods.map(() => ({ swapUsageBytes: 0, swapAvailableBytes: 0 })),
    );
    // one pod with swap in use: every pod keeps its own figures
    none.pods[1].swap.swapUsageBytes = 4096;
    const some = packSummary(trimSummary(none));
    expect(expandSummary(some, true).pods![1]!.swap).toEqual({ swapUsageBytes: 4096, swapAvailableBytes: 0 });
    expect(expandSummary(some, true).pods![0]!.swap).toEqual({ swapUsageBytes: 0, swapAvailableBytes: 0 });
  });

  it("keeps the node's PSI in the buffer, not as objects, and the engine reads the same report back", () => {
    for (const f of [
      "kubelet-1.34-cgroupv2-psi-swap.json",
      "kubelet-1.34-cgroupv1-all-zero.json",
      "kubelet-1.33-gate-off.json",
    ]) {
      const summary = fixture(f);
      const s = packSummary(trimSummary(summary));
      if (s.invalid) throw new Error(`${f} is valid`);
      expect(s.node!.cpu?.psi ?? s.node!.memory?.psi ?? s.node!.io).toBeUndefined();
      expect(s.nodePsi?.buffer ?? s.nums.buffer).toBe(s.nums.buffer);
      const direct = analyzeNode({ node, summary: trimSummary(summary) });
      const stored = analyzeNode({ node, summary: expandSummary(s) });
      expect(stored.psi!.node, f).toEqual(direct.psi!.node);
      expect(stored.signals, f).toEqual(direct.signals);
    }
  });

  it("packs the same pod averages from the raw PSI objects (the collection thread's way) as from copies of them", () => {
    const asSent = packSummary(trimSummary(raw, { podPsiAsSent: true }));
    expect(expandSummary(asSent, true)).toEqual(expandSummary(stored, true));
    // what the thread validates is what the kubelet sent: a broken pod total is named too
    const odd = fixture("kubelet-1.34-cgroupv2-psi-swap.json");
    odd.pods[0].io.psi.some.total = "x";
    const s = packSummary(trimSummary(odd, { podPsiAsSent: true }));
    expect(() => analyzeNode({ summary: expandSummary(s) })).toThrow("summary.pods[0].io.psi.some.total: must be a number");
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
    expect(psiSamples(p).map((s) => [s.name, s.value])).toEqual([
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
