import "server-only";

import { backgroundGate, HOLD_POLL_MS } from "@/lib/http/request-activity";
import { owningWorkload } from "@/lib/terminations/owner";

import { nodeFacts, TerminationLog } from "../documents/terminations";
import type { ClusterClient } from "../io/client";
import { realClock, realRandom, type Clock, type Random, type Timer } from "../io/clock";
import { Collector, type CollectorSink, type ConfigResult } from "../io/collector";
import type { CollectorSettings } from "../io/env";
import type { WorkerEntry } from "../io/fetch-thread";
import { Reflector } from "../io/informers";
import { KubeletClient } from "../io/kubelet-client";
import { profileFor, type Profile } from "../io/profiles";
import { CollectStats } from "../metrics/collect-stats";
import { evictionSignal, EvictionTally } from "../metrics/eviction-tally";
import { heapGrowth } from "./heap-growth";
import { HeapReleaser } from "./heap-release";
import { NodeState } from "./node-state";
import {
  intern,
  trimEvent,
  trimLease,
  trimNode,
  trimPod,
  type TrimmedEvent,
  type TrimmedLease,
  type TrimmedNode,
  type TrimmedPod,
} from "./trim";
import type { WireEvent, WireLease, WireMeta, WireNode, WirePod } from "./wire";

export interface CacheOptions {
  client: ClusterClient;
  settings: CollectorSettings;
  profiles: Profile[];
  demo: boolean;
  /** The cluster's clock for lease ages and sample times (default: `clock`; tests pass the sim's). */
  now?: () => number;
  /** This process's clock: timers, collection times and ages (default: the real one; tests pass a ManualClock). */
  clock?: Clock;
  /** Jitter and back-off draws (default Math.random). */
  random?: Random;
  /** Whether background work (collection, row recomputes) may start now; default: the process's request gate. */
  mayRun?: () => boolean;
  /** Which file the collection thread runs (default: fetch-thread.ts `workerEntry`; benches pass the shipped bundle). */
  fetchWorker?: () => WorkerEntry;
  /**
   * Sharding (lib/k8s/replicas): whether this replica collects a node. Default: every node. Rows,
   * Summaries, configz, history and pods are kept only for owned nodes; call reshard() when it changes.
   */
  owns?: (node: string) => boolean;
}

const RECOMPUTE_SLICE_MS = 25;
/** How long a first sync may keep the heap's faster growth (heap-growth.ts) at most. */
const FIRST_SYNC_GROWTH_MAX_MS = 10 * 60_000;

/**
 * The per-process cluster cache shared by every viewer: informers for Nodes, Pods, Leases and
 * Events, the kubelet collector, and one incrementally maintained row per node. Requests read it;
 * they never cause API-server or kubelet traffic.
 */
export class ClusterCache {
  readonly nodes: Reflector<TrimmedNode, WireNode>;
  readonly pods: Reflector<TrimmedPod, WirePod>;
  readonly leases: Reflector<TrimmedLease, WireLease>;
  readonly events: Reflector<TrimmedEvent, WireEvent>;
  readonly collector: Collector;
  readonly kubelets: KubeletClient;
  /** Collection latency and failures, for /metrics. */
  readonly collectStats = new CollectStats();
  /** Evictions seen since the first list, for headroom_evictions_observed_total. */
  readonly evictions = new EvictionTally();
  /** Pod terminations and their causes, bounded (terminations.ts). */
  readonly terminations = new TerminationLog(() => this.now());
  readonly states = new Map<string, NodeState>();
  private readonly dirty = new Set<string>();
  private recomputeTimer: Timer | undefined;
  /** V8's freed pages back to the kernel after a complete pod list (heap-release.ts). */
  readonly heapRelease: HeapReleaser;
  /** Ends this cache's first-sync heap growth (heap-growth.ts): at ready() or stop(). */
  private endFirstSyncGrowth: () => void = () => {};
  readonly now: () => number;
  readonly clock: Clock;
  readonly startedAt: number;
  firstCompleteAt: number | null = null;
  private readonly historySamples: number;
  private readonly mayRun: () => boolean;
  private readonly owns: (node: string) => boolean;

