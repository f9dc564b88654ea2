import { describe, expect, it } from "vitest";

import { containerOomScoreAdj, truncDiv } from "./oom-score";
import { c, mem, OFF, ON, pod, TABLE } from "./oom-score.cases";
import { computeQos } from "./qos";

describe("containerOomScoreAdj: kubernetes TestGetContainerOOMScoreAdjust", () => {
  const rows = Object.entries(TABLE).flatMap(([name, t]) =>
    [...(t.pod.spec?.initContainers ?? []), ...(t.pod.spec?.containers ?? [])].map((ct) => ({
      name: `${name} / ${ct.name}`,
      t,
      ct,
    })),
  );
  it.each(rows)("$name", ({ t, ct }) => {
    const gates = t.gates ?? OFF;
    const want = t.want[ct.name];
    // Upstream runs without API defaulting; podQos (defaulted) must agree on these pods.
    expect(containerOomScoreAdj(t.pod, ct, t.capacity, gates, computeQos(t.pod, gates, { applyDefaults: false }))).toBe(want);
    expect(containerOomScoreAdj(t.pod, ct, t.capacity, gates)).toBe(want);
  });
});

describe("the float64 fast path", () => {
  it("truncDiv divides like Go's int64 `/` (truncating toward zero) below 2^52", () => {
    let s = 42;
    const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const cases: [number, number][] = [
      [0, 7],
      [-1, 7],
      [1, 7],
      [-7, 7],
      [7, 7],
      [2 ** 52 - 1, 3],
      [-(2 ** 52 - 1), 3],
      [999_999_999_999_999, 1_000_000_000_000_001],
    ];
    for (let i = 0; i < 20_000; i++) {
      const b = 1 + Math.floor(rnd() * 2 ** (1 + Math.floor(rnd() * 51)));
      const q = Math.floor(rnd() * 2000) - 1000;
      // numerators next to multiples of the divisor are where a float quotient rounds the wrong way
      const a = q * b + Math.floor(rnd() * 3) - 1;
      if (Math.abs(a) < 2 ** 52) cases.push([a, b]);
    }
    for (const [a, b] of cases) expect(truncDiv(a, b)).toBe(Number(BigInt(a) / BigInt(b)));
  });

  it("agrees with Go's int64 formula at and past the fast path's bounds", () => {
    const cases: [number, number][] = [
      [2 ** 42 - 1, 2 ** 52 - 1],
      [2 ** 42, 2 ** 52 - 1],
      [5 * 2 ** 40, 8 * 2 ** 40],
      [1, 2 ** 53],
      [123456789, 3 * 2 ** 50],
      [2 ** 30, 2 ** 52],
    ];
    for (const [request, capacity] of cases) {
      const main = c("a", mem(String(request)), mem(String(2 * request)));
      const adj = containerOomScoreAdj(pod({ containers: [main] }), main, capacity, ON, "Burstable");
      const want = Number(1000n - (1000n * BigInt(request)) / BigInt(capacity));
      expect(adj).toBe(want < 3 ? 3 : want === 1000 ? 999 : want);
    }
  });
});
