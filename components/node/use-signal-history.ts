"use client";

// The signal charts' data: the history for the range in the URL (`range=`), from Prometheus when
// Headroom has one, else the in-memory ring; the node document's own hour stands in until the first
// answer. A pinned link (`at=`) charts what was known then: the samples up to that moment.
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

import { useUrlState } from "@/components/dashboard/use-url-state";
import { historyOptions } from "@/lib/client/queries";
import type { HistorySeries } from "@/lib/contract/dto";
import { toHistorySeries } from "@/lib/contract/history";
import { historyUntil } from "@/lib/forecast/pinned-view";

export function useSignalHistory(node: string | null | undefined, fromDocument: HistorySeries | null, pinnedAt: number | null) {
  const { state, setState } = useUrlState();
  const chart = useQuery({ ...historyOptions(node ?? "", state.range), enabled: !!node });
  // one series object per answer: a new one on every render would redraw all nine charts
  const history = useMemo(() => {
    const h = chart.data ? toHistorySeries(chart.data) : fromDocument;
    return pinnedAt != null && h ? historyUntil(h, pinnedAt) : h;
  }, [chart.data, fromDocument, pinnedAt]);
  return {
    history,
    range: state.range,
    setRange: (range: typeof state.range) => setState((x) => ({ ...x, range })),
    doc: chart.data,
    error: chart.error,
  };
}
