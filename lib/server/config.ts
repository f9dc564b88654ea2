import "server-only";

import { z } from "zod";

import { parseAllowedHosts } from "@/lib/auth/hosts";
import { isLoopback, parseCidrList, tooBroad } from "@/lib/auth/net";

// The server's exposure settings (auth, framing, logs, /metrics), validated once at start-up by
// instrumentation.ts and read again by proxy.ts (a separate bundle). The cluster settings live in
// lib/k8s/io/env.ts. Every variable is documented in docs/configuration.md and .env.example.

const flag = z
  .enum(["true", "false", "1", "0", ""], { error: 'must be "1", "0", "true" or "false"' })
  .default("false")
  .transform((v) => v === "true" || v === "1");

// The shared secret of token mode. A short or repetitive one ("aaaaaaaaaaaaaaaa", sixteen spaces) is
// guessable offline from a stolen session cookie; whitespace is refused because a Bearer header
// cannot carry it at the ends, and a trailing newline from a secret file is a common slip.
const MIN_TOKEN_LENGTH = 16;
const MIN_TOKEN_DISTINCT = 8;
const TOKEN_HINT = "e.g. `openssl rand -hex 24`";

function tokenProblems(token: string, ctx: z.RefinementCtx): void {
  const problem =
    token.length < MIN_TOKEN_LENGTH
      ? `must be at least ${MIN_TOKEN_LENGTH} characters`
      : /\s/.test(token)
        ? "must not contain spaces, tabs or newlines (a trailing newline from a secret file?)"
        : !/^[\x21-\x7e]+$/.test(token)
          ? "must be printable ASCII (it is sent in an Authorization header)"
          : new Set(token).size < MIN_TOKEN_DISTINCT
            ? `must have at least ${MIN_TOKEN_DISTINCT} different characters, it has ${new Set(token).size}`
            : null;
  if (problem) ctx.addIssue({ code: "custom", message: `${problem} (${TOKEN_HINT})` });
}

const schema = z.object({
  HEADROOM_AUTH_MODE: z
    .enum(["none", "token", "trusted-header"], { error: 'must be "none", "token" or "trusted-header"' })
    .default("none"),
  HEADROOM_AUTH_TOKEN: z.string().superRefine(tokenProblems).optional(),
  HEADROOM_AUTH_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, "must be an HTTP header name")
    .default("x-forwarded-user"),
  HEADROOM_TRUSTED_PROXIES: z.string().default(""),
  HEADROOM_SESSION_HOURS: z.coerce
    .number({ error: "must be a number of hours" })
    .positive("must be a positive number of hours")
    .max(24 * 30, "must be at most 720 hours")
    .default(12),
  HEADROOM_METRICS_PUBLIC: flag,
  HEADROOM_EMBED_ORIGINS: z.string().default(""),
  // Extra Host names to answer to (beyond loopback and the bound address); see lib/auth/hosts.ts.
  HEADROOM_ALLOWED_HOSTS: z.string().default(""),
  HEADROOM_LOG_LEVEL: z
    .enum(["debug", "info", "warn", "error"], { error: 'must be "debug", "info", "warn" or "error"' })
    .default("info"),
  // The bind address, as scripts/start.mjs and the standalone server.js read it; unset means all
  // interfaces there (and in Kubernetes HOSTNAME is the pod name), so unset is not loopback.
  HOSTNAME: z.string().default("0.0.0.0"),
});

export type ServerConfig = z.infer<typeof schema> & {
  /** Parsed HEADROOM_TRUSTED_PROXIES. */
  trustedProxies: ReturnType<typeof parseCidrList>["cidrs"];
};

export type ConfigResult = { success: true; data: ServerConfig } | { success: false; errors: string[] };

/** Validates the environment; on failure lists one clear line per wrong variable. */
export function parseServerConfig(env: Record<string, string | undefined>): ConfigResult {
  const r = schema.safeParse(env);
  const errors: string[] = [];
  if (!r.success) {
    for (const i of r.error.issues) {
      const line = `${i.path.join(".")}: ${i.message}`;
      if (!errors.includes(line)) errors.push(line);
    }
  }
  // The rules between variables are checked on the raw values too, so one run reports everything.
  const mode = r.success ? r.data.HEADROOM_AUTH_MODE : env.HEADROOM_AUTH_MODE || "none";
  const host = r.success ? r.data.HOSTNAME : env.HOSTNAME || "0.0.0.0";
  const proxies = parseCidrList(env.HEADROOM_TRUSTED_PROXIES ?? "");
  if (proxies.invalid.length) errors.push(`HEADROOM_TRUSTED_PROXIES: not an IP address or CIDR: ${proxies.invalid.join(", ")}`);
  for (const c of proxies.cidrs) {
    const why = tooBroad(c);
    if (why)
      errors.push(
        `HEADROOM_TRUSTED_PROXIES: ${c.address}/${c.prefix} is too broad to trust (${why}); list the proxies' own addresses, e.g. 10.0.3.0/24`,
      );
  }
  const allowed = parseAllowedHosts(env.HEADROOM_ALLOWED_HOSTS ?? "");
  if (allowed.invalid.length)
    errors.push(`HEADROOM_ALLOWED_HOSTS: not host names or addresses (no port, no scheme): ${allowed.invalid.join(", ")}`);
  if (mode === "none" && !isLoopback(host)) {
    errors.push(
      `HEADROOM_AUTH_MODE: "none" is only allowed when bound to loopback, but HOSTNAME is ${JSON.stringify(host)}; set HEADROOM_AUTH_MODE=token or trusted-header, or HOSTNAME=127.0.0.1`,
    );
  }
  if (mode === "token" && !env.HEADROOM_AUTH_TOKEN) errors.push("HEADROOM_AUTH_TOKEN: required when HEADROOM_AUTH_MODE=token");
  if (mode === "trusted-header" && proxies.cidrs.length === 0 && !proxies.invalid.length) {
    errors.push(
      "HEADROOM_TRUSTED_PROXIES: required when HEADROOM_AUTH_MODE=trusted-header (the auth proxy's addresses, e.g. 127.0.0.1/32 for a sidecar)",
    );
  }
  if (errors.length || !r.success) return { success: false, errors };
  return { success: true, data: { ...r.data, trustedProxies: proxies.cidrs } };
}
