import "server-only";

import type { KubeConfig } from "@kubernetes/client-node";

import { ClusterClient } from "@/lib/k8s/io/client";
import { log } from "@/lib/server/log";

import { Membership } from "./membership";
import { replicaSettings, type ReplicaSettings } from "./settings";
import { Shard } from "./shard";

// The process's one shard when HEADROOM_SHARDING=lease (else none: one process collects all, as
// before). Lives on globalThis beside lib/k8s/runtime's cache, for the same reason (route bundles).

interface ReplicaRuntime {
  settings?: ReplicaSettings;
  shard?: Shard;
}

const KEY = Symbol.for("headroom.replicas.runtime");
const g = globalThis as unknown as Record<symbol, ReplicaRuntime>;
const rt = (): ReplicaRuntime => (g[KEY] ??= {});

/** Builds and starts the shard for a cluster connection, replacing any earlier one; undefined when sharding is off. */
export function startShard(kc: KubeConfig, env: Record<string, string | undefined> = process.env): Shard | undefined {
  stopShard();
  const settings = replicaSettings(env);
  if (!settings) return undefined;
  const membership = new Membership({
    client: new ClusterClient(kc, 2),
    namespace: settings.namespace,
    identity: settings.identity,
    peerUrl: settings.peerUrl,
    log: (level, msg) => log[level](msg),
  });
  const shard = new Shard(membership, settings.identity);
  membership.start();
  Object.assign(rt(), { settings, shard });
  return shard;
}

/** Stops the shard, releasing its Lease so the others take its nodes at once. */
export function stopShard(): void {
  const r = rt();
  void r.shard?.membership.stop();
  r.shard = undefined;
}

/** The running shard, if sharding is on. */
export function currentShard(): { shard: Shard; settings: ReplicaSettings } | undefined {
  const r = rt();
  return r.shard && r.settings ? { shard: r.shard, settings: r.settings } : undefined;
}
