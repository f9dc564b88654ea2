// Test fixtures: a peer's part of the fleet overview as the merge tests write it (part-reader.test.ts,
// merge/stalled-peer.test.ts).
import type { Envelope } from "@/lib/k8s/documents/overview";

/** An envelope of `collected` nodes, every one collected. */
export const envelopeOf = (collected: number): Envelope => ({
  generatedAt: "2026-11-28T00:00:00.000Z",
  cluster: {
    context: "sim",
    contexts: ["sim"],
    demo: false,
    collectionMode: "proxy",
    ready: true,
    nodesTotal: collected,
    nodesCollected: collected,
    apiServer: { reachable: true, error: null },
  },
  summary: { nodesUnderPressure: 0, evictionsLastHour: 0, reserved: {}, capacity: { memory: collected } },
  configs: {},
});

/** A row's head as a peer renders it (up to its closing brace, which the merge writes). */
export const rowHead = (name: string, owner: string) =>
  `{"name":${JSON.stringify(name)},"owner":${JSON.stringify(owner)},"conditions":{},"capacity":{"memory":1},"allocatable":{"memory":1},"collection":{"state":"ok"}`;
