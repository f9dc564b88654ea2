import { fieldPath, InputError, isObject } from "./input-errors";

/**
 * How deeply an input document may nest objects and arrays. A Kubernetes object nests about a
 * dozen levels (a pod's container resources are 6 deep); 64 leaves room for any real input while
 * keeping every recursive walk that follows (validation, the config memo key, error messages)
 * far from the call-stack limit.
 */
export const MAX_NESTING_DEPTH = 64;

/**
 * Throws an InputError naming the top-level field when the document nests deeper than `max`.
 * Iterative (an explicit stack), so it is safe on a document of any depth.
 */
export function checkNesting(doc: unknown, max = MAX_NESTING_DEPTH): void {
  if (!isObject(doc)) return;
  // Only objects and arrays are stacked, in two parallel arrays: it runs over every value of a
  // 150 000-pod fleet in the engine bench, where a tuple per value cost more than the analysis.
  const values: object[] = [];
  const depths: number[] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (typeof value !== "object" || value === null) continue;
    values.push(value);
    depths.push(1);
    while (values.length) {
      const v = values.pop()!;
      const depth = depths.pop()!;
      if (depth > max)
        throw new InputError(`${fieldPath("input", key).replace(/^input\.?/, "")}: nested more than ${max} levels deep`);
      for (const child of Array.isArray(v) ? v : Object.values(v)) {
        if (typeof child === "object" && child !== null) {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
}
