// Port of kubernetes pkg/kubelet/eviction/helpers_test.go TestParseThresholdConfig (map form, every case),
// run twice: as KubeletConfiguration maps and as the equivalent command-line flags. Two cases exist only in the
// older string-form test ("duplicate-signal", "duplicate-reclaim"); they are at the end, adapted to the flag
// parser of today, where a repeated key is no longer an error (the last one wins).
import { describe, expect, it } from "vitest";

import { Gi, Mi, percent as pct } from "../testing";
import {
  effectiveConfig,
  parseKubeletFlags,
  parseThresholds,
  type EvictionConfig,
  type Threshold,
  type ThresholdValue,
} from "./thresholds";

type Maps = Partial<Pick<EvictionConfig, "evictionHard" | "evictionSoft" | "evictionSoftGracePeriod" | "evictionMinimumReclaim">>;
interface Case {
  pods?: boolean; // allocatableConfig = [NodeAllocatableEnforcementKey]
  maps: Maps;
  error?: RegExp;
  want?: Threshold[];
}

const q = (quantity: number): ThresholdValue => ({ quantity });
const t = (signal: Threshold["signal"], value: ThresholdValue, minReclaim: ThresholdValue | null, grace = 0): Threshold => ({
  signal,
  kind: "hard",
  value,
  gracePeriodSeconds: grace,
  minReclaim,
});
const soft = (th: Threshold): Threshold => ({ ...th, kind: "soft" });

const CASES: Record<string, Case> = {
  "no values": { maps: { evictionHard: {} }, want: [] },
  "all memory eviction values": {
    pods: true,
    maps: {
      evictionHard: { "memory.available": "150Mi" },
      evictionSoft: { "memory.available": "300Mi" },
      evictionSoftGracePeriod: { "memory.available": "30s" },
      evictionMinimumReclaim: { "memory.available": "0" },
    },
    want: [
      t("memory.available", q(150 * Mi), q(0)),
      soft(t("memory.available", q(300 * Mi), q(0), 30)),
      t("allocatableMemory.available", q(150 * Mi), q(0)), // Go lists it first; it is appended last
    ],
  },
  "all memory eviction values in percentages": {
    maps: {
      evictionHard: { "memory.available": "10%" },
      evictionSoft: { "memory.available": "30%" },
      evictionSoftGracePeriod: { "memory.available": "30s" },
      evictionMinimumReclaim: { "memory.available": "5%" },
    },
    want: [t("memory.available", pct(0.1), pct(0.05)), soft(t("memory.available", pct(0.3), pct(0.05), 30))],
  },
  "disk eviction values": {
    maps: {
      evictionHard: { "imagefs.available": "150Mi", "nodefs.available": "100Mi" },
      evictionSoft: { "imagefs.available": "300Mi", "nodefs.available": "200Mi" },
      evictionSoftGracePeriod: { "imagefs.available": "30s", "nodefs.available": "30s" },
      evictionMinimumReclaim: { "imagefs.available": "2Gi", "nodefs.available": "1Gi" },
    },
    want: [
      t("imagefs.available", q(150 * Mi), q(2 * Gi)),
      t("nodefs.available", q(100 * Mi), q(Gi)),
      soft(t("imagefs.available", q(300 * Mi), q(2 * Gi), 30)),
      soft(t("nodefs.available", q(200 * Mi), q(Gi), 30)),
    ],
  },
  "disk eviction values in percentages": {
    maps: {
      evictionHard: { "imagefs.available": "15%", "nodefs.available": "10.5%" },
      evictionSoft: { "imagefs.available": "30%", "nodefs.available": "20.5%" },
      evictionSoftGracePeriod: { "imagefs.available": "30s", "nodefs.available": "30s" },
      evictionMinimumReclaim: { "imagefs.available": "10%", "nodefs.available": "5%" },
    },
    want: [
      t("imagefs.available", pct(0.15), pct(0.1)),
      t("nodefs.available", pct(0.105), pct(0.05)),
      soft(t("imagefs.available", pct(0.3), pct(0.1), 30)),
      soft(t("nodefs.available", pct(0.205), pct(0.05), 30)),
    ],
  },
  "inode eviction values": {
    maps: {
      evictionHard: { "imagefs.inodesFree": "150Mi", "nodefs.inodesFree": "100Mi" },
      evictionSoft: { "imagefs.inodesFree": "300Mi", "nodefs.inodesFree": "200Mi" },
      evictionSoftGracePeriod: { "imagefs.inodesFree": "30s", "nodefs.inodesFree": "30s" },
      evictionMinimumReclaim: { "imagefs.inodesFree": "2Gi", "nodefs.inodesFree": "1Gi" },
    },
    want: [
      t("imagefs.inodesFree", q(150 * Mi), q(2 * Gi)),
      t("nodefs.inodesFree", q(100 * Mi), q(Gi)),
      soft(t("imagefs.inodesFree", q(300 * Mi), q(2 * Gi), 30)),
      soft(t("nodefs.inodesFree", q(200 * Mi), q(Gi), 30)),
    ],
  },
  "disable via 0%": {
    maps: { evictionHard: { "memory.available": "0%" }, evictionSoft: { "memory.available": "0%" } },
    want: [],
  },
  "disable via 100%": {
    maps: { evictionHard: { "memory.available": "100%" }, evictionSoft: { "memory.available": "100%" } },
    want: [],
  },
  "invalid-signal": { maps: { evictionHard: { "mem.available": "150Mi" } }, error: /unsupported eviction signal mem\.available/ },
  "hard-signal-negative": {
    maps: { evictionHard: { "memory.available": "-150Mi" } },
    error: /"-150Mi" must be a positive quantity/,
  },
  "hard-signal-negative-percentage": {
    maps: { evictionHard: { "memory.available": "-15%" } },
    error: /eviction percentage threshold memory.available must be >= 0%: -15%/,
  },
  "hard-signal-percentage-greater-than-100%": {
    maps: { evictionHard: { "memory.available": "150%" } },
    error: /eviction percentage threshold memory.available must be <= 100%: 150%/,
  },
  "soft-signal-negative": {
    maps: { evictionHard: {}, evictionSoft: { "memory.available": "-150Mi" } },
    error: /must be a positive quantity/,
  },
  "valid-and-invalid-signal": {
    maps: { evictionHard: { "memory.available": "150Mi", "invalid.foo": "150Mi" } },
    error: /\["invalid.foo"\]: unsupported eviction signal invalid.foo/,
  },
  "soft-no-grace-period": {
    maps: { evictionHard: {}, evictionSoft: { "memory.available": "150Mi" } },
    error: /grace period must be specified for the soft eviction threshold memory.available/,
  },
  "soft-negative-grace-period": {
    maps: {
      evictionHard: {},
      evictionSoft: { "memory.available": "150Mi" },
      evictionSoftGracePeriod: { "memory.available": "-30s" },
    },
    error: /invalid eviction grace period specified: -30s, must be a positive value/,
  },
  "negative-reclaim": {
    maps: { evictionHard: {}, evictionMinimumReclaim: { "memory.available": "-300Mi" } },
    error: /negative eviction minimum reclaim specified for memory.available/,
  },
};

