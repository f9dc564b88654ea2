"use client";

import type { SORTS } from "@/lib/client/url-state";

import { useFleetState } from "./fleet-state-context";

/**
 * A fleet column header that sorts by `sort` (a second click reverses), like a sortable table
 * header: a button, so Enter and Space sort too, and `aria-sort` tells a screen reader the order.
 */
export function SortHeader({
  sort,
  label,
  title,
  className,
}: {
  sort: (typeof SORTS)[number];
  label: string;
  title: string;
  className?: string;
}) {
  const { state, setState } = useFleetState();
  const active = state.sort === sort;
  return (
    <span role="columnheader" className={className} aria-sort={active ? (state.desc ? "descending" : "ascending") : "none"}>
      <button
        type="button"
        className="text-left font-medium leading-tight hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
        title={title}
        onClick={() => setState((s) => ({ ...s, sort, desc: s.sort === sort ? !s.desc : false }))}
      >
        {label}
        <span aria-hidden="true">{active ? (state.desc ? " ↓" : " ↑") : ""}</span>
      </button>
    </span>
  );
}
