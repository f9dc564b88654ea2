import https from "node:https";
import { CoreV1Api, KubeConfig, makeInformer, Watch, type V1Node, type V1Status } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSim, type Sim } from "./sim";
import { waitFor } from "./testing";

function kc(yaml: string): KubeConfig {
  const k = new KubeConfig();
  k.loadFromString(yaml);
  return k;
}

/** GETs a kubelet path directly on the node's InternalIP and port, the way metrics-server does. */
async function kubelet(k: KubeConfig, node: V1Node, path: string): Promise<{ status: number; body: string }> {
  const ip = node.status!.addresses!.find((a) => a.type === "InternalIP")!.address;
  const port = node.status!.daemonEndpoints!.kubeletEndpoint!.Port;
  const opts: https.RequestOptions = { host: ip, port, path, method: "GET" };
  await k.applyToHTTPSOptions(opts);
  return new Promise((resolve, reject) => {
    https
      .request(opts, (res) => {
        let body = "";
        res.on("data", (d) => (body += String(d)));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject)
      .end();
  });
}

describe("@kubernetes/client-node against the sim", () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ scenario: "healthy", bookmarkEveryMs: 200 });
  });
  afterAll(() => sim?.close());

  it("lists pods page by page with one resourceVersion", async () => {
    const api = kc(sim.kubeconfigFor("least-privilege")).makeApiClient(CoreV1Api);
    const names: string[] = [];
    let cont: string | undefined;
    const rvs = new Set<string>();
    do {
      const page = await api.listPodForAllNamespaces({ limit: 4, _continue: cont });
      names.push(...page.items.map((p) => p.metadata!.name!));
      rvs.add(page.metadata!.resourceVersion!);
      cont = page.metadata!._continue;
    } while (cont);
    expect(names).toHaveLength(sim.cluster.stores.pods.size);
    expect(new Set(names).size).toBe(names.length);
    expect(rvs.size).toBe(1);
  });

  it("filters pods by node and phase like kubectl describe does", async () => {
    const api = kc(sim.kubeconfigYaml).makeApiClient(CoreV1Api);
    const n = sim.cluster.nodes[0]!;
    const list = await api.listPodForAllNamespaces({
      fieldSelector: `spec.nodeName=${n.name},status.phase!=Failed,status.phase!=Succeeded`,
    });
    expect(list.items.map((p) => p.metadata!.uid).sort()).toEqual([...n.pods].map((p) => p.uid).sort());
    const web = await api.listNamespacedPod({ namespace: "default", labelSelector: "app in (web),app!=api" });
    expect(web.items.every((p) => p.metadata!.labels!.app === "web")).toBe(true);
  });

  it("keeps an informer in step with lease renewals", async () => {
    const k = kc(sim.kubeconfigFor("least-privilege"));
    const api = k.makeApiClient(CoreV1Api);
    const inf = makeInformer(k, "/api/v1/nodes", () => api.listNode());
    const seen: string[] = [];
    inf.on("update", (n) => seen.push(n.metadata!.name!));
    await inf.start();
    expect(inf.list()).toHaveLength(3);
    sim.cluster.nodes[0]!.stopsAt = sim.clock.now();
    sim.advance(50);
    await waitFor(() => seen.includes(sim.cluster.nodes[0]!.name));
    const ready = inf.get(sim.cluster.nodes[0]!.name)!.status!.conditions!.find((c) => c.type === "Ready");
    expect(ready!.status).toBe("Unknown");
    await inf.stop();
  });

  it("answers a too-old watch with a 410 Expired ERROR event, and sends bookmarks", async () => {
    const w = new Watch(kc(sim.kubeconfigYaml));
    // Only the first event is read: the ERROR, whose object is a Status.
    const events: Array<{ type: string; obj: V1Status }> = [];
    const req = await w.watch(
      "/api/v1/pods",
      { resourceVersion: "1" },
      (type, obj) => events.push({ type, obj }),
      () => {},
    );
    await waitFor(() => events.length > 0);
    req.abort();
    expect(events[0]!.type).toBe("ERROR");
    expect(events[0]!.obj.code).toBe(410);
    expect(events[0]!.obj.reason).toBe("Expired");
    const bm: string[] = [];
    const rv = String(sim.cluster.stores.pods.revision);
    const req2 = await w.watch(
      "/api/v1/nodes",
      { resourceVersion: rv, allowWatchBookmarks: true },
      (type) => bm.push(type),
      () => {},
    );
    await waitFor(() => bm.includes("BOOKMARK"));
    req2.abort();
  });

  it("serves kubelet stats and configz directly to a least-privilege token, but no nodes/proxy", async () => {
    const k = kc(sim.kubeconfigFor("least-privilege"));
    const node = await k.makeApiClient(CoreV1Api).readNode({ name: sim.cluster.nodes[1]!.name });
    const summary = await kubelet(k, node, "/stats/summary");
    expect(summary.status).toBe(200);
    expect(JSON.parse(summary.body).node.nodeName).toBe(node.metadata!.name);
    expect((await kubelet(k, node, "/configz")).status).toBe(200);
    const pods = await kubelet(k, node, "/pods");
    expect(pods.status).toBe(403);
    expect(pods.body).toContain("subresource(s)=[pods proxy]");
    const viewer = kc(sim.kubeconfigFor("objects-only"));
    expect((await kubelet(viewer, node, "/stats/summary")).status).toBe(403);
    const api = k.makeApiClient(CoreV1Api);
    await expect(api.connectGetNodeProxyWithPath({ name: node.metadata!.name!, path: "stats/summary" })).rejects.toMatchObject({
      code: 403,
    });
  });

  it("accepts the %2F-encoded proxy path client-node sends", async () => {
    const api = kc(sim.kubeconfigYaml).makeApiClient(CoreV1Api);
    const name = sim.cluster.nodes[2]!.name;
    const s = (await api.connectGetNodeProxyWithPath({ name, path: "stats/summary" })) as unknown as {
      node: { nodeName: string };
    };
    expect(s.node.nodeName).toBe(name);
    const c = (await api.connectGetNodeProxyWithPath({ name, path: "configz" })) as unknown as { kubeletconfig: object };
    expect(c.kubeletconfig).toHaveProperty("evictionHard");
  });
});
