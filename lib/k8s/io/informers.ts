import "server-only";

import type { WireList } from "../store/wire";
import { realClock, realRandom, type Clock, type Random } from "./clock";
import { describeError, K8sError } from "./errors";
import { parseListSkipping } from "./list-skip";
import { backoffMs, flatKey, keyOf, sleep, type Raw, type ReflectorOptions, type ReflectorStatus } from "./reflector-options";

// A list+watch reflector per resource: paginated initial list, watch from its resourceVersion with
// bookmarks, resume after a dropped connection, relist on 410 Gone, exponential back-off with
// jitter on 429/5xx. Objects are trimmed on arrival, so the store holds only what Headroom reads.
// (client-node's informer keeps whole deserialized models and stops for good after an error.)
// Its options, status and back-off: reflector-options.ts.

export class Reflector<T, W extends Raw = Raw> {
  readonly store = new Map<string, T>();
  /** Each stored object's resourceVersion; null when `skipUnchanged` is off. */
  private readonly versions: Map<string, string> | null;
  private rv: string | undefined;
  private readonly stop$ = new AbortController();
  private watchAbort: { abort(): void } | undefined;
  private failures = 0;
  private relistWanted = false;
  private readonly clock: Clock;
  private readonly random: Random;
  readonly status: ReflectorStatus;
  private syncedResolve!: () => void;
  /** Resolves after the first complete list. */
  readonly synced: Promise<void>;

  constructor(private readonly o: ReflectorOptions<T, W>) {
    this.clock = o.clock ?? realClock;
    this.random = o.random ?? realRandom;
    this.versions = o.skipUnchanged === false ? null : new Map();
    this.status = {
      resource: o.resource,
      synced: false,
      error: null,
      lastError: null,
      lastErrorAt: null,
      watching: false,
      reachable: true,
      relists: 0,
    };
    this.synced = new Promise((r) => (this.syncedResolve = r));
  }

  /** The resourceVersion seen so far (last list, watch event or BOOKMARK): how far this reflector has caught up. */
  get resourceVersion(): string | undefined {
    return this.rv;
  }

  start(): void {
    void this.run();
  }

  stop(): void {
    this.stop$.abort();
    this.watchAbort?.abort();
  }

  /** Lists again (e.g. once `trim` keeps objects it dropped before); the store stays until the list replaces it. */
  relist(): void {
    this.relistWanted = true;
    this.watchAbort?.abort();
  }

  /** Removes stored objects `keep` rejects (as deletions), so a later relist brings them back. */
  prune(keep: (obj: T) => boolean): void {
    for (const [key, obj] of [...this.store]) if (!keep(obj)) this.remove(key);
  }

  private async run(): Promise<void> {
    while (!this.stop$.signal.aborted) {
      try {
        if (this.rv === undefined || this.relistWanted) {
          this.relistWanted = false;
          await this.list();
        }
        // A relist asked for during that list: list again before watching.
        if (this.relistWanted) continue;
        const outcome = await this.watch();
        if (outcome === "expired") this.rv = undefined;
        if (outcome === "error") await this.backOff();
      } catch (e) {
        if (this.stop$.signal.aborted) return;
        if (e instanceof K8sError && e.status === 410) this.rv = undefined;
        this.failed(e);
        await this.backOff();
      }
    }
  }

  private backOff(): Promise<void> {
    return sleep(this.clock, backoffMs(++this.failures, this.random), this.stop$.signal);
  }

  // Every error goes through here, so the status says both what is wrong now and what was last.
  private failed(e: unknown): void {
    this.status.error = describeError(e);
    this.status.lastError = this.status.error;
    this.status.lastErrorAt = this.clock.now();
    // A K8sError is an HTTP answer (a 403, a 500): the server is there. Anything else (refused,
    // reset, DNS, timeout) means it could not be reached.
    this.status.reachable = e instanceof K8sError && (e.kind === "http" || e.kind === "bad-data");
  }

  // The API server answered (a list page, an open watch, an event): what was wrong is over.
  private healthy(): void {
    this.status.error = null;
    this.status.reachable = true;
  }

  private query(extra: Record<string, string>): string {
    const q = new URLSearchParams(extra);
    if (this.o.fieldSelector) q.set("fieldSelector", this.o.fieldSelector);
    return `${this.o.path}?${q}`;
  }

  private listPage(cont: string | undefined): Promise<WireList<W>> {
    const keep = this.o.keepNode;
    const page = this.o.client.listPage<W>(
      this.query({ limit: String(this.o.pageSize ?? 500), ...(cont ? { continue: cont } : {}) }),
      this.o.resource,
      undefined,
      keep && ((text) => parseListSkipping(text, keep).page),
    );
    // A page asked for ahead may be left unawaited (stop, or an error on the page before it).
    page.catch(() => {});
    return page;
  }

