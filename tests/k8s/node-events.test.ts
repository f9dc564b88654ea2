// The node page's Events: what the API server holds about the node (involvedObject kind Node), read
// by the data layer's watch and served in the node document, newest first, with their counts, the
// same list `kubectl describe node` prints. Against the sim over loopback, through the route.
import { CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import { afterAll, describe, expect, it } from "vitest";

import { GET as nodeRoute } from "@/app/api/nodes/[name]/route";
import { nodeDetail } from "@/lib/contract/dto";
import { configureCluster, getCache, resetCluster } from "@/lib/k8s/store/runtime";
import { startSim } from "@/lib/sim";

import { FAST } from "./helpers";

describe("node Events", () => {
  afterAll(() => resetCluster());

  it("lists the API server's Events about the node, newest first, with reason and count", async () => {
    const sim = await startSim({ scenario: "memory-pressure" });
    try {
      sim.advance(330);
      await configureCluster({ source: { kind: "text", yaml: sim.kubeconfigYaml }, settings: FAST, now: () => sim.clock.now() });
      await getCache().cache.whenReady(15_000);
      const kc = new KubeConfig();
      kc.loadFromString(sim.kubeconfigYaml);
      const all = (await kc.makeApiClient(CoreV1Api).listEventForAllNamespaces()).items.filter(
        (e) => e.involvedObject.kind === "Node",
      );
      const name = all.find((e) => e.reason === "NodeHasInsufficientMemory")?.involvedObject.name;
      expect(name, "a node the sim reported MemoryPressure for").toBeTruthy();
      const res = await nodeRoute(new Request(`http://x/api/nodes/${name}`), { params: Promise.resolve({ name: name! }) });
      const doc = nodeDetail.parse(await res.json());
      const events = doc.events!;
      const expected = all.filter((e) => e.involvedObject.name === name);
      expect(events.length).toBe(Math.min(20, expected.length));
      expect(events.map((e) => e.reason)).toContain("NodeHasInsufficientMemory");
      for (const e of events) {
        const same = expected.find((x) => x.reason === e.reason && x.message === e.message)!;
        expect(same, e.reason).toBeTruthy();
        expect(e.count).toBe(same.count ?? 1);
      }
      const times = events.map((e) => e.time ?? "");
      expect(times).toEqual([...times].sort().reverse());
    } finally {
      await resetCluster();
      await sim.close();
    }
  }, 60_000);
});