  constructor(readonly o: CacheOptions) {
    const owns = (this.owns = o.owns ?? (() => true));
    const clock = (this.clock = o.clock ?? realClock);
    const random = o.random ?? realRandom;
    this.now = o.now ?? (() => clock.now());
    this.startedAt = clock.now();
    this.heapRelease = new HeapReleaser(clock, (fn) => this.whenViewersServed(fn));
    this.historySamples = Math.max(1, Math.round((o.settings.historySeconds * 1000) / o.settings.summaryIntervalMs));
    const client = o.client;
    this.nodes = new Reflector({
      client,
      clock,
      random,
      path: "/api/v1/nodes",
      resource: "nodes",
      trim: trimNode,
      onChange: (k, n) => this.onNode(k, n),
    });
    this.pods = new Reflector({
      client,
      clock,
      random,
      path: "/api/v1/pods",
      resource: "pods",
      // Pods of nodes another replica owns are dropped on arrival (reshard() relists when that changes);
      // pending pods, on no node yet, are kept everywhere.
      trim: o.owns
        ? (raw) => {
            const node = raw.spec?.nodeName;
            return node && !owns(node) ? null : trimPod(raw);
          }
        : trimPod,
      // ...and in a list page, not even parsed (list-skip.ts).
      keepNode: o.owns ? owns : undefined,
      // No resourceVersion kept per pod: at 150 000 pods that map is a 262 144-slot hash table
      // (~7 MiB) and the version strings another ~3.5 MiB, to skip unchanged pods on a relist
      // (a 410, a resharding), which is rare. onPod takes a pod equal to `prev` as no change:
      // the terminations merge by id, the eviction tally by pod and time (relist.test.ts).
      skipUnchanged: false,
      onChange: (k, p, prev) => this.onPod(k, p, prev),
      // A relist's decoding leaves the heap at a high-water mark: give its pages back. (The first
      // list's rows are computed after it: ready() asks then.)
      onListed: () => this.firstCompleteAt !== null && this.heapRelease.soon(),
    });
    this.leases = new Reflector({
      client,
      clock,
      random,
      path: "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases",
      resource: "leases",
      trim: trimLease,
      onChange: (_k, l, prev) => this.onLease((l ?? prev)!.name, l),
    });
    this.events = new Reflector({
      client,
      clock,
      random,
      path: "/api/v1/events",
      resource: "events",
      trim: trimEvent,
      onChange: (_k, e) => e && this.onEvent(e),
    });
    this.kubelets = new KubeletClient(client, o.settings, o.fetchWorker);
    this.mayRun = o.mayRun ?? (() => backgroundGate().mayRun());
    this.collector = new Collector(this.kubelets, o.settings, this.sink(), this.mayRun, clock, random, () =>
      this.awaitingPodList(),
    );
  }

  get settings(): CollectorSettings {
    return this.o.settings;
  }

  start(): void {
    this.endFirstSyncGrowth();
    if (this.firstCompleteAt === null) {
      const end = heapGrowth.firstSync();
      // A first sync that never completes (a kubelet never answers, the pod list keeps failing)
      // does not keep the faster-growing heap for the process's life.
      const backstop = this.clock.after(FIRST_SYNC_GROWTH_MAX_MS, end, true);
      this.endFirstSyncGrowth = () => {
        backstop.cancel();
        end();
      };
    }
    for (const r of [this.nodes, this.pods, this.leases, this.events]) r.start();
    // Kubelets are polled only once the node list is known; pods may still be arriving.
    void this.nodes.synced.then(() => this.collector.start());
  }