  private async list(): Promise<void> {
    const seen = new Set<string>();
    let rv = "";
    // The next page is asked for as soon as this one is parsed, before its objects are trimmed
    // and applied: the API server (or the simulator, in its own process) builds page N+1 while
    // we work through page N. The pages are one consistent snapshot (the continue token pins
    // its resourceVersion), so asking early changes nothing but the time it takes.
    let next: Promise<WireList<W>> | undefined = this.listPage(undefined);
    while (next) {
      const page: WireList<W> = await next;
      if (this.stop$.signal.aborted) return;
      const cont = page.metadata?.continue || undefined;
      next = cont ? this.listPage(cont) : undefined;
      const items = page.items ?? [];
      for (let i = 0; i < items.length; i++) {
        const raw = items[i]!;
        // Let each raw object go once trimmed: a 500-object page is megabytes that would
        // otherwise all live (and be copied by the young-generation GC) until the page is done.
        items[i] = undefined as unknown as W;
        const key = keyOf(raw);
        seen.add(key);
        this.apply(key, raw);
      }
      rv = page.metadata?.resourceVersion ?? rv;
    }
    for (const key of [...this.store.keys()]) if (!seen.has(key)) this.remove(key);
    this.rv = rv;
    this.status.relists++;
    this.o.onListed?.();
    this.healthy();
    this.failures = 0;
    if (!this.status.synced) {
      this.status.synced = true;
      this.syncedResolve();
    }
  }

  private apply(key: string, raw: W): void {
    const version = raw.metadata?.resourceVersion ?? "";
    if (version !== "" && this.versions?.get(key) === version) return;
    const obj = this.o.trim(raw);
    const prev = this.store.get(key);
    if (obj === null) {
      if (prev !== undefined) this.remove(key);
      return;
    }
    if (prev === undefined) key = flatKey(key);
    this.store.set(key, obj);
    this.versions?.set(key, version);
    this.o.onChange(key, obj, prev);
  }

  private remove(key: string): void {
    const prev = this.store.get(key);
    this.store.delete(key);
    this.versions?.delete(key);
    if (prev !== undefined) this.o.onChange(key, undefined, prev);
  }

  /** Watches until the stream ends; "expired" asks for a relist. */
  private watch(): Promise<"closed" | "expired" | "error"> {
    return new Promise((resolve) => {
      let expired = false;
      let gotEvent = false;
      let ended = false;
      const params: Record<string, string> = {
        resourceVersion: this.rv ?? "",
        allowWatchBookmarks: "true",
        timeoutSeconds: String(300 + Math.floor(this.random() * 300)),
      };
      if (this.o.fieldSelector) params.fieldSelector = this.o.fieldSelector;
      const answered = () => {
        // only a watch still running was answered 2xx: the API server is back
        if (ended) return;
        this.status.watching = true;
        this.healthy();
      };
      const onEvent = (type: string, object: unknown) => {
        if (!gotEvent && type !== "ERROR") this.healthy();
        gotEvent = true;
        const obj = object as W & { code?: number; message?: string };
        // the watch's doorway: an event whose object is not a JSON object is dropped, said once as the reflector's error
        if (obj === null || typeof obj !== "object" || Array.isArray(obj)) {
          const what =
            type === "" ? "a watch line that is not a JSON event" : `a ${type} watch event's object is not a JSON object`;
          this.failed(new K8sError(`bad data: ${what}`, 0, this.o.resource, "bad-data"));
          return;
        }
        if (type === "ERROR") {
          if (obj.code === 410) expired = true;
          else this.failed(new K8sError(String(obj.message ?? "watch error"), obj.code ?? 0, this.o.resource, "http"));
          this.watchAbort?.abort();
          return;
        }
        if (obj.metadata?.resourceVersion) this.rv = obj.metadata.resourceVersion;
        if (type === "BOOKMARK") return;
        const key = keyOf(obj);
        if (type === "DELETED") this.remove(key);
        else this.apply(key, obj);
      };
      const done = (err: Error | null) => {
        ended = true;
        this.status.watching = false;
        if (expired) return resolve("expired");
        if (err instanceof K8sError && err.status === 410) return resolve("expired");
        if (err && !gotEvent && err.name !== "TimeoutError" && err.name !== "AbortError") {
          this.failed(err);
          return resolve("error");
        }
        if (gotEvent) this.failures = 0;
        resolve(err && !gotEvent ? "error" : "closed");
      };
      // A quiet collection sends nothing for minutes; bookmarks arrive at least every minute.
      void this.o.client
        .watch(this.o.path, params, { resource: this.o.resource, idleTimeoutMs: 90_000 }, { opened: answered, onEvent, done })
        .then((ctl) => {
          // in place before any event (client.watch), so an ERROR event can end its own watch
          this.watchAbort = ctl;
          if (this.stop$.signal.aborted || this.relistWanted) ctl.abort();
        });
    });
  }
}
