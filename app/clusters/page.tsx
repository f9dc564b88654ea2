import { ClustersOverview } from "@/components/clusters/clusters-overview";

export default function ClustersPage() {
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight">Clusters</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Each cluster runs its own Headroom; this page reads their series from one Prometheus (or Thanos, Mimir) by their
        <code className="mx-1">cluster</code>label. Node links open that cluster&apos;s Headroom.
      </p>
      <ClustersOverview />
    </main>
  );
}
