"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

import { ErrorNote } from "@/components/ui/error-note";
import { useHydrated } from "@/components/ui/use-hydrated";
import { clusterOptions } from "@/lib/client/queries";
import { DEFAULT_STATE, FILTERS, serializeUrlState, SORTS } from "@/lib/client/url-state";
import { labelSelectorError } from "@/lib/contract/label-selector";
import { formatResource } from "@/lib/format";

import { FleetStateContext } from "./fleet-state-context";
import { InvalidParamsNote } from "./invalid-params-note";
import { filterAndSortNodes, poolsOf, underPressure } from "./node-filters";
import { NodeTable } from "./node-table";
import { ReplicaLine } from "./replica-line";
import { useUrlState } from "./use-url-state";

function Stat({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <div className="rounded border border-zinc-200 p-3 dark:border-zinc-800" title={hint}>
      <div className="text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">{label}</div>
      <div className="text-2xl font-semibold tabular-nums">{value}</div>
    </div>
  );
}

const input = "rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

// Node links carry the what-if, theme and embed, but not the fleet's own search, sort and filters.
const { q, sort, desc, filter, pool, label, marginBelow } = DEFAULT_STATE;
const FLEET_DEFAULTS = { q, sort, desc, filter, pool, label, marginBelow };

/** The fleet overview: summary, filters and the node table, all driven by the URL. */
export function FleetOverview() {
  const { data, error, isPending } = useQuery(clusterOptions());
  const { state, invalid, setState } = useUrlState();
  const rows = useMemo(() => (data ? filterAndSortNodes(data.nodes, state) : []), [data, state]);
  const pools = useMemo(() => (data ? poolsOf(data.nodes) : []), [data]);
  const labelError = useMemo(() => labelSelectorError(state.label), [state.label]);
  const query = useMemo(() => {
    const qs = serializeUrlState({ ...state, ...FLEET_DEFAULTS }).toString();
    return qs ? `?${qs}` : "";
  }, [state]);

  // The header's query for the same document can finish before this boundary hydrates: render
  // what the server rendered until hydration is done, or React reports a mismatch (#418).
  const hydrated = useHydrated();
  if (isPending || !hydrated) return <p role="status">Loading the fleet…</p>;
  if (error) return <ErrorNote>Could not load the cluster: {error.message}</ErrorNote>;
  const c = data.cluster;
  const pressured = data.nodes.filter(underPressure).length;
  const reservedMem = data.summary.reserved.memory ?? 0;
  const capMem = data.summary.capacity.memory ?? 0;
  return (
    <div className="space-y-4">
      <InvalidParamsNote invalid={invalid} />
      <ReplicaLine replicas={c.replicas} />
      {/* Not ready because a replica did not answer is not a first sync: the line above says so. */}
      {!c.ready && !c.replicas?.unreachable.length && (
        <div role="status" className="space-y-1">
          <div className="text-sm">
            First sync: {c.nodesCollected} of {c.nodesTotal} nodes collected…
          </div>
          <progress className="w-full" value={c.nodesCollected} max={Math.max(1, c.nodesTotal)} />
        </div>
      )}
      <section aria-label="Cluster summary" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Nodes" value={data.nodes.length} />
        <Stat
          label="Under pressure"
          value={pressured}
          hint="Nodes with MemoryPressure, DiskPressure or PIDPressure set by their kubelet"
        />
        <Stat
          label="Evictions (1 h)"
          value={data.summary.evictionsLastHour}
          hint="Pods the kubelets evicted for node pressure in the last hour"
        />
        <Stat
          label="Memory lost to reservations"
          value={capMem ? `${formatResource("memory", reservedMem)} (${((reservedMem / capMem) * 100).toFixed(1)}%)` : "–"}
          hint="capacity − allocatable: kube-reserved + system-reserved + the hard eviction threshold, summed over nodes"
        />
      </section>
      <form className="flex flex-wrap items-end gap-3" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col text-xs">
          Search
          <input
            className={input}
            type="search"
            value={state.q}
            placeholder="node or pool"
            onChange={(e) => setState((s) => ({ ...s, q: e.target.value }))}
          />
        </label>
        <label className="flex flex-col text-xs">
          Show
          <select
            className={input}
            value={state.filter}
            onChange={(e) => setState((s) => ({ ...s, filter: e.target.value as (typeof FILTERS)[number] }))}
          >
            <option value="all">all nodes</option>
            <option value="pressure">under pressure</option>
            <option value="notready">not ready</option>
            <option value="failed">stats collection failed</option>
          </select>
        </label>
        <label className="flex flex-col text-xs">
          Pool
          <select className={input} value={state.pool} onChange={(e) => setState((s) => ({ ...s, pool: e.target.value }))}>
            <option value="">all pools</option>
            {pools.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label
          className="flex flex-col text-xs"
          title="A label selector as kubectl -l takes it: key=value, key!=value, key in (a,b), key notin (a,b), key, !key; comma means and"
        >
          Labels
          <input
            className={input}
            value={state.label}
            placeholder="e.g. topology.kubernetes.io/zone=eu-west-1a"
            aria-invalid={labelError !== null}
            aria-describedby={labelError ? "label-error" : undefined}
            onChange={(e) => setState((s) => ({ ...s, label: e.target.value }))}
          />
        </label>
        <label className="flex flex-col text-xs">
          Margin below
          <select
            className={input}
            value={state.marginBelow ?? ""}
            onChange={(e) => setState((s) => ({ ...s, marginBelow: e.target.value === "" ? null : Number(e.target.value) }))}
          >
            <option value="">any</option>
            {[0.05, 0.1, 0.2, 0.3].map((m) => (
              <option key={m} value={m}>{`${m * 100}% of capacity`}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs">
          Sort by
          <select
            className={input}
            value={state.sort}
            onChange={(e) => setState((s) => ({ ...s, sort: e.target.value as (typeof SORTS)[number] }))}
          >
            <option value="name">name</option>
            <option value="pool">pool</option>
            <option value="ready">readiness</option>
            <option value="conditions">conditions</option>
            <option value="lease">lease age</option>
            <option value="worst">worst margin</option>
            <option value="eviction">next eviction</option>
            <option value="memory">memory margin</option>
            <option value="disk">disk margin</option>
            <option value="pid">pid margin</option>
            <option value="psi">memory PSI (full avg60)</option>
            <option value="usage">memory used</option>
            <option value="pods">pods</option>
            <option value="stats">stats age</option>
          </select>
        </label>
        <label className="flex items-center gap-1 text-xs">
          <input type="checkbox" checked={state.desc} onChange={(e) => setState((s) => ({ ...s, desc: e.target.checked }))} />{" "}
          descending
        </label>
        <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {rows.length} of {data.nodes.length} nodes
        </span>
      </form>
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
