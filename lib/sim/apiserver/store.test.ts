import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { ResourceStore, Revision, type Codec } from "./store";

type Src = { namespace: string; name: string };

const codec = (namespaced: boolean): Codec<Src> => ({
  namespaced,
  materialize: (s) => ({ metadata: { namespace: s.namespace, name: s.name } }),
  nameOf: (s) => s,
  labelsOf: () => undefined,
  fieldsOf: () => ({}),
});

// Namespaces that sort next to each other ("a", "a-b", "a0", "a.b") and names from a small alphabet.
const namespace = fc.constantFrom("a", "a-b", "a.b", "a0", "b", "kube-system");
const name = fc.stringMatching(/^[a-z0-9][a-z0-9.-]{0,5}$/);

describe("ResourceStore.countAfter", () => {
  it("counts what a walk of the rest of the keys counts, per namespace and cluster-wide, after deletions", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.record({ namespace, name }), { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.option(namespace, { nil: undefined }),
        fc.nat(),
        (namespaced, objects, deletions, ns, pick) => {
          const store = new ResourceStore<Src>("things", codec(namespaced), new Revision());
          store.load(objects.slice(0, 30));
          for (const o of objects.slice(30)) store.put(o, { silent: true });
          for (const d of deletions)
            if (objects.length) store.delete(objects[d % objects.length]!.namespace, objects[d % objects.length]!.name);
          const keys = [...store.scan(ns)].map((e) => e.key);
          // after every key of the list, after none (""), and after a key of another namespace
          const afters = ["", ...keys, objects.length ? store.keyOf(objects[pick % objects.length]!.namespace, "zzz") : "x"];
          for (const after of afters) expect(store.countAfter(ns, after)).toBe([...store.scan(ns, after)].length);
        },
      ),
      { numRuns: 500 },
    );
  });
});
