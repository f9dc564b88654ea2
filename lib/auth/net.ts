import { BlockList, isIP } from "node:net";

// Address checks for the bind address (auth mode "none") and for trusted auth proxies. node:net's
// BlockList does the CIDR maths; we only normalise IPv4-mapped IPv6 ("::ffff:10.0.0.1"), which is
// how a dual-stack socket reports an IPv4 peer.

export interface Cidr {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** Strips the IPv4-mapped IPv6 prefix and brackets; returns the bare address. */
export function normalizeAddress(addr: string): string {
  const bare = addr.replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  return mapped ? mapped[1]! : bare;
}

/** Tells whether a bind address (HOSTNAME) only listens on the loopback interface. */
export function isLoopback(host: string): boolean {
  const h = normalizeAddress(host.trim().toLowerCase());
  if (h === "localhost") return true;
  if (isIP(h) === 4) return h.startsWith("127.");
  if (isIP(h) === 6) return h === "::1";
  return false;
}

/** Parses a comma/space separated list of IPs and CIDRs ("10.0.0.0/8, ::1"). */
export function parseCidrList(raw: string): { cidrs: Cidr[]; invalid: string[] } {
  const cidrs: Cidr[] = [];
  const invalid: string[] = [];
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const [ip = "", bits] = entry.split("/");
    const addr = normalizeAddress(ip);
    const fam = isIP(addr);
    const max = fam === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (!fam || !(prefix >= 0 && prefix <= max)) invalid.push(entry);
    else cidrs.push({ address: addr, prefix, family: fam === 6 ? "ipv6" : "ipv4" });
  }
  return { cidrs, invalid };
}

/** Builds a matcher for a CIDR list; an address that is not an IP never matches. */
export function cidrMatcher(cidrs: Cidr[]): (addr: string | null | undefined) => boolean {
  const list = new BlockList();
  for (const c of cidrs) list.addSubnet(c.address, c.prefix, c.family);
  return (addr) => {
    if (!addr) return false;
    const a = normalizeAddress(addr);
    const fam = isIP(a);
    return fam !== 0 && list.check(a, fam === 6 ? "ipv6" : "ipv4");
  };
}

// A trusted proxy is believed about who the user is (trusted-header mode) and where the request
// came from (X-Forwarded-*), so its range must name proxies, not the internet. The widest ranges
// accepted: an IPv4 /8 (10.0.0.0/8, the largest private block), all of fc00::/7 (unique local)
// or fe80::/10 (link local), any other IPv6 /32 (one provider's whole allocation); and never all
// of IPv4 again through the IPv4-mapped IPv6 block (::ffff:0:0/96, or ::/32 which holds it).
const MIN_IPV4_PREFIX = 8;
const MIN_IPV6_PREFIX = 32;
const LOCAL_IPV6: Cidr[] = [
  { address: "fc00::", prefix: 7, family: "ipv6" },
  { address: "fe80::", prefix: 10, family: "ipv6" },
];
const MAPPED_IPV4 = "::ffff:0:0";

/** Why a trusted-proxy range is too broad to trust (null when it is narrow enough). */
export function tooBroad(c: Cidr): string | null {
  if (c.family === "ipv4")
    return c.prefix < MIN_IPV4_PREFIX ? `wider than a /${MIN_IPV4_PREFIX} (${2 ** (32 - c.prefix)} addresses)` : null;
  const local = LOCAL_IPV6.some((l) => c.prefix >= l.prefix && cidrMatcher([l])(c.address));
  if (!local && c.prefix < MIN_IPV6_PREFIX) return `wider than an IPv6 /${MIN_IPV6_PREFIX} outside the local ranges`;
  // The IPv4 part of the range: all of ::ffff:0:0/96 when the range holds it, else what it covers inside it.
  const mapped = c.prefix <= 96 ? cidrMatcher([c])(MAPPED_IPV4) : cidrMatcher([{ ...c, prefix: 96 }])(MAPPED_IPV4);
  return mapped && Math.max(c.prefix, 96) - 96 < MIN_IPV4_PREFIX
    ? `holds more than an IPv4 /${MIN_IPV4_PREFIX} as IPv4-mapped addresses`
    : null;
}
