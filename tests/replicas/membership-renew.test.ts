// The Lease renewal's timing, as client-go's leader election has it: renewals every period counted
// from the previous one's start, a failed one retried after one period, and no request awaited
// past the renew deadline. Before, the next renewal waited 5 s after the previous one *ended*, so
// one hung request held every later renewal (and the "collection stopped" check) behind it, and
// replicas on a busy machine lost their Leases over and over (bench:replicas at 1 000 nodes).
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ClusterClient, loadKubeConfig } from "@/lib/k8s/io/client";
import { CoordinationV1Api } from "@/lib/k8s/io/client-node";
import { Membership } from "@/lib/k8s/replicas/membership";
import { startSim, type Sim } from "@/lib/sim";

import { until } from "../k8s/helpers";

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ scenario: "large", params: { nodes: 3, deployments: 1, replicas: 1 } });
});
afterAll(async () => {
  await sim?.close();
});

const kubeconfig = (server: string) => `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "${server}", insecure-skip-tls-verify: true}}]
users: [{name: u, user: {token: t}}]
contexts: [{name: c, context: {cluster: c, user: u}}]
current-context: c
`;

describe("Lease renewal", () => {
  it("renews every period from the previous start, and holds its Lease", async () => {
    const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: sim.kubeconfigFor("full") }));
    const m = new Membership({ client, namespace: "default", identity: "renew-a", peerUrl: "http://127.0.0.1:1", renewMs: 300 });
    const leases = client.kc.makeApiClient(CoordinationV1Api);
    const versions = new Set<string>();
    m.start();
    try {
      await until(() => m.status().holding, 10_000);
      const t0 = Date.now();
      while (Date.now() - t0 < 3_000) {
        const l = await leases.readNamespacedLease({ namespace: "default", name: m.leaseName });
        versions.add(l.metadata?.resourceVersion ?? "");
        await new Promise((r) => setTimeout(r, 50));
      }
      // 3 s at a 300 ms period: ~10 renewals; at least 6 even on a busy machine
      expect(versions.size).toBeGreaterThanOrEqual(6);
      expect(m.status().error).toBeNull();
    } finally {
      await m.stop();
    }
  });

  it("renews over one kept connection, not a new TLS connection each time", async () => {
    // client-node's generated clients build a new connection pool per request (lease-api.ts): ten
    // renewals were ten TCP and TLS handshakes with the API server.
    const port = new URL(sim.url).port;
    let connections = 0;
    const counted = (message: unknown) => {
      const p = (message as { connectParams?: { port?: string | number } }).connectParams?.port;
      if (String(p) === port) connections++;
    };
    subscribe("undici:client:connected", counted);
    const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: sim.kubeconfigFor("full") }));
    const m = new Membership({
      client,
      namespace: "default",
      identity: "renew-pool",
      peerUrl: "http://127.0.0.1:1",
      renewMs: 300,
    });
    m.start();
    try {
      await until(() => m.status().holding, 10_000);
      const from = connections;
      await new Promise((r) => setTimeout(r, 3_000)); // ~10 renewals
      expect(m.status().error).toBeNull();
      expect(connections).toBeGreaterThanOrEqual(1); // the channel is heard: the Lease was created over one
      expect(connections - from).toBeLessThanOrEqual(1);
    } finally {
      await m.stop();
      unsubscribe("undici:client:connected", counted);
    }
  });

  it("gives up a request that never answers at the deadline and keeps retrying", async () => {
    // an API server that accepts connections and never answers (not even the TLS handshake)
    const sockets: Socket[] = [];
    const hung: Server = createServer((s) => {
      sockets.push(s);
    });
    await new Promise<void>((r) => hung.listen(0, "127.0.0.1", r));
    const port = (hung.address() as { port: number }).port;
    const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: kubeconfig(`https://127.0.0.1:${port}`) }));
    // 3 s Leases: a 2 s renew deadline
    const m = new Membership({
      client,
      namespace: "default",
      identity: "renew-b",
      peerUrl: "http://127.0.0.1:1",
      leaseDurationS: 3,
      renewMs: 500,
    });
    m.start();
    try {
      await until(() => m.status().error !== null, 8_000);
      expect(m.status().error).toMatch(/no answer within 2 s/);
      expect(m.status().holding).toBe(false);
      // the next attempts go out although the first never answered: one connection each
      await until(() => sockets.length >= 3, 15_000);
    } finally {
      await m.stop(false);
      for (const s of sockets) s.destroy();
      await new Promise((r) => hung.close(r));
    }
  });
});
