"use client";

import { ErrorNote } from "@/components/ui/error-note";
import { fleetStats, inFirstSync } from "@/lib/fleet-view/summary";
import { formatCountOf } from "@/lib/format";

import { FleetFilters } from "./fleet-filters";
import { FleetStateContext } from "./fleet-state-context";
import { InvalidParamsNote } from "./invalid-params-note";
import { NodeTable } from "./node-table";
import { ReplicaLine } from "./replica-line";
import { useFleetOverview } from "./use-fleet-overview";

function Stat({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <div className="rounded border border-zinc-200 p-3 dark:border-zinc-800" title={hint}>
      <div className="text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">{label}</div>
      <div className="text-2xl font-semibold tabular-nums">{value}</div>
    </div>
  );
}

/** The fleet overview: summary, filters and the node table, all driven by the URL (data: useFleetOverview). */
export function FleetOverview() {
  const { data, error, loading, retryingAfter, state, invalid, setState, rows, pools, labelError, labelsPending, query } =
    useFleetOverview();
  if (loading)
    return <p role="status">Loading the fleet…{retryingAfter && ` The last try failed (${retryingAfter}); asking again.`}</p>;
  if (error) return <ErrorNote>Could not load the cluster: {error.message}</ErrorNote>;
  if (!data) return null;
  const c = data.cluster;
  const stats = fleetStats(data);
  return (
    <div className="space-y-4">
      <InvalidParamsNote invalid={invalid} />
      <ReplicaLine replicas={c.replicas} />
      {/* Not ready because a replica did not answer is not a first sync: the line above says so. */}
      {inFirstSync(c) && (
        <div role="status" className="space-y-1">
          <div className="text-sm">
            First sync: {c.nodesCollected} of {c.nodesTotal} nodes collected…
          </div>
          {c.podsListed !== undefined && (
            <div className="text-sm" data-testid="pods-listed">
              Listing the cluster&apos;s pods: {formatCountOf(c.podsListed, "pod")} so far. The table fills in once every pod is
              in: a node&apos;s eviction order and totals need all of its pods.
            </div>
          )}
          {/* how much of the pod list is left is not known: an indeterminate bar until it is in */}
          <progress
            className="w-full"
            aria-label="First sync"
            value={c.podsListed === undefined ? c.nodesCollected : undefined}
            max={Math.max(1, c.nodesTotal)}
          />
        </div>
      )}
      <section aria-label="Cluster summary" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Nodes" value={stats.nodes} />
        <Stat
          label="Under pressure"
          value={stats.pressured}
          hint="Nodes with MemoryPressure, DiskPressure or PIDPressure set by their kubelet"
        />
        <Stat
          label="Evictions (1 h)"
          value={stats.evictionsLastHour}
          hint="Pods the kubelets evicted for node pressure in the last hour"
        />
        <Stat
          label="Memory lost to reservations"
          value={stats.reservedMemory}
          hint="capacity − allocatable: kube-reserved + system-reserved + the hard eviction threshold, summed over nodes"
        />
      </section>
      <FleetFilters
        state={state}
        setState={setState}
        pools={pools}
        labelError={labelError}
        shown={rows.length}
        total={stats.nodes}
      />
      {labelsPending && (
        <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
          Loading the nodes&apos; labels…
        </p>
      )}
      {labelError && (
        <ErrorNote id="label-error" className="text-xs">
          Label selector ignored: {labelError}
        </ErrorNote>
      )}
      <FleetStateContext value={{ state, setState }}>
        <NodeTable rows={rows} query={query} />
      </FleetStateContext>
    </div>
  );
}
