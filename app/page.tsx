import { Suspense } from "react";
import { FleetOverview } from "@/components/dashboard/fleet-overview";

export default function FleetPage() {
  return (
    <main className="mx-auto max-w-7xl space-y-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight">Fleet</h1>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <FleetOverview />
      </Suspense>
    </main>
  );
}