const FLAG = {
  evictionHard: ["--eviction-hard", "<"],
  evictionSoft: ["--eviction-soft", "<"],
  evictionSoftGracePeriod: ["--eviction-soft-grace-period", "="],
  evictionMinimumReclaim: ["--eviction-minimum-reclaim", "="],
} as const;

function asFlags(maps: Maps): string {
  return Object.entries(maps)
    .map(([k, m]) => {
      const [flag, sep] = FLAG[k as keyof Maps];
      return `${flag}=${Object.entries(m ?? {})
        .map(([s, v]) => `${s}${sep}${v}`)
        .join(",")}`;
    })
    .join(" ");
}

function run(form: "config" | "flags", c: Case): Threshold[] {
  const enforce = { enforceNodeAllocatable: c.pods ? ["pods"] : [] };
  const eff =
    form === "config" ? effectiveConfig({ ...c.maps, ...enforce }) : effectiveConfig(enforce, parseKubeletFlags(asFlags(c.maps)));
  return parseThresholds(eff.config, eff.fieldName);
}

describe.each(["config", "flags"] as const)("TestParseThresholdConfig as %s", (form) => {
  it.each(Object.entries(CASES))("%s", (_name, c) => {
    if (c.error) expect(() => run(form, c)).toThrow(c.error);
    else expect(run(form, c)).toEqual(c.want);
  });
});

describe("string-form cases of the older TestParseThresholdConfig, adapted to today's flag parser", () => {
  it("duplicate-signal: no longer an error, the last value wins", () => {
    const flags = parseKubeletFlags("--eviction-hard=memory.available<150Mi,memory.available<100Mi");
    const eff = effectiveConfig({ enforceNodeAllocatable: [] }, flags);
    expect(parseThresholds(eff.config)).toEqual([t("memory.available", q(100 * Mi), null)]);
  });
  it("duplicate-reclaim: still an error, because the surviving value -100Mi is negative", () => {
    const flags = parseKubeletFlags(
      "--eviction-hard= --eviction-minimum-reclaim=memory.available=-300Mi,memory.available=-100Mi",
    );
    const eff = effectiveConfig(undefined, flags);
    expect(eff.config.evictionMinimumReclaim).toEqual({ "memory.available": "-100Mi" });
    expect(() => parseThresholds(eff.config, eff.fieldName)).toThrow(
      'kubeletFlags(--eviction-minimum-reclaim)["memory.available"]: negative eviction minimum reclaim specified for memory.available',
    );
  });
});
