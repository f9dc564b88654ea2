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
