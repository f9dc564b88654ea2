import { Suspense } from "react";

import { FleetTerminationsView } from "@/components/terminations/fleet-terminations";

export default function TerminationsPage() {
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight">Terminations</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Why pods died, across every node: kubelet evictions, drains (the Eviction API), preemptions, taint-manager deletions,
        kernel OOM kills at a container&apos;s limit and system OOMs, from pod statuses and Events. Search for a pod or filter by
        namespace, workload, node, cause and time (the link keeps them); workloads are ranked by their terminations, repeat
        offenders first, each with the fix they point to, and nodes with system OOMs apart.
      </p>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <FleetTerminationsView />
      </Suspense>
    </main>
  );
}
