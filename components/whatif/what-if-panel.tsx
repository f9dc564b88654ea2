"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";

import { WhatIfFindings } from "@/components/findings/what-if-findings";
import { useNodeForecast } from "@/components/forecast/use-node-forecast";
import { emptyWhatIf, hasWhatIf, serializeUrlState, type UrlState, type WhatIfState } from "@/lib/client/url-state";
import type { NodeDetail } from "@/lib/contract/dto";
import type { AnalyzeOutput, WhatIf } from "@/lib/eviction";
import { detailOutcome, reportedPressure, withReportedPressure } from "@/lib/whatif/node";
import { whatIfVerdict } from "@/lib/words/whatif";

import { CopyButton } from "./copy-button";
import { KubeletChange } from "./kubelet-change";
import { ScopeResult } from "./scope-result";
import { WhatIfControls } from "./what-if-controls";
import { WhatIfDiff } from "./what-if-diff";
import { WhatIfVerdict } from "./what-if-verdict";

export const WHAT_IF_PANEL_ID = "what-if-panel";

interface Props {
  detail: NodeDetail;
  live: AnalyzeOutput;
  next: AnalyzeOutput | null;
  nextError: string | null;
  whatIf: WhatIf;
  capacity: Record<string, number>;
  state: UrlState;
  setState: (f: (s: UrlState) => UrlState) => void;
  /** Move focus into the panel when it appears (opened from the header button, not from a link). */
  focusOnOpen?: boolean;
}

const button = "rounded border border-zinc-300 px-2 py-0.5 text-sm disabled:opacity-50 dark:border-zinc-700";

/**
 * The what-if as a side panel: a drawer over the page below 1280 px, a right-hand column beside the
 * signals from 1280 px. Its verdict stays in view while the settings below it scroll.
 */
export function WhatIfPanel(p: Props) {
  const w = p.state.whatIf;
  const { setState } = p;
  const update = useCallback(
    (f: (w: WhatIfState) => WhatIfState) => setState((s) => ({ ...s, whatIf: f(s.whatIf) })),
    [setState],
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const { focusOnOpen } = p;
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);
  // "before" is the header's live state (held conditions included), never a second one
  const { forecast } = useNodeForecast(p.detail.row.name);
  const holds = useMemo(() => forecast?.holds ?? [], [forecast]);
  const outcome = useMemo(
    () =>
      p.next
        ? withReportedPressure(
            detailOutcome(p.detail, p.live, p.next),
            reportedPressure(p.detail),
            holds.map((h) => h.condition),
          )
        : null,
    [p.detail, p.live, p.next, holds],
  );
  const qs = serializeUrlState({ ...p.state, whatIfPanel: "open" }).toString();
  const link = typeof window === "undefined" ? "" : `${window.location.origin}${window.location.pathname}${qs ? `?${qs}` : ""}`;
  return (
    <aside
      id={WHAT_IF_PANEL_ID}
      aria-labelledby="whatif-h"
      onKeyDown={(e) => {
        if (e.key === "Escape") p.setState((s) => ({ ...s, whatIfPanel: "closed" }));
      }}
      className="fixed inset-y-0 right-0 z-40 flex w-full max-w-md flex-col border-l border-blue-200 bg-white shadow-2xl xl:sticky xl:top-2 xl:z-auto xl:h-[calc(100dvh-1rem)] xl:max-w-none xl:rounded xl:border xl:shadow-none dark:border-blue-900 dark:bg-zinc-950"
    >
      <div className="space-y-2 border-b border-zinc-200 p-3 dark:border-zinc-800">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="whatif-h" ref={heading} tabIndex={-1} className="mr-auto text-lg font-medium">
            What if…
          </h2>
          <button
            type="button"
            className={button}
            onClick={() => p.setState((s) => ({ ...s, whatIf: { ...emptyWhatIf(), scope: s.whatIf.scope } }))}
            disabled={!hasWhatIf(w)}
          >
            Reset all
          </button>
          <CopyButton text={link} label="Copy link" what="link" />
          <button
            type="button"
            className={button}
            aria-label="Close the what-if panel"
            onClick={() => p.setState((s) => ({ ...s, whatIfPanel: "closed" }))}
          >
            ✕ Close
          </button>
        </div>
        {p.nextError ? (
          <p
            role="alert"
            data-testid="what-if-error"
            className="rounded border-l-4 border-red-600 bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100"
          >
            This what-if cannot be computed: {p.nextError}
          </p>
        ) : outcome ? (
          <WhatIfVerdict verdict={whatIfVerdict([outcome], { nodes: 1, pods: p.detail.row.podCount, single: true })} />
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="what-if-hint">
            Move a slider or type a value: the kubelet&apos;s view of this node is recomputed at once, and the result appears
            here.
          </p>
        )}
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-3">
        {hasWhatIf(w) && w.scope !== "node" && !p.nextError && (
          <ScopeResult whatIf={p.whatIf} state={p.state} pool={p.detail.row.pool} nodeName={p.detail.row.name} />
        )}
        {p.next && outcome && <WhatIfDiff live={p.live} next={p.next} outcome={outcome} holds={holds} />}
        {hasWhatIf(w) && !p.nextError && <WhatIfFindings detail={p.detail} whatIf={p.whatIf} />}
        {/* pool and fleet scope: one fragment per configuration, in the scope's result above */}
        {hasWhatIf(w) && w.scope === "node" && !p.nextError && (
          <KubeletChange whatIf={p.whatIf} kubeletConfig={p.detail.kubeletConfig} kubeletFlags={p.detail.kubeletFlags} />
        )}
        <WhatIfControls live={p.live} capacity={p.capacity} w={w} update={update} />
      </div>
    </aside>
  );
}
