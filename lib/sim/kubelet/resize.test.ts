import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { analyze, parseAnalyzeInput, type Node, type Pod } from "../../eviction";
import { startSim, type Sim } from "../sim";
import { kubectlFor, requireKubectl } from "../testing";

// The demo's search-api pod is mid in-place resize; kubectl must see what a v1.33 API server serves.
describe("a pod mid-resize in the demo, through kubectl", () => {
  let sim: Sim;
  let k: ReturnType<typeof kubectlFor>;
  let pod: Pod & { status: { conditions: Array<Record<string, string>>; containerStatuses: Array<Record<string, unknown>> } };
  beforeAll(async () => {
    requireKubectl();
    sim = await startSim({ scenario: "demo" });
    k = kubectlFor(sim.kubeconfigYaml);
    const r = await k.run(["get", "pods", "-n", "default", "-l", "app=search-api", "-o", "json"]);
    expect(r.stderr).toBe("");
    const items = (JSON.parse(r.stdout) as { items: (typeof pod)[] }).items;
    expect(items).toHaveLength(1);
    pod = items[0]!;
  }, 30_000);
  afterAll(() => sim?.close());

  it("spec carries the new request; allocatedResources and the applied resources the old one", () => {
    expect(pod.spec?.containers?.[0]?.resources).toEqual({
      requests: { cpu: "200m", memory: "6912Mi" },
      limits: { memory: "7Gi" },
    });
    const cs = pod.status.containerStatuses[0]!;
    expect(cs.allocatedResources).toEqual({ cpu: "200m", memory: "512Mi" });
    expect(cs.resources).toEqual({ requests: { cpu: "200m", memory: "512Mi" }, limits: { memory: "7Gi" } });
  });

  it("has a PodResizePending condition, Deferred, with the admission numbers", () => {
    const c = pod.status.conditions.find((x) => x.type === "PodResizePending")!;
    expect(c).toMatchObject({ status: "True", reason: "Deferred" });
    const m = /^Node didn't have enough resource: memory, requested: (\d+), used: (\d+), capacity: (\d+)$/.exec(c.message!)!;
    const [requested, used, capacity] = m.slice(1).map(Number) as [number, number, number];
    expect(requested).toBe(6912 * 1024 * 1024);
    expect(requested).toBeLessThan(capacity); // fits the node alone: Deferred, not Infeasible
    expect(requested + used).toBeGreaterThan(capacity);
  });

  it("kubectl get shows the condition in a jsonpath query", async () => {
    const r = await k.run([
      "get",
      "pods",
      "-n",
      "default",
      "-l",
      "app=search-api",
      "-o",
      'jsonpath={.items[0].status.conditions[?(@.type=="PodResizePending")].reason}',
    ]);
    expect(r.stdout).toBe("Deferred");
  });

  it("the engine gives it the oom_score_adj of the allocated 512Mi and ranks it by the spec request", async () => {
    const node = JSON.parse((await k.run(["get", "node", pod.spec!.nodeName!, "-o", "json"])).stdout) as Node;
    const out = analyze(parseAnalyzeInput({ node, pods: [pod] }));
    const capacity = 7934672 * 1024;
    // 1000 - 1000*512Mi/capacity = 934 (truncated); the spec's 6912Mi would give 108
    expect(out.pods[0]!.containers[0]).toEqual({
      name: "api",
      oomScoreAdj: 1000 - Math.trunc((1000 * 512 * 2 ** 20) / capacity),
      memoryRequest: { spec: 6912 * 2 ** 20, allocated: 512 * 2 ** 20 },
    });
    expect(out.pods[0]!.containers[0]!.oomScoreAdj).toBe(934);
    expect(out.rankings["memory.available"]![0]!.request).toBe(6912 * 2 ** 20);
  });
});
