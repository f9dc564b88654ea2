import { ClustersOverview } from "@/components/clusters/clusters-overview";

export default function ClustersPage() {
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight">Clusters</h1>
      <ClustersOverview />
    </main>
  );
}
