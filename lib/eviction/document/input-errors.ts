/** An input problem; the message starts with the field path so the CLI and HTTP route can show it as is. */
export class InputError extends Error {
  override name = "InputError";
}

/** Formats a field path element the way the contract's messages do: `.name` or `["key"]` or `[3]`. */
export function fieldPath(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}[${key}]`;
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

/** Tells whether a value is a plain JSON object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Describes a JSON value's type for an error message. */
export function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

const DESCRIBE_MAX = 64;

/**
 * Shows a value in an error message without walking it: scalars as JSON (long strings cut),
 * objects and arrays by their type only. Error messages must never recurse over input, which may
 * be nested thousands of levels deep or many MiB long.
 */
export function describeValue(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v.length > DESCRIBE_MAX ? `${v.slice(0, DESCRIBE_MAX)}…` : v);
  if (typeof v === "number" || typeof v === "boolean" || v === null) return String(v);
  return jsonType(v);
}
