"use client";

import { FILTER_INPUT, SearchField } from "@/components/ui/search-field";
import type { TerminationCause } from "@/lib/contract/termination";
import { facetsOf, NO_FILTERS, SINCE, type Since, type TerminationFilters } from "@/lib/terminations/filters";
import { CAUSE_LABEL } from "@/lib/words/termination";

const input = FILTER_INPUT;
const SINCE_LABEL: Record<Since, string> = {
  "15m": "last 15 min",
  "1h": "last hour",
  "6h": "last 6 h",
  "24h": "last 24 h",
  all: "all kept",
};

function Select({
  label,
  value,
  all,
  options,
  onChange,
}: {
  label: string;
  value: string;
  all: string;
  options: readonly { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  return (
    <label className="flex min-w-0 flex-col text-xs">
      {label}
      <select className={`${input} max-w-[16rem]`} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {/* a value from a link the terminations no longer have stays selectable, so the box tells the truth */}
        {value && !options.some((o) => o.value === value) && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const plain = (xs: string[]) => xs.map((x) => ({ value: x, label: x }));

/** The search box and filters of /terminations: every change goes to the URL at once. */
export function TerminationFiltersForm({
  facets,
  filters,
  setFilters,
}: {
  facets: ReturnType<typeof facetsOf>;
  filters: TerminationFilters;
  setFilters: (f: Partial<TerminationFilters>) => void;
}) {
  const any = Object.entries(filters).some(([k, v]) => v !== NO_FILTERS[k as keyof TerminationFilters]);
  return (
    <form role="search" aria-label="Terminations" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
      <SearchField value={filters.q} placeholder="pod, namespace, workload or node" onChange={(q) => setFilters({ q })} />
      <Select
        label="Namespace"
        value={filters.namespace}
        all="all namespaces"
        options={plain(facets.namespaces)}
        onChange={(namespace) => setFilters({ namespace })}
      />
      <Select
        label="Workload"
        value={filters.workload}
        all="all workloads"
        options={plain(facets.workloads)}
        onChange={(workload) => setFilters({ workload })}
      />
      <Select
        label="Node"
        value={filters.node}
        all="all nodes"
        options={plain(facets.nodes)}
        onChange={(node) => setFilters({ node })}
      />
      <Select
        label="Cause"
        value={filters.cause}
        all="all causes"
        options={facets.causes.map((c) => ({ value: c, label: CAUSE_LABEL[c] }))}
        onChange={(cause) => setFilters({ cause: cause as TerminationCause | "" })}
      />
      <label className="flex flex-col text-xs">
        When
        <select className={input} value={filters.since} onChange={(e) => setFilters({ since: e.target.value as Since })}>
          {(Object.keys(SINCE) as Since[]).map((s) => (
            <option key={s} value={s}>
              {SINCE_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      {filters.pod && (
        <span
          className="flex items-center gap-1 rounded bg-zinc-100 px-2 py-1 font-mono text-xs dark:bg-zinc-800"
          data-testid="pod-filter"
        >
          pod {filters.pod}
          <button
            type="button"
            className="px-1 font-sans"
            aria-label={`Stop showing only pod ${filters.pod}`}
            onClick={() => setFilters({ pod: "" })}
          >
            ×
          </button>
        </span>
      )}
      {any && (
        <button
          type="button"
          className="text-xs text-blue-700 underline dark:text-blue-300"
          onClick={() => setFilters({ ...NO_FILTERS })}
        >
          Clear filters
        </button>
      )}
    </form>
  );
}
