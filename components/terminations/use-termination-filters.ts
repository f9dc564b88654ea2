"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import { parseTerminationFilters, serializeTerminationFilters, type TerminationFilters } from "@/lib/terminations/filters";

/**
 * The /terminations filters, kept in the URL (a link finds the same pods): read from the search
 * params, changed locally at once (a controlled search box must see each keystroke before the URL
 * catches up, or typing keeps only the last letter) and written back with the History API.
 */
export function useTerminationFilters() {
  const params = useSearchParams();
  const pathname = usePathname();
  const query = params.toString();
  const parsed = useMemo(() => parseTerminationFilters(new URLSearchParams(query)), [query]);
  const [filters, setLocal] = useState<TerminationFilters>(parsed.filters);
  const latest = useRef(parsed.filters);
  const written = useRef(query);
  // back/forward or a followed link changes the URL under us: take it over
  useEffect(() => {
    if (query !== written.current) {
      written.current = query;
      latest.current = parsed.filters;
      setLocal(parsed.filters);
    }
  }, [query, parsed.filters]);
  const setFilters = useCallback(
    (update: Partial<TerminationFilters>) => {
      const next = { ...latest.current, ...update };
      latest.current = next;
      setLocal(next);
      const qs = serializeTerminationFilters(next).toString();
      written.current = qs;
      window.history.replaceState(window.history.state, "", qs ? `${pathname}?${qs}` : pathname);
    },
    [pathname],
  );
  return { filters, invalid: parsed.invalid, setFilters };
}
