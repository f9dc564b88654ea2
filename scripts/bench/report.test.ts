import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { machineDescription, printedLines, recordBench, renderSection, replaceSection } from "./report";

const date = new Date("2026-11-23T17:05:42Z");
const machine = "2 cores, 24 GiB, Test CPU, Node v22.0.0";
const tempFile = () => join(mkdtempSync(join(tmpdir(), "headroom-report-")), "benchmarks.md");

describe("recordBench", () => {
  it("creates the file with a header and the section, dated in UTC with the machine", () => {
    const file = tempFile();
    recordBench("Engine", ["engine bench: 5000 nodes", "  one node: 0.300 ms"], { file, date, machine });
    const doc = readFileSync(file, "utf8");
    expect(doc.startsWith("# Benchmarks\n")).toBe(true);
    expect(doc).toContain("## Engine\n\nMeasured 2026-11-23 17:05 UTC on 2 cores, 24 GiB, Test CPU, Node v22.0.0.");
    expect(doc).toContain("```text\nengine bench: 5000 nodes\n  one node: 0.300 ms\n```");
  });

  it("replaces only its own section and keeps the others and the text around them", () => {
    const file = tempFile();
    recordBench("Engine", ["old engine line"], { file, date, machine });
    recordBench("Data layer", ["data line"], { file, date, machine });
    writeFileSync(file, readFileSync(file, "utf8") + "\nA note kept by hand.\n");
    recordBench("Engine", ["new engine line"], { file, date: new Date("2026-12-01T08:00:00Z"), machine });
    const doc = readFileSync(file, "utf8");
    expect(doc).not.toContain("old engine line");
    expect(doc).toContain("new engine line");
    expect(doc).toContain("Measured 2026-12-01 08:00 UTC");
    expect(doc).toContain("data line");
    expect(doc).toContain("A note kept by hand.");
    expect(doc.match(/## Engine/g)).toHaveLength(1);
    // The replaced section stays where it was, ahead of the one recorded after it.
    expect(doc.indexOf("## Engine")).toBeLessThan(doc.indexOf("## Data layer"));
  });

  it("appends a section the document does not have yet", () => {
    const doc = replaceSection("# Benchmarks\n", "UI", renderSection("UI", ["ui line"], date, machine));
    expect(doc).toBe(`# Benchmarks\n\n${renderSection("UI", ["ui line"], date, machine)}\n`);
  });
});

describe("printedLines", () => {
  it("collects what console.log printed, formatted as printed", () => {
    console.log("  figure: %s ms", "12");
    expect(printedLines().at(-1)).toBe("  figure: 12 ms");
  });
});

describe("machineDescription", () => {
  it("names cores, memory, CPU, the Node version and the load average", () => {
    expect(machineDescription()).toMatch(/^\d+ cores, \d+ GiB, .+, Node v\d+\.\d+\.\d+, load \d+\.\d$/);
  });
});
