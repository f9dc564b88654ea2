import "server-only";

import type { V1Lease } from "@kubernetes/client-node";

import type { ClusterClient } from "@/lib/k8s/io/client";
import { ApiException, type CoordinationV1Api } from "@/lib/k8s/io/client-node";
import { realClock, type Clock, type Timer } from "@/lib/k8s/io/clock";
import { describeError } from "@/lib/k8s/io/errors";
import { Reflector } from "@/lib/k8s/io/informers";

import { leaseApi } from "./lease-api";
import { LEASE_PREFIX, replicaLease, trimReplicaLease, type PeerLease } from "./lease-wire";

// Who the live replicas are, through coordination.k8s.io/v1 Leases: each replica holds one Lease of
// its own (no election: every holder is a member), renews it every `renewMs`, and watches everyone's.
// A peer counts as live until `duration` has passed on OUR clock since we last saw its Lease change,
// as client-go's leaderelection judges a leader: clocks may be skewed, only their rates must agree.
// Leases give no fencing: a replica that cannot renew within its renew deadline must assume the
// others have dropped it, so it stops collecting (owns nothing) until a renewal succeeds again.

export interface MembershipOptions {
  client: ClusterClient;
  namespace: string;
  identity: string;
  peerUrl: string;
  /** leaseDurationSeconds written on the Lease (default 15, as client-go's defaults). */
  leaseDurationS?: number;
  /**
   * How often the Lease is renewed, counted from the start of the previous renewal (default 2 s,
   * client-go's RetryPeriod). A failed renewal is retried after the same period, so a slow or lost
   * request costs one period, not the whole renew deadline.
   */
  renewMs?: number;
  /** How long after first holding its Lease a replica waits before taking nodes (default 5 s). */
  settleMs?: number;
  clock?: Clock;
  log?: (level: "info" | "warn", msg: string) => void;
}

export interface Member {
  identity: string;
  peerUrl: string;
  /** Our clock's ms when its Lease was last seen to change. */
  seenAt: number;
  self: boolean;
}

export interface MembershipStatus {
  identity: string;
  holding: boolean;
  lastRenewAt: number | null;
  error: string | null;
  members: string[];
}

export class Membership {
  readonly leases: Reflector<PeerLease>;
  private readonly api: CoordinationV1Api;
  private readonly clock: Clock;
  private readonly durationS: number;
  private readonly renewMs: number;
  private readonly settleMs: number;
  private readonly seen = new Map<string, { rv: string; at: number }>();
  private rv: string | undefined;
  private lastRenewAt: number | null = null;
  private error: string | null = null;
  private holding = false;
  private heldSince: number | null = null;
  private timer: Timer | undefined;
  private stopped = false;
  private current: string[] = [];
  private readonly listeners = new Set<(members: string[]) => void>();

  constructor(private readonly o: MembershipOptions) {
    this.clock = o.clock ?? realClock;
    this.durationS = o.leaseDurationS ?? 15;
    this.renewMs = o.renewMs ?? 2000;
    this.settleMs = o.settleMs ?? 5000;
    this.api = leaseApi(o.client.kc);
    this.leases = new Reflector<PeerLease>({
      client: o.client,
      clock: this.clock,
      path: `/apis/coordination.k8s.io/v1/namespaces/${encodeURIComponent(o.namespace)}/leases`,
      resource: "leases",
      trim: trimReplicaLease,
      onChange: (_k, l) => {
        if (l) this.observe(l);
        this.recompute();
      },
    });
  }

  /** The Lease's name for this replica. */
  get leaseName(): string {
    return LEASE_PREFIX + this.o.identity;
  }

  /** Calls `fn` with the sorted live identities whenever they change. */
  onChange(fn: (members: string[]) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  start(): void {
    this.stopped = false;
    this.leases.start();
    void this.tick();
  }

  /**
   * Stops renewing and releases the Lease (holderIdentity ""), so peers take our nodes at once.
   * `release: false` leaves it to expire, as after a crash.
   */
  async stop(release = true): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    this.leases.stop();
    if (!release || !this.holding || !this.rv) return;
    this.holding = false;
    try {
      await this.api.replaceNamespacedLease({
        namespace: this.o.namespace,
        name: this.leaseName,
        body: replicaLease("", this.o.peerUrl, this.durationS, this.clock.now(), this.rv) as V1Lease,
      });
    } catch {
      // Best effort: the Lease expires by itself after its duration.
    }
  }

  /** Live members, sorted (this replica included only while it holds its Lease). */
  members(): string[] {
    return this.current;
  }

  /** Every live member with its peer URL. */
  peers(): Member[] {
    const out: Member[] = [];
    for (const l of this.leases.store.values()) {
      if (!this.current.includes(l.identity)) continue;
      out.push({
        identity: l.identity,
        peerUrl: l.peerUrl,
        seenAt: this.seen.get(l.name)?.at ?? 0,
        self: l.identity === this.o.identity,
      });
    }
    return out.sort((a, b) => (a.identity < b.identity ? -1 : 1));
  }

  status(): MembershipStatus {
    return {
      identity: this.o.identity,
      holding: this.holding,
      lastRenewAt: this.lastRenewAt,
      error: this.error,
      members: this.current,
    };
  }

