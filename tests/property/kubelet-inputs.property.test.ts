// Fuzz of the two kubelet-settings inputs, kubelet flags and a KubeletConfiguration (issue 29): the
// HTTP route answers 200 with every quantity a finite number, or a 4xx naming the setting; never a
// 5xx, never null / Infinity / NaN where a quantity belongs. The CLI exits 0 or 2 and its table
// never prints Infinity or NaN. Bounded: a few thousand documents, a few seconds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { POST } from "@/app/api/analyze/route";
import { main } from "@/bin/cli";
import { SIGNALS } from "@/lib/eviction";
import { runCli, validDoc, writeTemp } from "@/tests/hostile/helpers";

import { FIELD_ERROR, nastyString, nastyValue, RUNS } from "./arbitraries";

const FUZZ_RUNS = Math.min(RUNS, 1000);
const SETTINGS_ERROR = /^(kubeletFlags|kubeletConfig|defaults)[.([:]/;
// A flag-sourced setting is named `kubeletFlags(--eviction-hard)["memory.available"]`; past the
// flag's name it is the same field path as everywhere else.
const fieldError = (error: string) => error.replace(/^kubeletFlags\(--[a-z-]+\)/, "kubeletFlags");

const signal = fc.oneof(fc.constantFrom(...SIGNALS), fc.constantFrom("memory.avail", "", "__proto__", "cpu"));
const reservable = fc.constantFrom("cpu", "memory", "ephemeral-storage", "pid", "nvidia.com/gpu", "");
const hugeQuantity = fc.constantFrom("1e400", "-1e400", "1e19", "9223372036854775808", "9223372036854775807", "9".repeat(40));
const value = fc.oneof(nastyString, hugeQuantity);

// One flag as an operator might write it, with hostile values; word-splitting quirks included.
const flag: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom("eviction-hard", "eviction-soft"), signal, value).map(([f, s, v]) => `--${f}=${s}<${v}`),
  fc.tuple(signal, value).map(([s, v]) => `--eviction-minimum-reclaim=${s}=${v}`),
  fc.tuple(signal, value).map(([s, v]) => `--eviction-soft-grace-period=${s}=${v}`),
  fc.tuple(fc.constantFrom("kube-reserved", "system-reserved"), reservable, value).map(([f, r, v]) => `--${f}=${r}=${v}`),
  fc
    .tuple(
      fc.constantFrom(
        "eviction-max-pod-grace-period",
        "eviction-pressure-transition-period",
        "enforce-node-allocatable",
        "reserved-cpus",
        "experimental-allocatable-ignore-eviction",
      ),
      value,
    )
    .map(([f, v]) => `--${f}=${v}`),
  fc.tuple(signal, value, signal, value).map(([a, v, b, w]) => `--eviction-hard "${a}<${v}, ${b}<${w}"`),
  fc.constantFrom("--eviction-hard", "'", '"', "\\", "--", "KUBELET_ARGS=--eviction-hard=memory.available<1e400"),
);
const flags = fc.array(flag, { minLength: 1, maxLength: 5 }).map((f) => f.join(" "));

const thresholdMap = fc.dictionary(signal, value, { maxKeys: 3 });
const reserveMap = fc.dictionary(reservable, value, { maxKeys: 3 });
// A KubeletConfiguration with hostile maps (also in the legacy configz string form) and fields.
const config = fc.record(
  {
    evictionHard: fc.oneof(
      thresholdMap,
      fc.tuple(signal, value).map(([s, v]) => `${s}<${v}`),
      fc.constant(null),
    ),
    evictionSoft: thresholdMap,
    evictionSoftGracePeriod: fc.oneof(fc.dictionary(signal, fc.constantFrom("1m", "0s", "-1s", "x"), { maxKeys: 3 }), nastyValue),
    evictionMinimumReclaim: fc.oneof(
      thresholdMap,
      fc.tuple(signal, value).map(([s, v]) => `${s}=${v}`),
    ),
    kubeReserved: reserveMap,
    systemReserved: fc.oneof(reserveMap, nastyValue),
    mergeDefaultEvictionSettings: fc.oneof(fc.boolean(), nastyValue),
    evictionMaxPodGracePeriod: nastyValue,
    evictionPressureTransitionPeriod: nastyValue,
    enforceNodeAllocatable: fc.oneof(fc.constant(["pods"]), nastyValue),
    reservedSystemCPUs: nastyValue,
  },
  { requiredKeys: [] },
);

const documents = fc.oneof(
  flags.map((kubeletFlags) => ({ ...validDoc(), kubeletFlags })),
  config.map((kubeletConfig) => ({ ...validDoc(), kubeletConfig })),
  fc.tuple(config, flags).map(([kubeletConfig, kubeletFlags]) => ({ ...validDoc(), kubeletConfig, kubeletFlags })),
);

interface Output {
  thresholds: { value: Record<string, unknown> | null; minReclaim: Record<string, unknown> | null }[];
  reservation: Record<string, Record<string, unknown>>;
  allocatable: Record<string, unknown>;
  signals: { thresholds: { value: unknown; margin: unknown }[] }[];
}

/** Every number where a quantity, percentage, reservation or margin belongs; names the first one that is not. */
function notANumber(out: Output): string | null {
  const isNum = (v: unknown) => typeof v === "number" && Number.isFinite(v);
  for (const [i, t] of out.thresholds.entries()) {
    for (const [k, v] of Object.entries(t.value ?? {})) if (!isNum(v)) return `thresholds[${i}].value.${k} = ${v}`;
    for (const [k, v] of Object.entries(t.minReclaim ?? {})) if (!isNum(v)) return `thresholds[${i}].minReclaim.${k} = ${v}`;
  }
  for (const [map, amounts] of Object.entries(out.reservation))
    for (const [k, v] of Object.entries(amounts)) if (!isNum(v)) return `reservation.${map}.${k} = ${v}`;
  for (const [k, v] of Object.entries(out.allocatable)) if (!isNum(v)) return `allocatable.${k} = ${v}`;
  for (const [i, s] of out.signals.entries())
    for (const [j, t] of s.thresholds.entries())
      if (!isNum(t.value) || !isNum(t.margin)) return `signals[${i}].thresholds[${j}] = ${JSON.stringify(t)}`;
  return null;
}

describe("kubelet flags and KubeletConfiguration, fuzzed", () => {
  it("POST /api/analyze: 200 with finite quantities, or a 4xx naming the setting", async () => {
    await fc.assert(
      fc.asyncProperty(documents, async (doc) => {
        const res = await POST(new Request("http://h/api/analyze", { method: "POST", body: JSON.stringify(doc) }));
        const json = (await res.json()) as Output & { error?: string };
        if (res.status === 200) {
          expect(notANumber(json)).toBeNull();
        } else {
          expect(res.status).toBe(400);
          expect(fieldError(json.error!)).toMatch(FIELD_ERROR);
          expect(json.error).toMatch(SETTINGS_ERROR);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("the CLI's table exits 0 or 2 naming the setting, and never prints Infinity or NaN", async () => {
    await fc.assert(
      fc.asyncProperty(documents, async (doc) => {
        const r = await runCli(main, ["analyze", writeTemp("kubelet.json", JSON.stringify(doc)), "--output", "table"]);
        expect(r.status === 0 || r.status === 2, r.stderr).toBe(true);
        if (r.status === 0) expect(r.stdout).not.toMatch(/Infinity|NaN/);
        else expect(r.stderr).toMatch(/^headroom: (kubeletFlags|kubeletConfig|defaults)[.([:]/);
      }),
      { numRuns: Math.min(FUZZ_RUNS, 300) },
    );
  });
});
