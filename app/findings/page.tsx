import { Suspense } from "react";

import { FleetFindingsView } from "@/components/findings/fleet-findings";

export default function FindingsPage() {
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight">Findings</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Kubelet settings that evict pods too early, too late or not at all, or leave them to the kernel&apos;s OOM killer, found
        on every node from its own configuration, capacity, pods and last hour of memory. Grouped by rule and by pool; each
        finding has the kubelet source it rests on and the fix.
      </p>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <FleetFindingsView />
      </Suspense>
    </main>
  );
}
