import { isIP } from "node:net";
import { networkInterfaces } from "node:os";

import { isLoopback, normalizeAddress } from "./net";

// DNS rebinding: a page on attacker.example whose name is re-pointed at 127.0.0.1 talks to
// Headroom as "same origin", so in auth mode "none" (no secret at all) the Host header is the
// only thing that tells such a request from a real one. Headroom answers only the names it is
// known by: loopback names, the address it is bound to, and HEADROOM_ALLOWED_HOSTS.

/** A Host or Origin host name, lower-cased, without port, brackets or a trailing dot. */
export function hostName(hostHeader: string): string | null {
  const h = hostHeader.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/.exec(h);
  return m ? normalizeAddress(m[1]!).replace(/\.$/, "") : null;
}

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** Parses HEADROOM_ALLOWED_HOSTS (host names or addresses, comma/space separated, no ports). */
export function parseAllowedHosts(raw: string): { hosts: string[]; invalid: string[] } {
  const hosts: string[] = [];
  const invalid: string[] = [];
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const bare = normalizeAddress(entry.toLowerCase()).replace(/\.$/, "");
    if (isIP(bare) || HOST_NAME.test(bare)) hosts.push(bare);
    else invalid.push(entry);
  }
  return { hosts, invalid };
}

/** The addresses a server bound to HOSTNAME answers on: the address itself, or every local one for 0.0.0.0 / ::. */
function boundAddresses(bind: string): string[] {
  const b = normalizeAddress(bind.trim().toLowerCase());
  if (b !== "0.0.0.0" && b !== "::" && b !== "") return [b];
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => normalizeAddress(i.address.toLowerCase())));
}

export interface HostPolicy {
  /** Whether Host (and Origin) are checked at all: always in auth mode "none", else when HEADROOM_ALLOWED_HOSTS is set. */
  enforced: boolean;
  allows(name: string | null): boolean;
}

/** Builds the host allowlist for one configuration. */
export function hostPolicy(o: { authMode: string; bind: string; allowed: string[] }): HostPolicy {
  const names = new Set([...boundAddresses(o.bind), ...o.allowed]);
  return {
    enforced: o.authMode === "none" || o.allowed.length > 0,
    // *.localhost always resolves to loopback in browsers (RFC 6761), so it cannot be rebound.
    allows: (name) => name !== null && (isLoopback(name) || name.endsWith(".localhost") || names.has(name)),
  };
}
