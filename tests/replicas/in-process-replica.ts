// One replica of the data layer in this process, as the replica tests need it: a cache that
// collects only the nodes its shard owns, its Lease membership, and a loopback HTTP server whose
// routes each test attaches (the peer route and the user route it is about), so every request
// between replicas goes over real HTTP with the real peer secret.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { ClusterClient, loadKubeConfig } from "@/lib/k8s/io/client";
import { replicaLease } from "@/lib/k8s/replicas/lease-wire";
import { Membership } from "@/lib/k8s/replicas/membership";
import { Shard } from "@/lib/k8s/replicas/shard";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import type { Sim } from "@/lib/sim";

import { cacheFor } from "../k8s/helpers";

export interface InProcessReplica {
  name: string;
  url: string;
  cache: ClusterCache;
  shard: Shard;
  membership: Membership;
  server: Server;
  /** A replica that stopped answering: its server accepts and never replies (the slowest failure). */
  hung: boolean;
}

type Routes = (r: InProcessReplica, req: IncomingMessage, res: ServerResponse) => void;

export async function startReplica(sim: Sim, name: string, summaryIntervalMs: number, routes: Routes) {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: sim.kubeconfigFor("full") }));
  const membership = new Membership({ client, namespace: "default", identity: name, peerUrl: url });
  const shard = new Shard(membership, name);
  const cache = cacheFor(sim, "full", { summaryIntervalMs, kubeletTimeoutMs: 2000 }, { owns: shard.owns });
  shard.attach(cache);
  const r: InProcessReplica = { name, url, cache, shard, membership, server, hung: false };
  server.on("request", (req, res) => {
    if (!r.hung) routes(r, req, res); // hung: the caller's time bound must end the wait
  });
  membership.start();
  return r;
}

/** A JSON answer, as the app's routes give it. */
export const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

export async function stopReplicas(rs: (InProcessReplica | undefined)[]) {
  for (const r of rs) {
    if (!r) continue;
    await r.membership.stop();
    r.cache.stop();
    r.server.closeAllConnections();
    r.server.close();
  }
}

/**
 * A Lease of a replica that exists only as its Lease (no process behind it, its peer URL refuses
 * connections), as the product writes one (replicaLease), renewed now; put into the sim's store.
 */
export function ghostLease(identity: string): Record<string, unknown> & { metadata: { name: string; namespace: string } } {
  const lease = JSON.parse(JSON.stringify(replicaLease(identity, "http://127.0.0.1:9", 15, Date.now()))) as ReturnType<
    typeof replicaLease
  >;
  return { ...lease, metadata: { ...lease.metadata, namespace: "default" } };
}
