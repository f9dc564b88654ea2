import { Suspense } from "react";
import { preload } from "react-dom";

import { FleetOverview } from "@/components/dashboard/fleet-overview";
import { CLUSTER_URL } from "@/lib/client/cluster-query";

export default function FleetPage() {
  // Start the overview request with the HTML instead of after hydration: at 5 000 nodes it is the
  // longest wait of a first load, and the scripts load meanwhile. The query's own fetch of the same
  // URL (same-origin, cors mode) is answered from this preload.
  preload(CLUSTER_URL, { as: "fetch", crossOrigin: "anonymous" });
  return (
    <main className="mx-auto max-w-7xl space-y-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight">Fleet</h1>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <FleetOverview />
      </Suspense>
    </main>
  );
}