  /**
   * Records when a Lease was seen to change, on our clock. A Lease first seen counts from now, as
   * client-go does: a dead replica's Lease then keeps its nodes unowned for one duration after we
   * start, but no clock skew or late watch can make a live replica look dead.
   */
  private observe(l: PeerLease): void {
    const prev = this.seen.get(l.name);
    if (prev?.rv === l.resourceVersion) return;
    this.seen.set(l.name, { rv: l.resourceVersion, at: this.clock.now() });
  }

  private recompute(): void {
    // Not before the Lease list is in and `settleMs` have passed since we first held ours:
    // a replica that started beside others would otherwise see itself alone, poll every kubelet
    // until the others' Leases arrive, and push slow kubelets into back-off (measured: 3x the
    // kubelet load for tens of seconds on a loaded machine).
    if (!this.leases.status.synced || this.heldSince === null || this.clock.now() - this.heldSince < this.settleMs) {
      if (this.current.length && !this.holding) this.publish([]);
      return;
    }
    const now = this.clock.now();
    const live = new Set<string>();
    for (const l of this.leases.store.values()) {
      if (l.identity === this.o.identity) continue;
      const at = this.seen.get(l.name)?.at ?? 0;
      if (now - at < l.durationMs) live.add(l.identity);
    }
    if (this.holding) live.add(this.o.identity);
    this.publish([...live].sort());
  }

  private publish(next: string[]): void {
    if (next.join("\n") === this.current.join("\n")) return;
    this.current = next;
    this.o.log?.("info", `replicas: members now ${next.length ? next.join(", ") : "(none)"}`);
    for (const fn of this.listeners) fn(next);
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    const started = this.clock.now();
    // The renew deadline: two thirds of the duration, as client-go's 10 s of 15 s. Past it, peers
    // may already have taken our nodes: stop collecting rather than poll kubelets twice.
    const deadline = (this.durationS * 1000 * 2) / 3;
    // A request is not awaited past the deadline: a hung one would otherwise hold every later
    // renewal (and the check below) behind it.
    const left = this.lastRenewAt === null ? deadline : Math.max(1000, deadline - (started - this.lastRenewAt));
    await this.renew(started, left);
    const fresh = this.lastRenewAt !== null && this.clock.now() - this.lastRenewAt < deadline;
    if (this.holding && !fresh) {
      this.holding = false;
      this.heldSince = null;
      this.o.log?.(
        "warn",
        `replicas: could not renew Lease ${this.o.namespace}/${this.leaseName} (${this.error}); collection stopped`,
      );
    } else if (!this.holding && fresh) {
      this.holding = true;
      this.heldSince = this.clock.now();
      this.o.log?.("info", `replicas: holding Lease ${this.o.namespace}/${this.leaseName}`);
    }
    this.recompute();
    // The cadence counts from the renewal's start (a slow request does not push the next one back);
    // under a busy event loop the timer fires late anyway, so the next renewal is never skipped.
    const wait = Math.max(0, this.renewMs - (this.clock.now() - started));
    if (!this.stopped) this.timer = this.clock.after(wait, () => void this.tick(), true);
  }

  /**
   * One create-or-update of our Lease, given up after `timeoutMs`; a 409 rereads it and the next
   * tick writes again. A success counts from `started`, when the request left: peers see the change
   * no earlier than that, so our deadline never runs later than theirs.
   */
  private async renew(started: number, timeoutMs: number): Promise<void> {
    let timer: Timer | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = this.clock.after(timeoutMs, () => reject(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)), true);
    });
    try {
      await Promise.race([this.write(), timeout]);
      this.lastRenewAt = started;
      this.error = null;
    } catch (e) {
      this.error = e instanceof ApiException ? `${e.code} ${describeApi(e)}` : describeError(e);
      // A conflict or a vanished Lease: start again from create/read on the next tick. A request
      // given up may still land and bump the version: the next write then conflicts and rereads.
      if (e instanceof ApiException && (e.code === 409 || e.code === 404)) this.rv = undefined;
    } finally {
      timer?.cancel();
    }
  }

  /** Creates our Lease, or takes it over (same identity, an earlier run), or updates it. */
  private async write(): Promise<void> {
    const ns = this.o.namespace;
    const body = () => replicaLease(this.o.identity, this.o.peerUrl, this.durationS, this.clock.now(), this.rv) as V1Lease;
    let got: V1Lease;
    if (this.rv === undefined) {
      try {
        got = await this.api.createNamespacedLease({ namespace: ns, body: body() });
      } catch (e) {
        if (!(e instanceof ApiException) || e.code !== 409) throw e;
        this.rv = (await this.api.readNamespacedLease({ namespace: ns, name: this.leaseName })).metadata?.resourceVersion;
        got = await this.api.replaceNamespacedLease({ namespace: ns, name: this.leaseName, body: body() });
      }
    } else got = await this.api.replaceNamespacedLease({ namespace: ns, name: this.leaseName, body: body() });
    this.rv = got.metadata?.resourceVersion;
  }
}

function describeApi(e: ApiException<unknown>): string {
  try {
    return String((JSON.parse(String(e.body)) as { message?: string }).message ?? e.message);
  } catch {
    return e.message;
  }
}
