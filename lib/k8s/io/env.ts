import "server-only";

import { z } from "zod";

// The cluster, collection and demo-cluster settings from the environment, validated once. The
// server's own settings (auth, framing, logs, bind address) are read by the server's config module.
const seconds = (def: number) => z.coerce.number().positive().default(def);
const flag = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((v) => v === "true" || v === "1");

const schema = z.object({
  KUBECONFIG: z.string().optional(),
  HEADROOM_CONTEXT: z.string().optional(),
  HEADROOM_COLLECTION_MODE: z.enum(["direct", "proxy"]).optional(),
  HEADROOM_KUBELET_CA_FILE: z.string().optional(),
  /** Explicit opt-in only: kubelet serving certificates are then not verified. */
  HEADROOM_KUBELET_INSECURE_SKIP_VERIFY: flag,
  HEADROOM_SUMMARY_INTERVAL_SECONDS: seconds(10),
  HEADROOM_CONFIGZ_INTERVAL_SECONDS: seconds(300),
  HEADROOM_HISTORY_SECONDS: seconds(3600),
  HEADROOM_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(32),
  HEADROOM_KUBELET_TIMEOUT_SECONDS: seconds(5),
  HEADROOM_PROFILES_FILE: z.string().optional(),
  HEADROOM_SIM_SCENARIO: z
    .string()
    .regex(/^[\w.-]+$/)
    .default("demo"),
  /** Scenario parameters, e.g. "nodes=5000,deployments=5000,replicas=29" for `large`. */
  HEADROOM_SIM_PARAMS: z
    .string()
    .regex(/^(\w+=\d+)?(,\w+=\d+)*$/, "expected name=number pairs separated by commas")
    .default("")
    .transform(
      (v) =>
        Object.fromEntries(
          v
            .split(",")
            .filter(Boolean)
            .map((kv) => [kv.split("=")[0], Number(kv.split("=")[1])]),
        ) as Record<string, number>,
    ),
  HEADROOM_SIM_FAST_FORWARD_SECONDS: z.coerce.number().nonnegative().default(0),
  /** Seconds played and collected in 10 s steps before serving (default: the scenario's `warmup`). */
  HEADROOM_SIM_WARMUP_SECONDS: z.coerce.number().int().nonnegative().max(3600).optional(),
  // 0 freezes the simulated clock after the fast-forward (stable pages for e2e tests)
  HEADROOM_SIM_SPEED: z.coerce.number().nonnegative().default(1),
  KUBERNETES_SERVICE_HOST: z.string().optional(),
  KUBERNETES_SERVICE_PORT: z.string().optional(),
});

export type HeadroomEnv = z.infer<typeof schema>;

/** Parses the environment; throws with one readable line per bad variable. */
export function readEnv(env: Record<string, string | undefined> = process.env): HeadroomEnv {
  const r = schema.safeParse(env);
  if (!r.success) {
    throw new Error(r.error.issues.map((i) => `headroom: environment ${i.path.join(".")}: ${i.message}`).join("\n"));
  }
  return r.data;
}

/** The collector's knobs, as the cache takes them (tests pass their own). */
export interface CollectorSettings {
  mode: "direct" | "proxy";
  summaryIntervalMs: number;
  configzIntervalMs: number;
  historySeconds: number;
  concurrency: number;
  kubeletTimeoutMs: number;
  kubeletCaFile?: string;
  kubeletInsecureSkipVerify: boolean;
  profilesFile?: string;
}

/** Derives collector settings; the mode defaults to direct in-cluster and proxy outside. */
export function collectorSettings(env: HeadroomEnv, inCluster: boolean): CollectorSettings {
  return {
    mode: env.HEADROOM_COLLECTION_MODE ?? (inCluster ? "direct" : "proxy"),
    summaryIntervalMs: env.HEADROOM_SUMMARY_INTERVAL_SECONDS * 1000,
    configzIntervalMs: env.HEADROOM_CONFIGZ_INTERVAL_SECONDS * 1000,
    historySeconds: env.HEADROOM_HISTORY_SECONDS,
    concurrency: env.HEADROOM_CONCURRENCY,
    kubeletTimeoutMs: env.HEADROOM_KUBELET_TIMEOUT_SECONDS * 1000,
    kubeletCaFile: env.HEADROOM_KUBELET_CA_FILE,
    kubeletInsecureSkipVerify: env.HEADROOM_KUBELET_INSECURE_SKIP_VERIFY,
    profilesFile: env.HEADROOM_PROFILES_FILE,
  };
}
