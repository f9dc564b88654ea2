import "server-only";

import type { KubeConfig, RequestContext, SecurityAuthentication } from "@kubernetes/client-node";

import { CoordinationV1Api, createConfiguration, ServerConfiguration } from "@/lib/k8s/io/client-node";

// The Lease API on one pool of connections. client-node's generated clients authenticate each
// request through KubeConfig.applySecurityAuthentication, which builds a new undici Agent every
// time (client-node 1.x, config.js createDispatcher): every Lease renewal, every 2 s, opened a new
// TCP and TLS connection to the API server. On a busy API server each of the handshake's round
// trips waits in its queues, and a renewal past its 10 s deadline stops the replica's collection
// (docs/replicas.md, "No fencing"). Here the first Agent is kept and lent to every later request,
// and replaced after REFRESH_MS so a rotated client certificate or CA is picked up as it was.

const REFRESH_MS = 5 * 60_000;

type Dispatcher = NonNullable<ReturnType<RequestContext["getDispatcher"]>>;

/** KubeConfig's own authentication (headers, TLS), with its connection pool kept between requests. */
export function pooledAuthentication(kc: KubeConfig, now: () => number = Date.now): SecurityAuthentication {
  let kept: { dispatcher: Dispatcher; at: number } | undefined;
  return {
    getName: () => "kubeconfig authentication, one connection pool",
    async applySecurityAuthentication(context: RequestContext): Promise<void> {
      await kc.applySecurityAuthentication(context);
      const fresh = context.getDispatcher();
      if (!fresh) return; // no TLS options: fetch's global dispatcher, pooled already
      if (kept && now() - kept.at < REFRESH_MS) {
        void fresh.close(); // never connected: nothing to wait for
        context.setDispatcher(kept.dispatcher);
        return;
      }
      const old = kept;
      kept = { dispatcher: fresh, at: now() };
      void old?.dispatcher.close(); // lets a request still on it finish
    },
  };
}

/** CoordinationV1Api for `kc`'s current cluster, its requests sharing connections. */
export function leaseApi(kc: KubeConfig): CoordinationV1Api {
  const server = kc.getCurrentCluster()?.server;
  if (!server) throw new Error("No active cluster!");
  return new CoordinationV1Api(
    createConfiguration({
      baseServer: new ServerConfiguration(server, {}),
      authMethods: { default: pooledAuthentication(kc) },
    }),
  );
}
