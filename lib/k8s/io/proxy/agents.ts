// node's HTTP client through the kubeconfig's proxy, for the requests that stay on it (the lists'
// pages and single GETs, client.ts): each new connection is a tunnel (tunnel.ts), TLS to the API
// server inside it; the agent keeps and reuses them as it does direct ones.
import http from "node:http";
import https from "node:https";
import type { Duplex } from "node:stream";
import tls from "node:tls";

import type { ProxySpec } from "./proxy-url";
import { TunnelSocket } from "./tunnel";

const targetOf = (o: http.ClientRequestArgs) => ({
  host: String(o.hostname ?? o.host ?? "localhost").replace(/^\[|\]$/g, ""),
  port: Number(o.port) || (o.protocol === "http:" ? 80 : 443),
});

class ProxiedHttpsAgent extends https.Agent {
  constructor(
    private readonly proxy: ProxySpec,
    options: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: https.RequestOptions): Duplex {
    // the agent's options (CA, client certificate, servername) are merged into `options` by then
    const tunnel = new TunnelSocket(this.proxy, targetOf(options), options.ca);
    return tls.connect({ ...(options as tls.ConnectionOptions), socket: tunnel });
  }
}

class ProxiedHttpAgent extends http.Agent {
  constructor(
    private readonly proxy: ProxySpec,
    options: http.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: http.ClientRequestArgs): Duplex {
    return new TunnelSocket(this.proxy, targetOf(options));
  }
}

/** A keep-alive agent whose connections go through `proxy`. */
export function proxiedAgent(proxy: ProxySpec, secure: boolean, options: https.AgentOptions): http.Agent {
  return secure ? new ProxiedHttpsAgent(proxy, options) : new ProxiedHttpAgent(proxy, options);
}
