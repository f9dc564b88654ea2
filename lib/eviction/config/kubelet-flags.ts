// Reads kubelet command-line flags (pflag + component-base cli/flag semantics) for the eviction settings.
import { parseGoDuration } from "../quantities/go-parse";
import { ConfigError, getOwn, type ConfigKey, type EvictionConfig } from "./config-types";
import { checkEnforceNodeAllocatable, parseFlagMap } from "./flag-values";
import { splitShellWords } from "./shell-words";

type MapKey =
  "evictionHard" | "evictionSoft" | "evictionSoftGracePeriod" | "evictionMinimumReclaim" | "kubeReserved" | "systemReserved";

const MAP_FLAGS: Record<string, { key: MapKey; sep: "<" | "=" }> = {
  "eviction-hard": { key: "evictionHard", sep: "<" },
  "eviction-soft": { key: "evictionSoft", sep: "<" },
  "eviction-soft-grace-period": { key: "evictionSoftGracePeriod", sep: "=" },
  "eviction-minimum-reclaim": { key: "evictionMinimumReclaim", sep: "=" },
  "kube-reserved": { key: "kubeReserved", sep: "=" },
  "system-reserved": { key: "systemReserved", sep: "=" },
};
const OTHER_FLAGS: Record<string, ConfigKey> = {
  "eviction-pressure-transition-period": "evictionPressureTransitionPeriodSeconds",
  "eviction-max-pod-grace-period": "evictionMaxPodGracePeriod",
  "enforce-node-allocatable": "enforceNodeAllocatable",
  "experimental-allocatable-ignore-eviction": "experimentalAllocatableIgnoreEviction",
  "reserved-cpus": "reservedSystemCPUs",
};
const FLAG_OF: Partial<Record<ConfigKey, string>> = Object.fromEntries([
  ...Object.entries(MAP_FLAGS).map(([flag, { key }]) => [key, flag]),
  ...Object.entries(OTHER_FLAGS).map(([flag, key]) => [key, flag]),
]);
const BOOLS: Record<string, boolean> = { "1": true, t: true, T: true, TRUE: true, true: true, True: true };
for (const f of ["0", "f", "F", "FALSE", "false", "False"]) BOOLS[f] = false;

/** Names a flag-sourced setting for error messages: `kubeletFlags(--eviction-hard)`. */
export function flagFieldName(field: string, key: ConfigKey): string {
  return `${field}(--${getOwn(FLAG_OF, key) ?? key})`;
}

function setOther(
  out: Partial<EvictionConfig>,
  flag: string,
  value: string,
  explicit: boolean,
  field: string,
  seen: Set<string>,
): void {
  const bad = (why: string) =>
    new ConfigError(`${field}: invalid argument ${JSON.stringify(value)} for "--${flag}" flag: ${why}`);
  switch (flag) {
    case "eviction-pressure-transition-period":
      try {
        out.evictionPressureTransitionPeriodSeconds = parseGoDuration(value);
      } catch (e) {
        throw bad((e as Error).message);
      }
      return;
    case "eviction-max-pod-grace-period": {
      const n = /^[+-]?\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(n) || n < -(2 ** 31) || n >= 2 ** 31)
        throw bad(`strconv.ParseInt: parsing ${JSON.stringify(value)}: invalid syntax`);
      out.evictionMaxPodGracePeriod = n;
      return;
    }
    case "enforce-node-allocatable": {
      // pflag StringSlice: the first use replaces the default, later uses append; "" is an empty list.
      const items = value === "" ? [] : value.split(",");
      out.enforceNodeAllocatable = [...(seen.has(flag) ? (out.enforceNodeAllocatable ?? []) : []), ...items];
      checkEnforceNodeAllocatable(out.enforceNodeAllocatable, flagFieldName(field, "enforceNodeAllocatable"));
      return;
    }
    case "experimental-allocatable-ignore-eviction": {
      const b = explicit ? getOwn(BOOLS, value) : true;
      if (b === undefined) throw bad(`strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`);
      out.experimentalAllocatableIgnoreEviction = b;
      return;
    }
    case "reserved-cpus":
      out.reservedSystemCPUs = value;
  }
}

/**
 * Reads the eviction and reservation flags from kubelet command-line text, ignoring unknown flags.
 *
 * Takes `--flag=value` or `--flag value`, shell quotes, `NAME=` env-file prefixes and line continuations; a repeated
 * map flag accumulates with its first use clearing the default, and the last repeat of a key wins.
 * @example parseKubeletFlags("--eviction-hard=memory.available<500Mi --kube-reserved cpu=100m")
 */
export function parseKubeletFlags(flags: string, field = "kubeletFlags"): Partial<EvictionConfig> {
  const out: Partial<EvictionConfig> = {};
  const seen = new Set<string>();
  const tokens = splitShellWords(flags);
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i] ?? "";
    if (tok === "--") break;
    if (!tok.startsWith("--")) {
      // An env-file line such as KUBELET_FLAGS="--a --b": its value holds more words.
      const env = /^[A-Za-z_][A-Za-z0-9_]*=(.*)$/s.exec(tok);
      if (env?.[1]) tokens.splice(i + 1, 0, ...splitShellWords(env[1]));
      continue;
    }
    const eq = tok.indexOf("=");
    const flag = eq < 0 ? tok.slice(2) : tok.slice(2, eq);
    const known = getOwn(MAP_FLAGS, flag) ?? getOwn(OTHER_FLAGS, flag);
    if (!known) continue;
    let value = eq < 0 ? undefined : tok.slice(eq + 1);
    const isBool = flag === "experimental-allocatable-ignore-eviction";
    if (value === undefined && !isBool) {
      if (i + 1 >= tokens.length) throw new ConfigError(`${field}: flag needs an argument: --${flag}`);
      value = tokens[++i] ?? "";
    }
    const mapFlag = getOwn(MAP_FLAGS, flag);
    if (mapFlag) {
      const into = seen.has(flag) ? (out[mapFlag.key] ?? {}) : {};
      const path = `${field}: invalid argument ${JSON.stringify(value)} for "--${flag}" flag`;
      out[mapFlag.key] = parseFlagMap(value ?? "", mapFlag.sep, path, into);
    } else {
      setOther(out, flag, value ?? "", value !== undefined, field, seen);
    }
    seen.add(flag);
  }
  return out;
}
