// The byte writer says what the string renderer said: numbers as String(v) (or +Inf, -Inf, NaN),
// strings as UTF-8, across its buffer's growth.
import { describe, expect, it } from "vitest";

import { ascii, TextWriter } from "./text-writer";

const prom = (v: number) => (Number.isFinite(v) ? String(v) : v > 0 ? "+Inf" : v < 0 ? "-Inf" : "NaN");

describe("TextWriter", () => {
  it("writes numbers as String(v) would, integers and fractions, edges included", () => {
    const values = [0, -0, 1, -1, 9, 10, 99, 100, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, 2 ** 60, 1e21, 1e-7, 0.1, -2.5, 5e-324];
    const special = [Infinity, -Infinity, NaN];
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (let i = 0; i < 20_000; i++) {
      const r = rnd();
      values.push(Math.round(r * 10 ** (i % 16)), r * 10 ** ((i % 30) - 10), Math.round(r * 1e6) / 10);
    }
    const w = new TextWriter(16); // grows many times
    let expected = "";
    for (const v of [...values, ...special]) {
      w.num(v).nl();
      expected += `${prom(v)}\n`;
    }
    for (const v of values) {
      w.js(v).nl();
      expected += `${v}\n`;
    }
    expect(w.view().toString("utf8")).toBe(expected);
  });

  it("writes strings as UTF-8 and constants as their bytes", () => {
    const w = new TextWriter(4);
    w.str("node-1").bytes(ascii('",signal="')).str("nœud-é-ü").str("🙂").nl();
    expect(w.view().toString("utf8")).toBe('node-1",signal="nœud-é-ü🙂\n');
  });
});
