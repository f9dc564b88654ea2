import https from "node:https";
import { CoreV1Api, KubeConfig, Watch } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSim, type Sim } from "../sim";
import { waitFor } from "../testing";

describe("fault injection and request counters", () => {
  let sim: Sim;
  let kc: KubeConfig;
  const get = (host: string, port: number, path: string, timeoutMs = 3000) =>
    new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
      const t0 = Date.now();
      const req = https.get(
        { host, port, path, ca: sim.caPem, headers: { authorization: `Bearer ${sim.tokens.full}` }, timeout: timeoutMs },
        (res) => {
          let body = "";
          res.on("data", (d) => (body += String(d)));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - t0 }));
        },
      );
      req.on("timeout", () => req.destroy(new Error("client timeout")));
      req.on("error", reject);
    });
  beforeAll(async () => {
    sim = await startSim({ scenario: "healthy" });
    kc = new KubeConfig();
    kc.loadFromString(sim.kubeconfigYaml);
  });
  afterAll(() => sim?.close());

  it("makes one kubelet slow, one fail, one garble and one hang, and counts each call", async () => {
    const [a, b, c] = sim.cluster.nodes;
    const port = sim.kubeletPort;
    sim.counters.reset();
    const ids = [
      sim.faults.add({ target: "kubelet", nodes: [a!.name], kind: "latency", ms: 300 }),
      sim.faults.add({ target: "kubelet", nodes: [b!.name], kind: "error" }),
      sim.faults.add({ target: "kubelet", nodes: [c!.name], kind: "malformed", paths: ["/stats"] }),
    ];
    expect((await get(a!.ip, port, "/stats/summary")).ms).toBeGreaterThanOrEqual(290);
    expect((await get(b!.ip, port, "/stats/summary")).status).toBe(500);
    const bad = await get(c!.ip, port, "/stats/summary");
    expect(bad.status).toBe(200);
    expect(() => JSON.parse(bad.body)).toThrow();
    expect(JSON.parse((await get(c!.ip, port, "/configz")).body)).toHaveProperty("kubeletconfig");
    ids.forEach((id) => sim.faults.remove(id));
    const hang = sim.faults.add({ target: "kubelet", nodes: [a!.name], kind: "timeout" });
    await expect(get(a!.ip, port, "/stats/summary", 300)).rejects.toThrow("client timeout");
    sim.faults.remove(hang);
    expect(sim.counters.get("kubelet.summary")).toBe(4);
    expect(sim.counters.get("kubelet.configz")).toBe(1);
  });

  it("throttles and fails API calls", async () => {
    const api = kc.makeApiClient(CoreV1Api);
    const id = sim.faults.add({ target: "apiserver", kind: "throttle", paths: ["/api/v1/nodes"] });
    await expect(api.listNode()).rejects.toMatchObject({ code: 429 });
    sim.faults.remove(id);
    const id2 = sim.faults.add({ target: "apiserver", kind: "error" });
    await expect(api.listNamespace()).rejects.toMatchObject({ code: 500 });
    sim.faults.remove(id2);
    sim.counters.reset();
    await api.listNode();
    await api.readNode({ name: sim.cluster.nodes[0]!.name });
    expect(sim.counters.snapshot()).toMatchObject({ "apiserver.list.nodes": 1, "apiserver.get.nodes": 1 });
  });

  it("drops watch connections", async () => {
    const w = new Watch(kc);
    let done = false;
    await w.watch(
      "/api/v1/nodes",
      {},
      () => {},
      () => (done = true),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(sim.counters.get("apiserver.watch.nodes")).toBeGreaterThan(0);
    sim.faults.dropWatches();
    await waitFor(() => done);
  });
});
