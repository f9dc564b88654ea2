// A sharded replica's pod reflector against the simulated cluster over loopback: list pages are
// parsed with the other nodes' pods left out (lib/k8s/io/list-skip.ts), so the trim never even sees
// them; a node that becomes owned gets its pods by a relist; watch events still arrive.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ClusterClient, loadKubeConfig } from "@/lib/k8s/io/client";
import { Reflector } from "@/lib/k8s/io/informers";
import { trimPod, type TrimmedPod } from "@/lib/k8s/store/trim";
import type { WirePod } from "@/lib/k8s/store/wire";
import { startSim, type Sim } from "@/lib/sim";

import { until } from "../k8s/helpers";

describe("a replica's pod list skips the pods of nodes it does not own", () => {
  let sim: Sim;
  let pods: Reflector<TrimmedPod, WirePod>;
  const owned = new Set<string>();
  // Every pod the trim was handed, by node: what was built from the API server's text.
  const built: (string | undefined)[] = [];
  let skipped = 0;
  beforeAll(async () => {
    sim = await startSim({ scenario: "mixed-pools", bookmarkEveryMs: 200 });
    const names = sim.cluster.nodes.map((n) => n.name);
    owned.add(names[0]!);
    client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: sim.kubeconfigFor("full") }));
    pods = new Reflector<TrimmedPod, WirePod>({
      client,
      path: "/api/v1/pods",
      resource: "pods",
      pageSize: 7,
      trim: (raw) => {
        built.push(raw.spec?.nodeName);
        const node = raw.spec?.nodeName;
        return node && !owned.has(node) ? null : trimPod(raw);
      },
      // What the scanner asks of each listed pod with a node: a "no" is a pod never parsed.
      keepNode: (n) => owned.has(n) || (skipped++, false),
      onChange: (key) => changed.set(key, (changed.get(key) ?? 0) + 1),
    });
    pods.start();
  });
  afterAll(async () => {
    pods?.stop();
    await sim?.close();
  });

  let client: ClusterClient;
  const changed = new Map<string, number>();
  // What a reflector without skipping keeps of a node: its pods the trim accepts, from a whole list.
  async function podsOn(node: string): Promise<number> {
    const all = (await client.get("/api/v1/pods", "pods")) as { items: WirePod[] };
    return all.items.filter((p) => p.spec?.nodeName === node && trimPod(p) !== null).length;
  }
  const heldNodes = () => new Set([...pods.store.values()].map((p) => p.spec?.nodeName));

  it("lists only the owned node's pods, gains a node's pods by a relist, and keeps watching", async () => {
    await pods.synced;
    const [first, second] = sim.cluster.nodes;
    const total = ((await client.get("/api/v1/pods", "pods")) as { items: unknown[] }).items.length;
    expect(sim.cluster.nodes.length).toBeGreaterThan(2);
    expect(pods.store.size).toBe(await podsOn(first!.name));
    expect(pods.store.size).toBeGreaterThan(0);
    expect(built.every((n) => !n || owned.has(n))).toBe(true);
    expect(skipped).toBe(total - pods.store.size);

    // Ownership grows: the relist brings the gained node's pods, still without building others.
    owned.add(second!.name);
    const relists = pods.status.relists;
    pods.relist();
    await until(() => pods.status.relists > relists, 10_000, "the relist");
    expect(pods.store.size).toBe((await podsOn(first!.name)) + (await podsOn(second!.name)));
    expect(heldNodes()).toEqual(new Set([first!.name, second!.name]));
    expect(built.every((n) => !n || owned.has(n))).toBe(true);

    // Watch events: a change on an owned node's pod arrives; one on another node's is dropped.
    const other = sim.cluster.nodes[2]!;
    const mine = [...first!.pods][0]!;
    const theirs = [...other.pods][0]!;
    const mineKey = `${mine.t.namespace}/${mine.name}`;
    expect(pods.store.has(mineKey)).toBe(true);
    const before = changed.get(mineKey) ?? 0;
    const builtBefore = built.length;
    sim.cluster.putPod(theirs);
    sim.cluster.putPod(mine);
    await until(() => (changed.get(mineKey) ?? 0) > before, 10_000, "the owned pod's MODIFIED event");
    // Watch events are parsed whole (one object each) and dropped by the trim.
    expect(built.slice(builtBefore)).toEqual([other.name, first!.name]);
    expect(heldNodes()).toEqual(new Set([first!.name, second!.name]));
  }, 60_000);
});
