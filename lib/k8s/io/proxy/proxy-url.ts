// The kubeconfig's `proxy-url` (clusters[].cluster.proxy-url), read once when the kubeconfig is
// loaded, so a value Headroom cannot use stops it there with the field's name rather than failing
// every request later. The schemes are kubectl's: http and https proxies are asked to CONNECT,
// socks5 proxies get the API server's name to resolve (kubectl, through golang.org/x/net/proxy,
// sends the name for socks5:// as well as socks5h://: a bastion's `ssh -D` often knows names the
// laptop does not).

export interface ProxySpec {
  protocol: "http:" | "https:" | "socks5:" | "socks5h:";
  host: string;
  port: number;
  /** From the URL's user and password; never printed. */
  auth?: { user: string; password: string };
  /** How messages name the proxy: scheme, host and port only (no credentials, no path). */
  label: string;
}

const DEFAULT_PORT: Record<ProxySpec["protocol"], number> = { "http:": 80, "https:": 443, "socks5:": 1080, "socks5h:": 1080 };

/** Parses a proxy-url; throws an Error naming `field` (and never the URL's password) when unusable. */
export function parseProxyUrl(raw: string, field = "proxy-url"): ProxySpec {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${field} is not a URL (expected http://, https://, socks5:// or socks5h:// with a host)`);
  }
  const protocol = url.protocol as ProxySpec["protocol"];
  if (!(protocol in DEFAULT_PORT))
    throw new Error(
      `${field} uses the scheme ${JSON.stringify(url.protocol)}; Headroom reaches a proxy by http, https, socks5 or socks5h`,
    );
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) throw new Error(`${field} has no host`);
  const port = url.port ? Number(url.port) : DEFAULT_PORT[protocol];
  const label = `${protocol}//${url.hostname}:${port}`;
  const spec: ProxySpec = { protocol, host, port, label };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    // RFC 1929 carries each in one length byte
    if (protocol.startsWith("socks") && (Buffer.byteLength(user) > 255 || Buffer.byteLength(password) > 255))
      throw new Error(`${field}: a SOCKS5 user name and password are at most 255 bytes each`);
    spec.auth = { user, password };
  }
  return spec;
}
