import { readFileSync } from "node:fs";
import { hostname } from "node:os";

// The replica settings, validated once at start-up: a wrong or missing one stops the process
// with a line naming it. HEADROOM_SHARDING unset (or "off") means one process, exactly as before.

export interface ReplicaSettings {
  identity: string;
  peerUrl: string;
  namespace: string;
  /** The shared secret peers present (Authorization: Bearer), read from HEADROOM_PEER_TOKEN_FILE. */
  peerToken: string;
}

const SA_NAMESPACE = "/var/run/secrets/kubernetes.io/serviceaccount/namespace";
/** A DNS label; the identity also goes into the Lease name after a 17-character prefix. */
const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

class SettingError extends Error {
  constructor(name: string, msg: string) {
    super(`headroom: environment ${name}: ${msg}`);
  }
}

function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Parses the replica settings; undefined when sharding is off. Throws naming the bad setting. */
export function replicaSettings(
  env: Record<string, string | undefined> = process.env,
  defaults: { hostname: () => string; podNamespace: () => string | undefined } = {
    hostname,
    podNamespace: () => readOptional(SA_NAMESPACE),
  },
): ReplicaSettings | undefined {
  const mode = env.HEADROOM_SHARDING ?? "";
  if (mode === "" || mode === "off") return undefined;
  if (mode !== "lease") throw new SettingError("HEADROOM_SHARDING", `expected "lease" or "off", got ${JSON.stringify(mode)}`);
  const identity = (env.HEADROOM_REPLICA_NAME || defaults.hostname()).toLowerCase();
  if (!LABEL.test(identity) || identity.length > 46)
    throw new SettingError("HEADROOM_REPLICA_NAME", `${JSON.stringify(identity)} is not a DNS label of at most 46 characters`);
  const peerUrl = env.HEADROOM_PEER_URL ?? "";
  if (!peerUrl)
    throw new SettingError("HEADROOM_PEER_URL", "required with HEADROOM_SHARDING=lease (how the other replicas reach this one)");
  let u: URL;
  try {
    u = new URL(peerUrl);
  } catch {
    throw new SettingError("HEADROOM_PEER_URL", `${JSON.stringify(peerUrl)} is not a URL`);
  }
  if ((u.protocol !== "http:" && u.protocol !== "https:") || u.username || u.password || u.search || u.hash)
    throw new SettingError("HEADROOM_PEER_URL", "expected http(s)://host:port with no credentials, query or fragment");
  const namespace = env.HEADROOM_LEASE_NAMESPACE || defaults.podNamespace() || "default";
  if (!LABEL.test(namespace) || namespace.length > 63)
    throw new SettingError("HEADROOM_LEASE_NAMESPACE", `${JSON.stringify(namespace)} is not a namespace name`);
  const file = env.HEADROOM_PEER_TOKEN_FILE ?? "";
  if (!file) throw new SettingError("HEADROOM_PEER_TOKEN_FILE", "required with HEADROOM_SHARDING=lease (the secret peers share)");
  const peerToken = readOptional(file);
  if (peerToken === undefined) throw new SettingError("HEADROOM_PEER_TOKEN_FILE", `cannot read ${file}`);
  if (peerToken.length < 16) throw new SettingError("HEADROOM_PEER_TOKEN_FILE", `${file} holds fewer than 16 characters`);
  return { identity, peerUrl: peerUrl.replace(/\/+$/, ""), namespace, peerToken };
}
