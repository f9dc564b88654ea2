"use client";

// The fleet overview's data: the cluster document (TanStack Query), the URL state, and the rows,
// pools and link query derived from them (lib/fleet-view), memoized per document and state.
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

import { useHydrated } from "@/components/ui/use-hydrated";
import { clusterOptions } from "@/lib/client/cluster-query";
import { labelSelectorError } from "@/lib/contract/label-selector";
import { filterAndSortNodes, poolsOf } from "@/lib/fleet-view/filters";
import { nodeLinkQuery } from "@/lib/fleet-view/summary";

import { useUrlState } from "./use-url-state";

/** Everything the fleet overview renders from. */
export function useFleetOverview() {
  const { state, invalid, setState } = useUrlState();
  // The table's rows carry no labels: a label filter asks for the whole rows, and until they
  // arrive the table shows the rows it has, not filtered by label (labelsPending says so).
  const { data, error, isPending, isPlaceholderData, failureCount, failureReason } = useQuery(clusterOptions(state.label !== ""));
  const labelsPending = state.label !== "" && isPlaceholderData;
  const rows = useMemo(
    () => (data ? filterAndSortNodes(data.nodes, labelsPending ? { ...state, label: "" } : state) : []),
    [data, state, labelsPending],
  );
  const pools = useMemo(() => (data ? poolsOf(data.nodes) : []), [data]);
  const labelError = useMemo(() => labelSelectorError(state.label), [state.label]);
  const query = useMemo(() => nodeLinkQuery(state), [state]);
  // The header's query for the same document can finish before this boundary hydrates: render
  // what the server rendered until hydration is done, or React reports a mismatch (#418).
  const hydrated = useHydrated();
  return {
    data,
    error,
    loading: isPending || !hydrated,
    // Before the first document, why the last try failed while the query tries again (its retries:
    // an error answer, or no complete answer within getJson's bound), so "Loading" is not all it says.
    retryingAfter: hydrated && isPending && failureCount > 0 ? (failureReason?.message ?? "no answer") : null,
    state,
    invalid,
    setState,
    rows,
    pools,
    labelError,
    labelsPending,
    query,
  };
}
