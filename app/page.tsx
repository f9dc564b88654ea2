import { Suspense } from "react";
import { preload } from "react-dom";

import { FleetOverview } from "@/components/dashboard/fleet-overview";
import { CLUSTER_URL, FLEET_TABLE_URL, wantsLabels } from "@/lib/client/cluster-query";

export default async function FleetPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Start the overview request with the HTML instead of after hydration: at 5 000 nodes it is the
  // longest wait of a first load, and the scripts load meanwhile. The query's own fetch of the same
  // URL (same-origin, cors mode) is answered from this preload: the table's rows, or the whole
  // rows when the link carries a label filter (lib/client/cluster-query.ts).
  const label = (await searchParams).label;
  preload(wantsLabels(typeof label === "string" ? label : null) ? CLUSTER_URL : FLEET_TABLE_URL, {
    as: "fetch",
    crossOrigin: "anonymous",
  });
  return (
    <main className="mx-auto max-w-7xl space-y-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight">Fleet</h1>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <FleetOverview />
      </Suspense>
    </main>
  );
}
