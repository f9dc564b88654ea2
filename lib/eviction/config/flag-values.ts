// Value syntaxes shared by the config-file reader and the flag reader.
import { fieldPath } from "../document/input-errors";
import { ConfigError, putOwn } from "./config-types";

/**
 * Parses a map flag value like component-base (Langle)MapStringString: split on ",", then at the first separator.
 *
 * Empty pieces are skipped, key and value trimmed, the last repeat of a key wins, a piece without the separator is an error.
 * @example parseFlagMap("memory.available<100Mi, nodefs.available<10%", "<", "f") // {"memory.available":"100Mi","nodefs.available":"10%"}
 */
export function parseFlagMap(
  value: string,
  sep: "<" | "=",
  path: string,
  into: Record<string, string> = {},
): Record<string, string> {
  for (const piece of value.split(",")) {
    if (piece.length === 0) continue;
    const at = piece.indexOf(sep);
    if (at < 0) throw new ConfigError(`${path}: malformed pair, expect string${sep}string: ${JSON.stringify(piece)}`);
    putOwn(into, piece.slice(0, at).trim(), piece.slice(at + 1).trim());
  }
  return into;
}

/** Checks enforceNodeAllocatable values like the kubelet's config validation ("none" only alone). */
export function checkEnforceNodeAllocatable(values: string[], path: string): string[] {
  const allowed = [
    "pods",
    "system-reserved",
    "kube-reserved",
    "system-reserved-compressible",
    "kube-reserved-compressible",
    "none",
  ];
  for (const [i, v] of values.entries()) {
    if (!allowed.includes(v)) {
      throw new ConfigError(
        `${fieldPath(path, i)}: invalid configuration: option ${JSON.stringify(v)} specified for enforceNodeAllocatable ` +
          `(--enforce-node-allocatable). Valid options are "pods", "system-reserved", "kube-reserved", ` +
          `"system-reserved-compressible", "kube-reserved-compressible" or "none"`,
      );
    }
  }
  if (values.includes("none") && values.length > 1) {
    throw new ConfigError(
      `${path}: invalid configuration: enforceNodeAllocatable (--enforce-node-allocatable) may not contain additional enforcements when "none" is specified`,
    );
  }
  return values;
}