  stop(): void {
    for (const r of [this.nodes, this.pods, this.leases, this.events]) r.stop();
    this.collector.stop();
    this.recomputeTimer?.cancel();
    this.heapRelease.stop();
    this.endFirstSyncGrowth();
    this.kubelets.close();
    this.o.client.close();
  }

  /** Whether the API server answers now: unreachable while every informer's last attempt got no HTTP answer. */
  apiServer(): { reachable: boolean; error: string | null } {
    const all = [this.nodes, this.pods, this.leases, this.events].map((r) => r.status);
    const down = all.filter((s) => !s.reachable);
    return down.length === all.length ? { reachable: false, error: down[0]!.error } : { reachable: true, error: null };
  }

  /** Informers listed, every node's kubelet tried once, and every row computed; true from then on. */
  ready(): boolean {
    // Sticky: after the first full sync rows are recomputed all the time (at 5 000 nodes some are
    // always pending), and a readiness probe that flapped with them would take the pod out of its
    // Service and the overview would show its first-sync progress bar again.
    if (this.firstCompleteAt !== null) return true;
    const ok =
      this.nodes.status.synced &&
      this.pods.status.synced &&
      this.leases.status.synced &&
      this.collector.firstPassDone() &&
      this.dirty.size === 0 &&
      this.rowsWaiting.size === 0;
    if (ok) {
      this.firstCompleteAt = this.clock.now();
      this.endFirstSyncGrowth();
      this.heapRelease.soon();
    }
    return ok;
  }

  /** Resolves once ready() (polling every 25 ms of the cache's clock), or after the timeout with false. */
  async whenReady(timeoutMs = 60_000): Promise<boolean> {
    const end = this.clock.now() + timeoutMs;
    while (!this.ready()) {
      if (this.clock.now() > end) return false;
      await new Promise<void>((r) => this.clock.after(25, r));
    }
    return true;
  }

  /**
   * The demo's warm-up only: fetches every node's Summary now (over the same kubelet client and
   * HTTP as always) and recomputes the changed rows at once, so each call after the sim's clock
   * moved adds one history sample at the cluster's time.
   */
  async collectNow(): Promise<void> {
    await this.collector.collectAllNow();
    const now = this.now();
    for (const name of this.dirty) {
      this.dirty.delete(name);
      this.recomputeNode(name, now);
    }
  }

  private state(name: string): NodeState {
    let s = this.states.get(name);
    if (!s) {
      s = new NodeState(name, this.historySamples);
      this.states.set(name, s);
    }
    return s;
  }

  private recomputeNode(name: string, now: number, intervalSeconds?: number): void {
    const s = this.states.get(name);
    if (!s) return;
    s.recompute(now, intervalSeconds);
    if (s.signals) this.terminations.observeSignals(name, () => nodeFacts(s));
  }

  /**
   * Runs `fn`, background work, once no viewer's request holds it back (the same gate as
   * collection and row recomputes), and never before the current task ends.
   */
  whenViewersServed(fn: () => void): void {
    setImmediate(() => (this.mayRun() ? fn() : this.clock.after(HOLD_POLL_MS, () => this.whenViewersServed(fn), true)));
  }

  private markDirty(name: string): void {
    if (this.awaitingPodList()) return this.waitForPodList(name);
    this.dirty.add(name);
    if (!this.recomputeTimer) this.recomputeTimer = this.clock.after(50, () => this.recompute());
  }

  /** Recomputes dirty rows in slices so a 5 000-node pass never blocks requests for long. */
  private recompute(): void {
    this.recomputeTimer = undefined;
    if (!this.mayRun()) {
      this.recomputeTimer = this.clock.after(HOLD_POLL_MS, () => this.recompute());
      return;
    }
    const end = this.clock.now() + RECOMPUTE_SLICE_MS;
    const now = this.now();
    for (const name of this.dirty) {
      this.dirty.delete(name);
      this.recomputeNode(name, now, this.settings.summaryIntervalMs / 1000);
      if (this.clock.now() > end) break;
    }
    if (this.dirty.size) this.recomputeTimer = this.clock.after(0, () => this.recompute());
    // the first sync is complete once the last dirty row is in: noticed here too, not only when asked
    else if (this.firstCompleteAt === null) this.ready();
  }

