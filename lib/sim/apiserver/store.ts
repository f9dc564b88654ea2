// Objects, resourceVersions and watch fan-out. One cluster-wide counter like etcd's revision, so
// a List's resourceVersion can be handed to any Watch. Each resource keeps a bounded window of
// recent events (the API server's watch cache); a watch that starts before the window gets 410.

export type KObj = {
  apiVersion?: string;
  kind?: string;
  metadata: { name: string; namespace?: string; resourceVersion?: string; labels?: Record<string, string>; [k: string]: unknown };
  [k: string]: unknown;
};

export type EventType = "ADDED" | "MODIFIED" | "DELETED";

/** How a resource turns its stored source into JSON, and what selectors can see of it. */
export interface Codec<S> {
  namespaced: boolean;
  /** Builds the wire object; the store stamps metadata.resourceVersion afterwards. */
  materialize: (src: S) => KObj;
  nameOf: (src: S) => { namespace: string; name: string };
  labelsOf: (src: S) => Record<string, string> | undefined;
  /** Values of the field-selector fields this resource supports (the API server's field set). */
  fieldsOf: (src: S) => Record<string, string>;
}

export interface Entry<S = unknown> {
  key: string;
  namespace: string;
  name: string;
  rv: number;
  src: S;
  labels: Record<string, string> | undefined;
  fields: Record<string, string>;
}

export interface StoredEvent {
  type: EventType;
  rv: number;
  obj: KObj;
  namespace: string;
  labels: Record<string, string> | undefined;
  fields: Record<string, string>;
  /** What selectors saw before a MODIFIED, so a watch can turn "stopped matching" into DELETED. */
  prev?: { labels: Record<string, string> | undefined; fields: Record<string, string> };
}

export type WatchListener = (ev: StoredEvent) => void;

/** Shared revision counter, as etcd keeps one for the whole cluster. */
export class Revision {
  value = 1;
  /** Returns the next resourceVersion. */
  next(): number {
    return ++this.value;
  }
}

/**
 * What the HTTP layer (list, get, watch) needs of a store, whatever it keeps as source: entries
 * stay opaque and only go back to the store they came from (`materialize`).
 */
export interface StoreView {
  readonly plural: string;
  readonly revision: number;
  readonly windowStart: number;
  get(namespace: string, name: string): Entry | undefined;
  scan(namespace: string | undefined, afterKey?: string): Iterable<Entry>;
  countAfter(namespace: string | undefined, afterKey: string): number;
  materialize(e: Entry): KObj;
  watch(fromRv: number, listener: WatchListener): { replay: StoredEvent[]; stop: () => void } | "gone";
}

export class ResourceStore<S = unknown> implements StoreView {
  private readonly entries = new Map<string, Entry<S>>();
  private sorted: string[] = [];
  private window: StoredEvent[] = [];
  private windowHead = 0;
  /** Events with rv > windowStart are all in the window; older watches get 410. */
  windowStart: number;
  private readonly listeners = new Set<WatchListener>();

  constructor(
    readonly plural: string,
    readonly codec: Codec<S>,
    private readonly rev: Revision,
    private readonly windowSize = 10_000,
  ) {
    this.windowStart = rev.value;
  }

  /** Returns the store key ("ns/name" or "name") in etcd's order. */
  keyOf(namespace: string, name: string): string {
    return this.codec.namespaced ? `${namespace}/${name}` : name;
  }

  /** Creates or replaces an object, assigning a new resourceVersion and notifying watchers. */
  put(src: S, opts: { silent?: boolean } = {}): Entry<S> {
    const e = this.entryOf(src);
    const prev = this.entries.get(e.key);
    this.entries.set(e.key, e);
    if (!prev) this.insertSorted(e.key);
    if (!opts.silent) this.emit(prev ? "MODIFIED" : "ADDED", e, prev);
    return e;
  }

  /** The stored form of an object, with the next resourceVersion. */
  private entryOf(src: S): Entry<S> {
    const { namespace, name } = this.codec.nameOf(src);
    return {
      key: this.keyOf(namespace, name),
      namespace,
      name,
      src,
      rv: this.rev.next(),
      labels: this.codec.labelsOf(src),
      fields: this.codec.fieldsOf(src),
    };
  }

  /** Loads initial objects without events and sorts once (splicing 150 000 keys one by one is quadratic). */
  load(srcs: Iterable<S>): void {
    for (const src of srcs) {
      const e = this.entryOf(src);
      if (!this.entries.has(e.key)) this.sorted.push(e.key);
      this.entries.set(e.key, e);
    }
    this.sorted.sort();
  }

