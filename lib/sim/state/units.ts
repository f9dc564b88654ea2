// Quantity parsing is the engine's (one copy); the sim only adds the canonical BinarySI printing
// that kubelet messages use ("63656Ki", "100Mi", "1536").
import { parseBytes, parseMillis } from "../../eviction";

/** Parses a byte or count quantity ("16Gi", "100M", 1024) to a number. */
export function bytes(q: string | number): number {
  return parseBytes(q);
}

/** Parses a cpu quantity ("250m", "2") to millicores. */
export function millis(q: string | number): number {
  return parseMillis(q);
}

/** Deterministic pseudo-random number in [0, 1) from a string, for seeded noise and ids. */
export function hash01(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

/** Deterministic UUID (v4 layout) from a seed string, so seeded runs give stable uids. */
export function seededUid(seed: string): string {
  let hex = "";
  for (let i = 0; hex.length < 32; i++)
    hex += Math.floor(hash01(`${seed}#${i}`) * 0xffffffff)
      .toString(16)
      .padStart(8, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
