import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { trimPod } from "./trim";
import type { WirePod } from "./wire";

// trimPod builds the metadata and spec of common pods as fixed object literals (smaller objects)
// and every other pod with spreads. Either way a pod must keep the same keys, in the same order,
// with the same values: the cache's JSON (the node document's pods) must not depend on the path.
const REFERENCE_SPEC_KEYS = ["initContainers", "overhead", "resources", "volumes", "tolerations"] as const;

/** The kept metadata and spec keys and values, written the way trimPod did before the literals. */
function reference(p: WirePod): { metadata: object; spec: object } {
  const m = p.metadata ?? {};
  const spec = p.spec ?? {};
  const ann = m.annotations?.["kubernetes.io/config.source"];
  const spare: Record<string, unknown> = {};
  for (const k of REFERENCE_SPEC_KEYS) if (spec[k]) spare[k] = spec[k];
  return {
    metadata: {
      name: m.name,
      namespace: m.namespace,
      uid: m.uid,
      ...(m.deletionTimestamp ? { deletionTimestamp: m.deletionTimestamp } : {}),
      ...(ann !== undefined ? { annotations: { "kubernetes.io/config.source": ann } } : {}),
      ...(m.ownerReferences ? { ownerReferences: m.ownerReferences.map((o) => ({ kind: o.kind, name: o.name })) } : {}),
    },
    spec: {
      nodeName: spec.nodeName,
      priority: spec.priority,
      priorityClassName: spec.priorityClassName,
      containers: (spec.containers ?? []).map((c) => ({ name: c.name, image: c.image, resources: c.resources })),
      ...spare,
    },
  };
}

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const pod: fc.Arbitrary<WirePod> = fc.record({
  metadata: fc.record({
    name: fc.constantFrom("a-1", "b-2"),
    namespace: fc.constantFrom("default", "kube-system"),
    uid: fc.uuid(),
    resourceVersion: fc.constant("17"),
    deletionTimestamp: maybe(fc.constant("2026-12-01T00:00:00Z")),
    annotations: maybe(fc.constantFrom({ "kubernetes.io/config.source": "file" }, { other: "x" })),
    ownerReferences: maybe(fc.constant([{ kind: "ReplicaSet", name: "rs-1", uid: "x", controller: true }])),
  }),
  spec: fc.record({
    nodeName: maybe(fc.constant("node-1")),
    priority: maybe(fc.constantFrom(0, 1000)),
    priorityClassName: maybe(fc.constant("high")),
    containers: fc.constant([{ name: "app", image: "img", resources: { requests: { memory: "1Gi" } }, env: [] }]),
    initContainers: maybe(fc.constant([{ name: "init", image: "img", restartPolicy: "Always" }])),
    overhead: maybe(fc.constant({ memory: "10Mi" })),
    resources: maybe(fc.constant({ requests: { memory: "1Gi" } })),
    volumes: maybe(fc.constant([{ name: "v", emptyDir: {} }])),
    tolerations: maybe(fc.constant([{ key: "k", operator: "Exists" }])),
  }),
  status: fc.constant({ phase: "Running", qosClass: "Burstable" }),
}) as fc.Arbitrary<WirePod>;

describe("trimPod's metadata and spec", () => {
  it("has the reference's keys, order and values on every path", () => {
    fc.assert(
      fc.property(pod, (p) => {
        const kept = trimPod(structuredClone(p))!;
        const want = reference(p);
        expect(JSON.stringify(kept.metadata)).toBe(JSON.stringify(want.metadata));
        expect(JSON.stringify(kept.spec)).toBe(JSON.stringify(want.spec));
        expect(Object.keys(kept.spec)).toEqual(Object.keys(want.spec));
        expect(Object.keys(kept.metadata)).toEqual(Object.keys(want.metadata));
      }),
      { numRuns: 2000 },
    );
  });
});
