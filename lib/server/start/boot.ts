import "server-only";

// Process start-up, called once from instrumentation.ts: validate every setting (and stop with one
// line per wrong variable rather than serve half-configured), set up logging with the auth token
// as a secret to scrub, stamp request peers for trusted-header auth, compress responses, put the
// front door (target, Host, auth and body checks, security headers) before Next, count
// requests in flight (background collection waits for them), start the process metrics, then the
// cluster cache.
import { installPeerStamp } from "@/lib/auth/peer-stamp";
import { installResponseCompression } from "@/lib/http/compress-responses";
import { installFrontDoor } from "@/lib/http/front-door";
import { installRequestActivity } from "@/lib/http/request-activity";
import { readEnv } from "@/lib/k8s/io/env";
import { startProcessMetrics } from "@/lib/k8s/metrics/process-metrics";
import { parseHistorySettings } from "@/lib/prometheus/settings";
import { parseServerConfig } from "@/lib/server/config";
import { captureConsole, configureLog, log } from "@/lib/server/log";
import { framePolicy } from "@/lib/server/security-headers";

/** Validates the configuration; returns the messages of every wrong variable (empty when fine). */
export function configErrors(env: Record<string, string | undefined>): string[] {
  const errors: string[] = [];
  const server = parseServerConfig(env);
  if (!server.success) errors.push(...server.errors);
  try {
    readEnv(env);
  } catch (e) {
    errors.push(...(e as Error).message.split("\n").map((l) => l.replace(/^headroom: environment /, "")));
  }
  const history = parseHistorySettings(env);
  if (!history.success) errors.push(...history.errors);
  const frames = framePolicy(env.HEADROOM_EMBED_ORIGINS);
  if (frames.invalid.length) errors.push(`HEADROOM_EMBED_ORIGINS: not http(s) origins: ${frames.invalid.join(", ")}`);
  return errors;
}

/** Runs the start-up sequence; exits the process when the configuration is invalid. */
export async function boot(): Promise<void> {
  const env = process.env;
  const server = parseServerConfig(env);
  configureLog({ level: server.success ? server.data.HEADROOM_LOG_LEVEL : "info", secrets: [env.HEADROOM_AUTH_TOKEN] });
  captureConsole();
  const errors = configErrors(env);
  if (errors.length || !server.success) {
    for (const e of errors) log.error(`invalid configuration: ${e}`);
    // Next only logs a failing register(); an exit is the only way to refuse to serve.
    process.exit(2);
  }
  installPeerStamp();
  installResponseCompression();
  installFrontDoor(server.data);
  installRequestActivity();
  startProcessMetrics();
  const { startup } = await import("@/lib/server/start/startup");
  let demo: boolean;
  try {
    ({ demo } = await startup());
  } catch (e) {
    // e.g. a demo scenario parameter the scenario does not take: refuse to serve, naming it
    log.error(`start-up failed: ${(e as Error).message}`);
    process.exit(2);
  }
  log.info("headroom started", {
    authMode: server.data.HEADROOM_AUTH_MODE,
    bind: server.data.HOSTNAME,
    demo,
    embedOrigins: framePolicy(env.HEADROOM_EMBED_ORIGINS).frameAncestors,
  });
}
