// A Map that counts its changes: a node's pods (node-state.ts), so that work derived from them
// can tell it is still current by comparing one number instead of walking the pods again.

/** A Map whose `version` changes with every set, delete and clear. */
export class VersionedMap<K, V> extends Map<K, V> {
  /** Bumped by every change; equal versions mean the same entries. */
  version = 0;

  override set(key: K, value: V): this {
    this.version++;
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.version++;
    return super.delete(key);
  }

  override clear(): void {
    this.version++;
    super.clear();
  }
}