  /** Removes an object and emits DELETED with a fresh resourceVersion, like the API server. */
  delete(namespace: string, name: string): boolean {
    const key = this.keyOf(namespace, name);
    const e = this.entries.get(key);
    if (!e) return false;
    this.entries.delete(key);
    const i = this.indexOf(key);
    if (this.sorted[i] === key) this.sorted.splice(i, 1);
    this.emit("DELETED", { ...e, rv: this.rev.next() });
    return true;
  }

  /** Returns the entry for a name, or undefined. */
  get(namespace: string, name: string): Entry<S> | undefined {
    return this.entries.get(this.keyOf(namespace, name));
  }

  /** Returns the cluster-wide resourceVersion now (what a List reports). */
  get revision(): number {
    return this.rev.value;
  }

  /** Returns the number of stored objects. */
  get size(): number {
    return this.entries.size;
  }

  /** Returns the wire JSON of an entry, stamped with its resourceVersion. */
  materialize(e: Entry<S>): KObj {
    const obj = this.codec.materialize(e.src);
    obj.metadata.resourceVersion = String(e.rv);
    return obj;
  }

  /**
   * How many entries follow `afterKey` (within the namespace if given), found by two binary searches
   * rather than a walk: a page's remainingItemCount, which the API server takes from etcd's count.
   * Walking the rest of the keys for it made a paged LIST of 150 000 pods quadratic.
   */
  countAfter(namespace: string | undefined, afterKey: string): number {
    const prefix = namespace !== undefined && this.codec.namespaced ? `${namespace}/` : "";
    let from = this.indexOf(afterKey > prefix ? afterKey : prefix);
    if (this.sorted[from] === afterKey) from++;
    // the first key past the prefix: "ns/" ends where "ns0" would begin ('0' follows '/')
    const end = prefix
      ? this.indexOf(`${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`)
      : this.sorted.length;
    return Math.max(0, end - from);
  }

  /** Iterates entries in key order starting after `afterKey`, limited to a namespace if given. */
  *scan(namespace: string | undefined, afterKey = ""): Generator<Entry<S>> {
    const prefix = namespace !== undefined && this.codec.namespaced ? `${namespace}/` : "";
    const from = afterKey > prefix ? afterKey : prefix;
    let i = this.indexOf(from);
    if (this.sorted[i] === afterKey) i++;
    for (; i < this.sorted.length; i++) {
      const k = this.sorted[i]!;
      if (prefix && !k.startsWith(prefix)) break;
      const e = this.entries.get(k);
      if (e) yield e;
    }
  }

  /** Returns every entry (unordered), for the simulator's own bookkeeping. */
  values(): IterableIterator<Entry<S>> {
    return this.entries.values();
  }

  /** Subscribes to events after `fromRv`; returns "gone" when that version left the window. */
  watch(fromRv: number, listener: WatchListener): { replay: StoredEvent[]; stop: () => void } | "gone" {
    if (fromRv < this.windowStart) return "gone";
    const replay = this.eventsSince(fromRv);
    this.listeners.add(listener);
    return { replay, stop: () => this.listeners.delete(listener) };
  }

  /** Marks everything stored so far as initial state: the watch window starts now. */
  seal(): void {
    this.windowStart = this.rev.value;
    this.window = [];
    this.windowHead = 0;
  }

  private eventsSince(rv: number): StoredEvent[] {
    const out: StoredEvent[] = [];
    for (let i = this.windowHead; i < this.window.length; i++) if (this.window[i]!.rv > rv) out.push(this.window[i]!);
    return out;
  }

  private emit(type: EventType, e: Entry<S>, prev?: Entry<S>): void {
    const obj = this.materialize(e);
    const ev: StoredEvent = { type, rv: e.rv, obj, namespace: e.namespace, labels: e.labels, fields: e.fields };
    if (prev) ev.prev = { labels: prev.labels, fields: prev.fields };
    this.window.push(ev);
    if (this.window.length - this.windowHead > this.windowSize) {
      this.windowStart = this.window[this.windowHead]!.rv;
      this.windowHead++;
      // Compact occasionally rather than shifting on every event.
      if (this.windowHead > this.windowSize) {
        this.window = this.window.slice(this.windowHead);
        this.windowHead = 0;
      }
    }
    for (const l of this.listeners) l(ev);
  }

  private indexOf(key: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private insertSorted(key: string): void {
    this.sorted.splice(this.indexOf(key), 0, key);
  }
}
