"use client";

// The node page's data: its TanStack Query document, the URL state, the pinned moment, and the
// engine's runs on them (lib/node-view), memoized so a what-if slider re-runs only `analyze`.
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo, useState } from "react";

import { useUrlState } from "@/components/dashboard/use-url-state";
import { useNodeForecast } from "@/components/forecast/use-node-forecast";
import { useSettledValue } from "@/components/whatif/use-settled-value";
import { timed } from "@/lib/client/perf";
import { nodeOptions } from "@/lib/client/queries";
import { hasWhatIf, toEngineWhatIf, whatIfOpen } from "@/lib/client/url-state";
import { requestedTotals } from "@/lib/eviction";
import { amounts, analyzeParsed, parseDetail } from "@/lib/node-view";

// Long enough that key presses a person makes in a row (and Playwright's, on a busy machine) do not
// redraw the charts between two of them.
const SECTIONS_SETTLE_MS = 400;

/** Everything the node page renders from, computed once per node document and per what-if. */
export function useNodePage(name: string) {
  const { data: polled, error, isPending } = useQuery(nodeOptions(name));
  // A new node document (every 10 s) re-renders the whole page: as a deferred render it is done in
  // slices, so it never becomes one long task between two steps of a what-if slider.
  const data = useDeferredValue(polled);
  const { state, invalid, setState } = useUrlState();
  // a pinned link (`at=`): the signals as of then (lib/forecast/pinned-view.ts); what-ifs apply to the live view only
  const { pinned } = useNodeForecast(name);
  // The contract input is validated once per node document; a what-if re-runs only `analyze`.
  const parsed = useMemo(() => (data ? parseDetail(data) : null), [data]);
  const live = useMemo(() => (parsed ? analyzeParsed(parsed) : null), [parsed]);
  const engineWhatIf = useMemo(() => toEngineWhatIf(state.whatIf), [state.whatIf]);
  const changed = hasWhatIf(state.whatIf);
  const next = useMemo(
    () => (parsed?.out && changed ? timed("headroom:what-if-node", () => analyzeParsed(parsed, engineWhatIf)) : null),
    [parsed, changed, engineWhatIf],
  );
  const pods = useMemo(() => data?.pods ?? [], [data]);
  const requested = useMemo(() => requestedTotals(pods), [pods]);
  const capacity = useMemo(() => (data ? amounts(data.node, "capacity") : {}), [data]);

  const view = pinned.kind === "pinned" ? pinned.view.result : (next?.out ?? live?.out ?? null);
  // The sections below the header (charts, rankings, tables) follow a what-if once the slider rests:
  // the slider, its box and the verdict repaint on every step (interaction to next paint). The view
  // settles together with what it is: a new live document (every poll) also reaches the sections
  // late, and comparing the settled view with the newest live one by identity labelled the cards
  // "what-if view" for those 400 ms with no what-if anywhere.
  const shown = useMemo(() => ({ view, showsLive: !next?.out }), [view, next]);
  const settled = useSettledValue(shown, SECTIONS_SETTLE_MS);
  const [openedByButton, setOpenedByButton] = useState(false);
  const open = whatIfOpen(state);
  const toggleWhatIf = () => {
    setOpenedByButton(!open);
    setState((s) => ({ ...s, whatIfPanel: open ? "closed" : "open" }));
  };
  return {
    data,
    error,
    isPending,
    state,
    invalid,
    setState,
    pinned,
    live,
    next,
    engineWhatIf,
    changed,
    pods,
    requested,
    capacity,
    view,
    deferredView: settled.view,
    /** Whether the sections' (settled) view is the live one, not a what-if's. */
    sectionsShowLive: settled.showsLive,
    open,
    openedByButton,
    toggleWhatIf,
  };
}
