// What a pool/fleet what-if sends from its Web Worker to the page. A threshold change can change
// the allocatable of every node (5 000 outcomes, ~1.5 MB), and copying that into the main thread
// is a long task of its own; the page shows only the first LISTED nodes, loads pods for the first
// PODS_FOR_NODES concerned ones, and words the verdict from the nodes that no longer fit or whose
// pressure changes. Those outcomes are kept, in row order; the rest are counted.
import type { FleetWhatIfResult } from "@/lib/whatif/fleet";
import { concernsPods, type NodeOutcome } from "@/lib/whatif/outcome";

/** Nodes listed by name under a pool/fleet result. */
export const LISTED = 50;
/** Pod detail (who is evicted, who no longer fits) is loaded for this many concerned nodes. */
export const PODS_FOR_NODES = 12;

/** The outcomes the verdict reads (lib/words/whatif.ts): pods no longer fit, or pressure before or after. */
const mattersToVerdict = (o: NodeOutcome) => o.overBy > 0 || o.pressureAfter.length > 0 || o.pressureBefore.length > 0;

export type PageResult = FleetWhatIfResult & { changedCount: number };

/** Keeps the listed, pod-detailed and verdict-relevant outcomes of a fleet run; `changedCount` keeps the total. */
export function forPage(r: FleetWhatIfResult): PageResult {
  let concerned = 0;
  const changed = r.changed.filter((o, i) => {
    const detailed = concerned < PODS_FOR_NODES && concernsPods(o);
    if (detailed) concerned++;
    return i < LISTED || detailed || mattersToVerdict(o);
  });
  return { ...r, changed, changedCount: r.changed.length };
}
