import { ApiException, CoordinationV1Api, KubeConfig, Watch, type V1Lease } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSim, type Sim } from "./sim";
import { waitFor } from "./testing";

// Leases written through @kubernetes/client-node over loopback: what Headroom replicas do for
// membership (lib/k8s/replicas), answered as a real API server answers.

function api(sim: Sim, who?: string): CoordinationV1Api {
  const k = new KubeConfig();
  k.loadFromString(who ? sim.kubeconfigFor(who) : sim.kubeconfigYaml);
  return k.makeApiClient(CoordinationV1Api);
}

function lease(name: string, holder: string, rv?: string): V1Lease {
  return {
    apiVersion: "coordination.k8s.io/v1",
    kind: "Lease",
    metadata: { name, ...(rv ? { resourceVersion: rv } : {}), annotations: { "headroom.dev/peer-url": "http://a" } },
    spec: { holderIdentity: holder, leaseDurationSeconds: 15, renewTime: new Date() },
  };
}

async function failing(p: Promise<unknown>): Promise<{ code: number; body: Record<string, unknown> }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiException) return { code: e.code, body: JSON.parse(String(e.body)) as Record<string, unknown> };
    throw e;
  }
  throw new Error("expected the request to fail");
}

describe("Leases in the sim: create, get, update, delete, list, watch", () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ scenario: "healthy", bookmarkEveryMs: 200 });
  });
  afterAll(() => sim?.close());

  it("creates, reads and updates with optimistic concurrency; a stale resourceVersion gets 409 Conflict", async () => {
    const c = api(sim);
    const made = await c.createNamespacedLease({ namespace: "default", body: lease("r-a", "a") });
    expect(made.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.metadata?.annotations?.["headroom.dev/peer-url"]).toBe("http://a");
    const rv1 = made.metadata!.resourceVersion!;
    const got = await c.readNamespacedLease({ namespace: "default", name: "r-a" });
    expect(got.metadata?.resourceVersion).toBe(rv1);
    const upd = await c.replaceNamespacedLease({ namespace: "default", name: "r-a", body: lease("r-a", "a2", rv1) });
    expect(upd.spec?.holderIdentity).toBe("a2");
    expect(upd.metadata?.uid).toBe(made.metadata?.uid);
    expect(Number(upd.metadata!.resourceVersion)).toBeGreaterThan(Number(rv1));
    const stale = await failing(c.replaceNamespacedLease({ namespace: "default", name: "r-a", body: lease("r-a", "b", rv1) }));
    expect(stale.code).toBe(409);
    expect(stale.body).toMatchObject({
      kind: "Status",
      status: "Failure",
      reason: "Conflict",
      code: 409,
      details: { name: "r-a", group: "coordination.k8s.io", kind: "leases" },
      message:
        'Operation cannot be fulfilled on leases.coordination.k8s.io "r-a": the object has been modified; please apply your changes to the latest version and try again',
    });
    const still = await c.readNamespacedLease({ namespace: "default", name: "r-a" });
    expect(still.spec?.holderIdentity).toBe("a2");
  });

  it("answers a second create 409 AlreadyExists, a missing object 404 and a missing namespace 404", async () => {
    const c = api(sim);
    await c.createNamespacedLease({ namespace: "kube-system", body: lease("r-b", "b") });
    const dup = await failing(c.createNamespacedLease({ namespace: "kube-system", body: lease("r-b", "b") }));
    expect(dup).toMatchObject({
      code: 409,
      body: { reason: "AlreadyExists", message: 'leases.coordination.k8s.io "r-b" already exists' },
    });
    const missing = await failing(c.replaceNamespacedLease({ namespace: "kube-system", name: "nope", body: lease("nope", "x") }));
    expect(missing).toMatchObject({ code: 404, body: { reason: "NotFound" } });
    const noNs = await failing(c.createNamespacedLease({ namespace: "no-such-ns", body: lease("r-c", "c") }));
    expect(noNs).toMatchObject({ code: 404, body: { message: 'namespaces "no-such-ns" not found' } });
    const wrongName = await failing(
      c.replaceNamespacedLease({ namespace: "kube-system", name: "r-b", body: lease("other", "x") }),
    );
    expect(wrongName.code).toBe(400);
  });

  it("lets only identities with write rights write (RBAC verbs create/update)", async () => {
    const denied = await failing(
      api(sim, "least-privilege").createNamespacedLease({ namespace: "default", body: lease("r-d", "d") }),
    );
    expect(denied).toMatchObject({ code: 403, body: { reason: "Forbidden" } });
    expect(String(denied.body.message)).toContain('cannot create resource "leases" in API group "coordination.k8s.io"');
  });

  it("lists one namespace and watches creates, updates and deletes there", async () => {
    const c = api(sim);
    const list = await c.listNamespacedLease({ namespace: "default" });
    expect(list.items.map((l) => l.metadata?.name)).toEqual(["r-a"]);
    const k = new KubeConfig();
    k.loadFromString(sim.kubeconfigYaml);
    const seen: string[] = [];
    const ctl = await new Watch(k).watch(
      "/apis/coordination.k8s.io/v1/namespaces/default/leases",
      { resourceVersion: list.metadata!.resourceVersion! },
      (type: string, obj: V1Lease) => seen.push(`${type} ${obj.metadata?.name} ${obj.spec?.holderIdentity ?? ""}`),
      () => {},
    );
    const made = await c.createNamespacedLease({ namespace: "default", body: lease("r-e", "e") });
    await c.replaceNamespacedLease({
      namespace: "default",
      name: "r-e",
      body: lease("r-e", "e2", made.metadata!.resourceVersion),
    });
    await c.deleteNamespacedLease({ namespace: "default", name: "r-e" });
    await waitFor(() => seen.length >= 3);
    ctl.abort();
    expect(seen).toEqual(["ADDED r-e e", "MODIFIED r-e e2", "DELETED r-e e2"]);
  });
});