  /**
   * Applies a change of which nodes this replica owns: lost nodes' rows, Summaries, history and pods
   * go; gained nodes start collecting at once, and the pods are listed again to bring theirs.
   */
  reshard(): void {
    for (const name of [...this.states.keys()])
      if (!this.owns(name)) {
        this.states.delete(name);
        this.dirty.delete(name);
        this.collector.track(name, false);
      }
    this.pods.prune((p) => !p.spec?.nodeName || this.owns(p.spec.nodeName));
    let gained = false;
    for (const [name, node] of this.nodes.store)
      if (this.owns(name) && !this.states.has(name)) {
        gained = true;
        this.onNode(name, node);
        const lease = this.leases.store.get(`kube-node-lease/${name}`);
        if (lease) this.onLease(name, lease);
      }
    if (gained) this.pods.relist();
  }

  private onNode(name: string, node: TrimmedNode | undefined): void {
    if (!this.owns(name)) return;
    const s = this.state(name);
    s.setNode(node);
    if (node) this.terminations.observeNode(name, () => nodeFacts(s));
    if (!node) {
      this.states.delete(name);
      this.dirty.delete(name);
    } else {
      if (!s.config.kubeletConfig && s.config.source !== "configz") this.applyFallback(s);
      this.markDirty(name);
    }
    this.collector.track(name, !!node);
  }

  private onPod(key: string, pod: TrimmedPod | undefined, prev: TrimmedPod | undefined): void {
    this.terminations.observePod(pod, prev, () => nodeFacts(this.states.get(pod?.spec?.nodeName ?? "")));
    if (pod?.status?.reason === "Evicted" && prev?.status?.reason !== "Evicted") {
      const dt = pod.status.conditions?.find((c) => c.type === "DisruptionTarget");
      this.countEviction(
        pod.spec?.nodeName,
        pod.metadata?.namespace,
        pod.metadata?.name,
        String(pod.status.message ?? ""),
        pod.metadata?.ownerReferences,
        dt?.lastTransitionTime,
      );
    }
    // The node a pod was on is the previous object's (the store keeps exactly one per key).
    const was = prev?.spec?.nodeName;
    const now = pod?.spec?.nodeName;
    if (was && was !== now) {
      this.states.get(was)?.pods.delete(key);
      this.markDirty(was);
    }
    if (now && this.owns(now)) {
      this.state(now).pods.set(key, pod!);
      this.markDirty(now);
    }
  }

  // During the first pod list a node's pods arrive one page at a time, over many seconds at
  // 150 000 pods. A row computed meanwhile would rank, total and forecast from some of the node's
  // pods, and recomputing it on each page or Summary would analyze every node several times before
  // the list is even complete, on the thread that decodes the list. So until the list is in, a
  // node's changes (pods, Summaries, configz, its Node) wait, and the list's end flushes them. A
  // list that fails does not hold rows back: they are computed from what is there, as before.
  private readonly rowsWaiting = new Set<string>();

  /** Whether rows wait for the first pod list (listing, and no error so far). */
  awaitingPodList(): boolean {
    return !this.pods.status.synced && this.pods.status.error === null;
  }

  /** While rows wait for the first pod list: how many pods it has brought so far; else null. */
  podListProgress(): number | null {
    return this.awaitingPodList() ? this.pods.store.size : null;
  }

  private waitForPodList(name: string): void {
    if (this.rowsWaiting.size === 0) void this.pods.synced.then(() => this.flushWaiting());
    this.rowsWaiting.add(name);
  }

  private flushWaiting(): void {
    for (const name of this.rowsWaiting) this.markDirty(name);
    this.rowsWaiting.clear();
  }

