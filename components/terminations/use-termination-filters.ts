"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";

import { parseTerminationFilters, serializeTerminationFilters, type TerminationFilters } from "@/lib/terminations/filters";

/**
 * The /terminations filters, held in the URL alone (a link finds the same pods): read from the
 * search params, written back with the History API, which useSearchParams follows without a
 * round trip to the server.
 */
export function useTerminationFilters() {
  const params = useSearchParams();
  const pathname = usePathname();
  const query = params.toString();
  const { filters, invalid } = useMemo(() => parseTerminationFilters(new URLSearchParams(query)), [query]);
  const setFilters = useCallback(
    (update: Partial<TerminationFilters>) => {
      const qs = serializeTerminationFilters({ ...filters, ...update }).toString();
      window.history.replaceState(window.history.state, "", qs ? `${pathname}?${qs}` : pathname);
    },
    [filters, pathname],
  );
  return { filters, invalid, setFilters };
}
