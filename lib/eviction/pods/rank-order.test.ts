// rankPods sorts on keys (rank-order.ts); the kubelet's rank functions are the comparators of
// rank.ts. On random pods, with many ties (a few priorities and usages, pods without stats), both
// must give the same order for every signal and layout, below and above the insertion-sort size.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { SIGNALS } from "../signals";
import { LAYOUTS } from "../testing";
import { sortedBy } from "./compare";
import type { PodFacts } from "./pod-facts";
import { rankEntry, rankFunctionFor, rankPods } from "./rank";

const small = fc.integer({ min: 0, max: 4 }).map((n) => n * 1000);
const usage = fc.record({ bytes: small, inodes: small });

// Kubernetes priorities are int32, and rank-order packs two keys into one number for them; a
// priority past that range (the engine's input only asks for an integer) takes the unpacked sort.
const int32Priority = fc.constantFrom(-5, 0, 0, 7, 2_000_000_000, -(2 ** 31), 2 ** 31 - 1);
const anyPriority = fc.oneof(int32Priority, fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 40, -(2 ** 53)));

const factsWith = (priority: fc.Arbitrary<number>): fc.Arbitrary<PodFacts> =>
  fc
    .record({
      priority,
      hasStats: fc.boolean(),
      memoryUsage: small,
      memoryRequest: small,
      ephemeralRequest: small,
      inodesRequest: fc.constantFrom(0, 0, 1000),
      processCount: fc.integer({ min: 0, max: 3 }),
      rootfs: usage,
      logs: usage,
      localVolumes: usage,
      critical: fc.boolean(),
    })
    .map((f) => ({ ...f, pod: {}, uid: "", name: "", namespace: "default" }));

describe.each([
  ["int32 priorities", factsWith(int32Priority)],
  ["priorities past int32", factsWith(anyPriority)],
])("rankPods, %s: the key sort orders pods as the kubelet's comparators do", (_, facts) => {
  for (const [layoutName, layout] of Object.entries(LAYOUTS)) {
    it.each(SIGNALS)(`%s on ${layoutName}`, (signal) => {
      fc.assert(
        fc.property(fc.array(facts, { maxLength: 150 }), (pods) => {
          const named = pods.map((f, i) => ({ ...f, name: `p${i}` }));
          const want = sortedBy(
            named.map((f) => rankEntry(f, signal, layout)),
            rankFunctionFor(signal),
          );
          expect(rankPods(named, signal, layout)).toEqual(want);
        }),
        { numRuns: 200 },
      );
    });
  }
});
