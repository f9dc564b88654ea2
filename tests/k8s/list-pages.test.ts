// The reflector's paginated list against the simulated API server over loopback: every pod
// arrives once across many pages, and each next page is asked for before the current page's
// objects are applied (so the server builds it while we work), in page order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ClusterClient, loadKubeConfig } from "@/lib/k8s/io/client";
import { Reflector } from "@/lib/k8s/io/informers";
import type { WireList } from "@/lib/k8s/store/wire";
import { startSim, type Sim } from "@/lib/sim";

import { until } from "./helpers";

/** The real client, recording when each page is asked for (the answers still come over HTTP). */
class RecordingClient extends ClusterClient {
  readonly events: string[] = [];
  override listPage<W extends object>(path: string, resource: string, timeoutMs?: number): Promise<WireList<W>> {
    this.events.push(new URL(path, "http://x").searchParams.has("continue") ? "ask next" : "ask first");
    return super.listPage<W>(path, resource, timeoutMs);
  }
}

type Pod = { metadata?: { name?: string; namespace?: string; resourceVersion?: string } };

describe("paginated pod list", () => {
  let sim: Sim;
  beforeAll(async () => {
    // The sim's clock stands still unless moved: the list and the direct read below see one set of pods.
    sim = await startSim({ scenario: "memory-pressure" });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it("brings every pod once, asking for each next page before applying the current one", async () => {
    const client = new RecordingClient(loadKubeConfig({ kind: "text", yaml: sim.kubeconfigFor("full") }));
    const applied: string[] = [];
    const listEvents: string[] = [];
    const reflector = new Reflector<string, Pod>({
      client,
      path: "/api/v1/pods",
      resource: "pods",
      pageSize: 3,
      trim: (p) => `${p.metadata?.namespace}/${p.metadata?.name}`,
      onChange: (key) => {
        // The list's applies only: once synced, the watch's events follow.
        if (reflector.status.synced) return;
        applied.push(key);
        listEvents.push(...client.events.splice(0), "apply");
      },
    });
    reflector.start();
    try {
      await until(() => reflector.status.synced, 10_000, "the pod list");
      const direct = (await client.listPage<Pod>("/api/v1/pods", "pods")).items ?? [];
      const expected = direct.map((p) => `${p.metadata?.namespace}/${p.metadata?.name}`).sort();
      expect(expected.length).toBeGreaterThan(6);
      expect([...applied].sort()).toEqual(expected);
      expect([...reflector.store.keys()].sort()).toEqual(expected);
      // Pages of 3: the first ask, then each next page asked for before the page before it is applied.
      const want: string[] = ["ask first"];
      for (let i = 0; i < expected.length; i += 3) {
        if (i + 3 < expected.length) want.push("ask next");
        want.push(...Array(Math.min(3, expected.length - i)).fill("apply"));
      }
      expect(listEvents).toEqual(want);
    } finally {
      reflector.stop();
    }
  });
});
