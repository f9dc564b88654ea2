"use client";

import { createContext, useContext } from "react";

import type { UrlState } from "@/lib/client/url-state";

// The fleet page's URL state, shared with what its table renders (the sortable column headers):
// two useUrlState instances each keep their own copy between URL writes, so a header with its own
// would sort a table that never hears of it.
export const FleetStateContext = createContext<{ state: UrlState; setState: (f: (s: UrlState) => UrlState) => void } | null>(
  null,
);

/** The fleet page's state and setter (inside FleetOverview's table). */
export function useFleetState() {
  const v = useContext(FleetStateContext);
  if (!v) throw new Error("useFleetState outside the fleet table");
  return v;
}
