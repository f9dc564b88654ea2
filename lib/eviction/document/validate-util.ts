import { fieldPath, InputError, isObject, jsonType } from "./input-errors";

// Field paths are formatted only when something is wrong: validation runs over every pod of every
// node, and formatting (or even allocating) thousands of paths nobody reads would cost more than
// the checks. A FieldPath is one mutable stack of keys per validation run: descending into a field
// is a push, coming back a pop, and nothing is allocated on the happy path.
export class FieldPath {
  private readonly keys: (string | number)[] = [];

  constructor(private readonly root: string) {}

  /** Descends into a key or an index; pair with leave(). */
  enter(key: string | number): void {
    this.keys.push(key);
  }

  leave(): void {
    this.keys.pop();
  }

  /** The current path as the contract's messages spell it: `pods.items[3].spec`. */
  toString(): string {
    let p = this.root;
    for (const k of this.keys) p = fieldPath(p, k);
    return p;
  }

  /** The path of a key below the current one. */
  at(key: string | number): string {
    return fieldPath(this.toString(), key);
  }
}

const where = (path: FieldPath, key: string | number | undefined): string => (key === undefined ? path.toString() : path.at(key));

/** Returns the value (at `key` below `path`, when given) as an object (undefined when absent), or throws naming the field. */
export function expectObject(v: unknown, path: FieldPath, key?: string | number): Record<string, unknown> | undefined {
  if (v == null) return undefined;
  if (!isObject(v)) throw new InputError(`${where(path, key)}: must be an object, got ${jsonType(v)}`);
  return v;
}

const NONE: unknown[] = Object.freeze([]) as unknown as unknown[];

/** Returns the value (at `key` below `path`, when given) as an array (a shared empty one when absent), or throws naming the field. */
export function expectArray(v: unknown, path: FieldPath, key?: string | number): unknown[] {
  if (v == null) return NONE;
  if (!Array.isArray(v)) throw new InputError(`${where(path, key)}: must be an array, got ${jsonType(v)}`);
  return v;
}

/**
 * Runs `check` on each object of the array at `key` below `path`, with the path entered at the
 * item's index. A null item is skipped, or refused when `required`. Pass a module-level `check` so
 * the hot path allocates nothing.
 */
export function eachObject(
  v: unknown,
  path: FieldPath,
  key: string,
  check: (item: Record<string, unknown>, path: FieldPath) => void,
  required = false,
): void {
  const list = expectArray(v, path, key);
  if (!list.length) return;
  path.enter(key);
  for (let i = 0; i < list.length; i++) {
    const item = expectObject(list[i], path, i);
    if (!item) {
      if (required) throw new InputError(`${path.at(i)}: must be an object, got null`);
      continue;
    }
    path.enter(i);
    check(item, path);
    path.leave();
  }
  path.leave();
}