  private onLease(name: string, lease: TrimmedLease | undefined): void {
    const s = this.states.get(name) ?? (lease && this.owns(name) ? this.state(name) : undefined);
    if (!s) return;
    const durationChanged = s.lease?.leaseDurationSeconds !== lease?.leaseDurationSeconds;
    s.lease = lease;
    if (durationChanged) this.markDirty(name);
  }

  private applyFallback(s: NodeState): void {
    const p = s.node ? profileFor(this.o.profiles, s.node.metadata.labels) : undefined;
    s.config = p
      ? { source: "profile", kubeletConfig: p.kubeletConfig ?? null, kubeletFlags: p.kubeletFlags ?? null }
      : { source: "defaults", kubeletConfig: null, kubeletFlags: null };
  }

  private sink(): CollectorSink {
    return {
      node: (name) => this.states.get(name)?.node,
      summary: (name, body, durationMs) => {
        this.collectStats.ok(durationMs);
        const s = this.states.get(name);
        if (!s) return;
        s.setSummary(body);
        s.summaryAt = this.clock.now();
        s.summarySeq++;
        s.error = null;
        s.lastFailed = false;
        this.markDirty(name);
      },
      summaryFailed: (name, error) => {
        this.collectStats.failed();
        const s = this.states.get(name);
        if (!s) return;
        s.error = error;
        s.lastFailed = true;
      },
      configz: (name, r: ConfigResult) => {
        const s = this.states.get(name);
        if (!s) return;
        if (r.ok) {
          // A pool's nodes serve one configuration: keep one (frozen) copy, not one per node.
          s.config = { source: "configz", kubeletConfig: intern(r.config), kubeletFlags: null };
          s.configError = null;
        } else {
          s.configError = `configz: ${r.error}`;
          // Forbidden or absent: the pool profile or kubelet defaults. A transient failure keeps what we had.
          if (r.status === 403 || r.status === 404 || s.config.source !== "configz") this.applyFallback(s);
        }
        this.markDirty(name);
      },
    };
  }

  private onEvent(e: TrimmedEvent): void {
    const pod = e.kind === "Pod" ? this.pods.store.get(`${e.namespace}/${e.name}`) : undefined;
    this.terminations.observeEvent(e, pod, () =>
      nodeFacts(this.states.get(e.kind === "Node" ? e.name : (pod?.spec?.nodeName ?? e.node ?? ""))),
    );
    this.onEvictionEvent(e);
  }

  private onEvictionEvent(e: TrimmedEvent): void {
    if (e.reason !== "Evicted" || e.kind !== "Pod") return;
    const pod = this.pods.store.get(`${e.namespace}/${e.name}`);
    this.countEviction(e.node ?? pod?.spec?.nodeName, e.namespace, e.name, e.message, pod?.metadata?.ownerReferences, e.time);
  }

  // The pod's status and its Event report the same eviction; the tally counts it once, by the
  // time the API server recorded (a relisted Event keeps its time). What the first lists show
  // happened before this process started (eviction-tally.ts says why).
  private countEviction(
    node: string | undefined,
    namespace: string | undefined,
    pod: string | undefined,
    message: string,
    owners: WireMeta["ownerReferences"],
    time: string | null | undefined,
  ): void {
    if (!node || !namespace || !pod || !this.pods.status.synced || !this.events.status.synced) return;
    // Each eviction is counted by the replica that owns its node, so /metrics exports it once.
    if (!this.owns(node)) return;
    const w = owningWorkload(owners);
    const signal = evictionSignal(message, this.states.get(node)?.signals ?? null);
    const at = time ? Date.parse(time) : Number.NaN;
    this.evictions.observe(
      pod,
      { node, namespace, workload_kind: w.kind, workload: w.name, signal },
      Number.isFinite(at) ? at : this.now(),
    );
  }

  /** Kubernetes events Headroom keeps (evictions and pressure). */
  eventList(): TrimmedEvent[] {
    return [...this.events.store.values()];
  }
}
