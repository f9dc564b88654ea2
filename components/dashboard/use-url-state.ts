"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import { parseUrlState, serializeUrlState, type UrlState } from "@/lib/client/url-state";

// Slider drags fire dozens of changes a second; the URL (and history) only needs the latest.
const WRITE_EVERY_MS = 250;

/**
 * Holds dashboard state: read from the URL, changed locally at once (so what-if recomputes on
 * every slider tick), written back to the URL throttled with router.replace.
 */
export function useUrlState() {
  const params = useSearchParams();
  const pathname = usePathname();
  const query = params.toString();
  const parsed = useMemo(() => parseUrlState(new URLSearchParams(query)), [query]);
  const [state, setLocal] = useState<UrlState>(parsed.state);
  // The state the next update starts from. Kept beside React's copy so an update is computed once,
  // outside a setState updater (StrictMode runs updaters twice; the URL write must not be doubled).
  const latest = useRef(parsed.state);
  const written = useRef(query);
  const pending = useRef<UrlState | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Back/forward or a pasted link changes the URL under us: take it over.
  useEffect(() => {
    if (query !== written.current) {
      written.current = query;
      latest.current = parsed.state;
      setLocal(parsed.state);
    }
  }, [query, parsed.state]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const flush = useCallback(() => {
    timer.current = null;
    if (!pending.current) return;
    const qs = serializeUrlState(pending.current).toString();
    pending.current = null;
    written.current = qs;
    // The native History API syncs useSearchParams without a router navigation (no RSC request, no
    // re-render of the route): a what-if slider writes here several times a second.
    window.history.replaceState(window.history.state, "", qs ? `${pathname}?${qs}` : pathname);
  }, [pathname]);

  const setState = useCallback(
    (update: (s: UrlState) => UrlState) => {
      const next = update(latest.current);
      latest.current = next;
      pending.current = next;
      setLocal(next);
      if (!timer.current) timer.current = setTimeout(flush, WRITE_EVERY_MS);
    },
    [flush],
  );

  return { state, invalid: parsed.invalid, setState };
}
