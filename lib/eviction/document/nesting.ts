import { fieldPath, InputError, isObject } from "./input-errors";

/**
 * How deeply an input document may nest objects and arrays. A Kubernetes object nests about a
 * dozen levels (a pod's container resources are 6 deep); 64 leaves room for any real input while
 * keeping every recursive walk that follows (validation, the config memo key, error messages)
 * far from the call-stack limit.
 */
export const MAX_NESTING_DEPTH = 64;

/**
 * Whether `v` (at `depth`) nests deeper than `max`. Recursive, but it stops one level past `max`,
 * so it never goes more than `max + 1` frames deep whatever the document's depth. Loops with
 * for…in and indexes rather than Object.values: it allocates nothing per object (it runs over
 * whole untrusted documents, a fleet's pods among them).
 */
function deeper(v: object, depth: number, max: number): boolean {
  if (depth > max) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const child: unknown = v[i];
      if (typeof child === "object" && child !== null && deeper(child, depth + 1, max)) return true;
    }
    return false;
  }
  for (const k in v) {
    const child: unknown = (v as Record<string, unknown>)[k];
    if (typeof child === "object" && child !== null && deeper(child, depth + 1, max)) return true;
  }
  return false;
}

/** Throws an InputError naming the top-level field `key` when its value nests deeper than `max`. */
export function checkFieldNesting(key: string, value: unknown, max = MAX_NESTING_DEPTH): void {
  if (typeof value === "object" && value !== null && deeper(value, 1, max))
    throw new InputError(`${fieldPath("input", key).replace(/^input\.?/, "")}: nested more than ${max} levels deep`);
}

/**
 * Throws an InputError naming the top-level field when the document nests deeper than `max`.
 * Safe on a document of any depth (see `deeper`).
 */
export function checkNesting(doc: unknown, max = MAX_NESTING_DEPTH): void {
  if (!isObject(doc)) return;
  for (const key of Object.keys(doc)) checkFieldNesting(key, doc[key], max);
}
