import { InputError, fieldPath, isObject, jsonType } from "./input-errors";

// Field paths are built only when something is wrong: validation runs over every pod of every
// node, and formatting thousands of paths nobody reads would cost more than the checks.
export type Path = () => string;

/** Extends a lazy field path by a key or an index. */
export const at = (path: Path, key: string | number): Path => () => fieldPath(path(), key);

/** Returns the value as an object (undefined when absent), or throws naming the field. */
export function expectObject(v: unknown, path: Path): Record<string, unknown> | undefined {
  if (v == null) return undefined;
  if (!isObject(v)) throw new InputError(`${path()}: must be an object, got ${jsonType(v)}`);
  return v;
}

/** Returns the value as an array (empty when absent), or throws naming the field. */
export function expectArray(v: unknown, path: Path): unknown[] {
  if (v == null) return [];
  if (!Array.isArray(v)) throw new InputError(`${path()}: must be an array, got ${jsonType(v)}`);
  return v;
}
