"use client";

import { FILTER_INPUT, SearchField } from "@/components/ui/search-field";
import { FILTERS, SORTS, type UrlState } from "@/lib/client/url-state";

const input = FILTER_INPUT;

// The sort orders the select offers, by URL value (their orders: lib/fleet-view/filters.ts); the
// Findings column's order is reached from its header only.
const SORT_OPTIONS: [Exclude<(typeof SORTS)[number], "findings">, string][] = [
  ["name", "name"],
  ["pool", "pool"],
  ["ready", "readiness"],
  ["conditions", "conditions"],
  ["lease", "lease age"],
  ["worst", "worst margin"],
  ["eviction", "next eviction"],
  ["memory", "memory margin"],
  ["disk", "disk margin"],
  ["pid", "pid margin"],
  ["psi", "memory PSI (full avg60)"],
  ["usage", "memory used"],
  ["pods", "pods"],
  ["stats", "stats age"],
];

interface Props {
  state: UrlState;
  setState: (f: (s: UrlState) => UrlState) => void;
  pools: string[];
  labelError: string | null;
  shown: number;
  total: number;
}

/** The fleet's search, filters and sort, all in the URL. */
export function FleetFilters({ state, setState, pools, labelError, shown, total }: Props) {
  return (
    <form className="flex flex-wrap items-end gap-3" role="search" onSubmit={(e) => e.preventDefault()}>
      <SearchField value={state.q} placeholder="node or pool" onChange={(q) => setState((s) => ({ ...s, q }))} />
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
          {SORT_OPTIONS.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1 text-xs">
        <input type="checkbox" checked={state.desc} onChange={(e) => setState((s) => ({ ...s, desc: e.target.checked }))} />{" "}
        descending
      </label>
      <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {shown} of {total} nodes
      </span>
    </form>
  );
}
