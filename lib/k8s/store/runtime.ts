import "server-only";

import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

import { startShard, stopShard } from "@/lib/k8s/replicas/runtime";

import type { ClusterInfo } from "../documents/overview";
import { ClusterClient, loadKubeConfig, type ClusterSource } from "../io/client";
import { collectorSettings, readEnv, type CollectorSettings } from "../io/env";
import { HttpStatusError, UnknownContextError } from "../io/errors";
import { loadProfiles } from "../io/profiles";
import { ClusterCache } from "./cache";

// The one cache per server process. It lives on globalThis so that Next's dev reloads and the
// separately bundled route modules (and instrumentation.ts) all share it.

export interface RuntimeConfig {
  source: ClusterSource;
  demo?: boolean;
  context?: string;
  settings?: Partial<CollectorSettings>;
  /** The cluster clock (default Date.now); tests pass the sim's manual clock. */
  now?: () => number;
  /** Runs when the cache is dropped (e.g. stops an embedded demo cluster). */
  onClose?: () => Promise<void> | void;
}

interface Runtime {
  config?: RuntimeConfig;
  cache?: ClusterCache;
  info?: ClusterInfo;
  /** When the last context switch happened (Date.now()), for SWITCH_INTERVAL_MS. */
  switchedAt?: number;
}

/**
 * Context switches at most this often: each one drops the history and the eviction counters and
 * relists the whole cluster (ten POSTs made forty LISTs, issue 29). Asking for the current
 * context is not a switch and always answers.
 */
export const SWITCH_INTERVAL_MS = 5_000;

const KEY = Symbol.for("headroom.k8s.runtime");
const g = globalThis as unknown as Record<symbol, Runtime>;
const rt = (): Runtime => (g[KEY] ??= {});

/** Tells whether a kubeconfig or in-cluster service account is configured in this environment. */
export function detectClusterSource(env = readEnv()): ClusterSource | null {
  if (env.KUBECONFIG?.split(":").some((f) => f && existsSync(f))) return { kind: "default" };
  if (existsSync(join(homedir(), ".kube", "config"))) return { kind: "default" };
  if (env.KUBERNETES_SERVICE_HOST && existsSync("/var/run/secrets/kubernetes.io/serviceaccount/token"))
    return { kind: "in-cluster" };
  return null;
}

/** Builds a cache for a source and context (not started). */
function createCache(config: RuntimeConfig): { cache: ClusterCache; info: ClusterInfo } {
  const env = readEnv();
  const kc = loadKubeConfig(
    config.source,
    config.context ?? (config.source.kind === "in-cluster" ? undefined : env.HEADROOM_CONTEXT),
  );
  const settings = { ...collectorSettings(env, config.source.kind === "in-cluster"), ...config.settings };
  const client = new ClusterClient(kc, Math.max(8, settings.concurrency));
  // HEADROOM_SHARDING=lease: this replica collects only the nodes it owns (lib/k8s/replicas).
  const shard = startShard(kc);
  const cache = new ClusterCache({
    client,
    settings,
    profiles: loadProfiles(settings.profilesFile),
    demo: !!config.demo,
    now: config.now,
    owns: shard?.owns,
  });
  shard?.attach(cache);
  return { cache, info: { context: client.context, contexts: client.contexts, demo: !!config.demo } };
}

/** Sets the cluster this process serves (called by the start-up switch or by tests); drops any old cache. */
export async function configureCluster(config: RuntimeConfig): Promise<void> {
  await resetCluster();
  rt().config = config;
}

/** Stops and forgets the cache (and the embedded demo cluster, if any). */
export async function resetCluster(): Promise<void> {
  const r = rt();
  r.cache?.stop();
  stopShard();
  const close = r.config?.onClose;
  r.cache = undefined;
  r.info = undefined;
  r.config = undefined;
  r.switchedAt = undefined;
  await close?.();
}

/** Returns the shared cache, creating and starting it on first use. Throws when no cluster is configured. */
export function getCache(): { cache: ClusterCache; info: ClusterInfo } {
  const r = rt();
  if (r.cache && r.info) return { cache: r.cache, info: r.info };
  if (!r.config) {
    const source = detectClusterSource();
    if (!source) throw new HttpStatusError("no cluster configured", 503);
    r.config = { source };
  }
  const { cache, info } = createCache(r.config);
  cache.start();
  r.cache = cache;
  r.info = info;
  return { cache, info };
}

/** Lists the contexts of the configured kubeconfig and the current one. */
export function contexts(): ClusterInfo & { source: ClusterSource["kind"] } {
  const { info } = getCache();
  return { ...info, source: rt().config!.source.kind };
}

/** Switches to another context of the same kubeconfig: the cache is rebuilt from scratch. */
export function switchContext(context: string): ClusterInfo {
  const r = rt();
  if (!r.config) getCache();
  const config = r.config!;
  if (config.source.kind === "in-cluster") throw new HttpStatusError("in-cluster configuration has a single context", 400);
  if (r.cache && r.info?.context === context) return r.info;
  const since = Date.now() - (r.switchedAt ?? -Infinity);
  if (since < SWITCH_INTERVAL_MS)
    throw new HttpStatusError(
      `context: switched ${(since / 1000).toFixed(1)} s ago; one switch per ${SWITCH_INTERVAL_MS / 1000} s (retry in ${Math.ceil((SWITCH_INTERVAL_MS - since) / 1000)} s)`,
      429,
    );
  let next: ReturnType<typeof createCache>;
  try {
    next = createCache({ ...config, context });
  } catch (e) {
    throw e instanceof UnknownContextError ? new HttpStatusError(e.message, 400) : e;
  }
  r.cache?.stop();
  r.config = { ...config, context };
  next.cache.start();
  r.cache = next.cache;
  r.info = next.info;
  r.switchedAt = Date.now();
  return next.info;
}
