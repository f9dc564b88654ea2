import { CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";

import { startSim } from "./sim";

describe("large scenario", () => {
  // How long it takes is a benchmark figure (scripts/bench-sim.ts, docs/benchmarks.md), not a test.
  it("starts 5000 nodes and 150 000 pods well under 1 GiB and serves them to client-node", async () => {
    const sim = await startSim({ scenario: "large", params: { nodes: 5000, deployments: 5000, replicas: 29 } });
    try {
      expect(sim.cluster.stores.pods.size).toBe(150_000);
      expect(process.memoryUsage().heapUsed).toBeLessThan(1024 ** 3);
      const kc = new KubeConfig();
      kc.loadFromString(sim.kubeconfigYaml);
      const api = kc.makeApiClient(CoreV1Api);
      let nodes = 0;
      let cont: string | undefined;
      do {
        const page = await api.listNode({ limit: 500, _continue: cont });
        nodes += page.items.length;
        cont = page.metadata?._continue;
      } while (cont);
      expect(nodes).toBe(5000);
      const last = sim.cluster.nodes[4999]!;
      const pods = await api.listPodForAllNamespaces({ fieldSelector: `spec.nodeName=${last.name}` });
      expect(pods.items).toHaveLength(last.pods.size);
      const s = (await api.connectGetNodeProxyWithPath({ name: last.name, path: "stats/summary" })) as unknown as {
        pods: unknown[];
      };
      expect(s.pods).toHaveLength(last.pods.size);
      const first = await api.listPodForAllNamespaces({ limit: 500 });
      expect(first.items).toHaveLength(500);
      expect(first.metadata?.remainingItemCount).toBe(150_000 - 500);
    } finally {
      await sim.close();
    }
  });
});
