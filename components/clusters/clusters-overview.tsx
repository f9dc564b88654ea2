"use client";

import { useQuery } from "@tanstack/react-query";

import { ReplicaLine } from "@/components/dashboard/replica-line";
import { ErrorNote } from "@/components/ui/error-note";
import { clustersOptions } from "@/lib/client/queries";
import type { ClustersDocument, ClusterSummary } from "@/lib/contract/clusters";
import { formatPercent } from "@/lib/format";

// Below md a row stacks into a card, each cell labelled from its data-label (the header is hidden).
const cell =
  "block px-3 py-1 align-top md:table-cell md:py-2 before:mr-2 before:text-xs before:text-zinc-600 before:content-[attr(data-label)] md:before:content-none dark:before:text-zinc-400";

/** A node name linking to that cluster's Headroom when its address is known. */
function NodeLink({ cluster, node }: { cluster: ClusterSummary; node: string }) {
  if (cluster.link == null) return <span className="font-mono break-all">{node}</span>;
  return (
    <a
      className="font-mono break-all text-blue-700 underline dark:text-blue-300"
      href={`${cluster.link}/nodes/${encodeURIComponent(node)}`}
    >
      {node}
    </a>
  );
}

function ClusterRow({ c }: { c: ClusterSummary }) {
  const name = c.name || "(no cluster label)";
  return (
    <tr className="block border-t border-zinc-200 py-2 md:table-row md:py-0 dark:border-zinc-800" data-testid="cluster-row">
      <th scope="row" className="block px-3 py-1 text-left font-medium md:table-cell md:py-2">
        {c.link != null ? (
          <a className="text-blue-700 underline dark:text-blue-300" href={c.link || "/"}>
            {name}
          </a>
        ) : (
          name
        )}
        {c.headroomUp === false && (
          <p className="text-xs text-red-700 dark:text-red-300">Headroom not scraped: figures may be old</p>
        )}
        {c.staleNodes > 0 && (
          <p className="text-xs text-amber-800 dark:text-amber-300">{c.staleNodes} node(s) without fresh stats</p>
        )}
      </th>
      <td data-label="Nodes" className={`${cell} tabular-nums`}>
        {c.nodes}
      </td>
      <td data-label="Under pressure" className={cell}>
        {c.underPressure.length === 0 ? (
          <span className="text-zinc-600 dark:text-zinc-400">none</span>
        ) : (
          <ul className="space-y-0.5">
            {c.underPressure.map((p) => (
              <li key={p.node}>
                <NodeLink cluster={c} node={p.node} />{" "}
                <span className="text-red-700 dark:text-red-300">{p.conditions.join(", ")}</span>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label="Smallest margins" className={cell}>
        <ul className="space-y-0.5">
          {c.worstMargins.slice(0, 3).map((m) => (
            <li key={`${m.node}/${m.signal}`}>
              <NodeLink cluster={c} node={m.node} /> <span className="font-mono text-xs">{m.signal}</span>
              {m.kind === "soft" && <span className="text-xs text-zinc-600 dark:text-zinc-400"> (soft)</span>}{" "}
              <span className={m.fraction <= 0 ? "font-semibold text-red-700 dark:text-red-300" : "tabular-nums"}>
                {m.fraction <= 0 ? "met" : `${formatPercent(m.fraction)} left`}
              </span>
            </li>
          ))}
        </ul>
      </td>
      <td data-label="Evictions, last hour" className={`${cell} tabular-nums`}>
        {c.evictionsLastHour}
      </td>
    </tr>
  );
}

/** What the page reads from, in words: one sentence each, agreeing with the rows below. */
function SourceNote({ doc }: { doc: ClustersDocument }) {
  if (doc.source === "prometheus")
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Each cluster runs its own Headroom; this page reads their series from one Prometheus (or Thanos, Mimir) by their
        <code className="mx-1">cluster</code>label. Node links open that cluster&apos;s Headroom.
      </p>
    );
  return (
    <div
      role="note"
      className="space-y-1 rounded border border-zinc-200 p-3 text-sm dark:border-zinc-800"
      data-testid="clusters-source"
    >
      <p>
        This is the cluster this Headroom serves, from its own cache.
        {doc.prometheusError ? ` Prometheus did not answer (${doc.prometheusError}).` : " No Prometheus is configured."}
      </p>
      <ReplicaLine replicas={doc.replicas} missing="their nodes count as stale here" />
      <p className="text-zinc-600 dark:text-zinc-400">
        With <code>HEADROOM_PROMETHEUS_URL</code> set to a Prometheus (or Thanos, Mimir) that scrapes each cluster&apos;s Headroom
        with a <code>cluster</code> label, this page lists every cluster side by side, and node charts reach back beyond the hour
        Headroom keeps in memory.
      </p>
    </div>
  );
}

/** Every cluster whose Headroom a shared Prometheus scrapes, or this one from the cache: pressure and worst margins. */
export function ClustersOverview() {
  const { data, error, isPending } = useQuery(clustersOptions());
  if (isPending) return <p role="status">Loading clusters…</p>;
  if (error) return <ErrorNote>Could not read the clusters: {error.message}</ErrorNote>;
  if (data.clusters.length === 0)
    return (
      <>
        <SourceNote doc={data} />
        <p>Prometheus holds no Headroom series yet.</p>
      </>
    );
  return (
    <div className="space-y-4">
      <SourceNote doc={data} />
      <table className="block w-full text-sm md:table">
        <caption className="sr-only">Clusters, the ones with nodes under pressure first</caption>
        <thead className="hidden text-left text-zinc-600 md:table-header-group dark:text-zinc-400">
          <tr>
            <th scope="col" className="px-3 py-2">
              Cluster
            </th>
            <th scope="col" className="px-3 py-2">
              Nodes
            </th>
            <th scope="col" className="px-3 py-2">
              Under pressure
            </th>
            <th scope="col" className="px-3 py-2">
              Smallest margins to a threshold (share of capacity)
            </th>
            <th scope="col" className="px-3 py-2">
              Evictions, last hour
            </th>
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {data.clusters.map((c) => (
            <ClusterRow key={c.name} c={c} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
