"use client";

import { memo } from "react";

import { NodeFindings } from "@/components/findings/node-findings";
import type { UrlState } from "@/lib/client/url-state";
import type { NodeDetail } from "@/lib/contract/dto";
import type { AnalyzeOutput, Pod } from "@/lib/eviction";
import { breakdownOf, imageGcMarks } from "@/lib/node-view";

import { CapacityBreakdown } from "./capacity-breakdown";
import { CgroupTable } from "./cgroup-table";
import { ConditionsPanel } from "./conditions-panel";
import { forensicSections } from "./forensic-sections";
import { KubeletConfigPanel } from "./kubelet-config-panel";
import { NodeEventsPanel } from "./node-events-panel";
import { RankingTabs } from "./ranking-tabs";
import { SignalPanels } from "./signal-panels";
import { TaintsPanel } from "./taints-panel";

interface SectionsProps {
  data: NodeDetail;
  view: AnalyzeOutput | null;
  live: AnalyzeOutput;
  pods: Pod[];
  requested: Record<string, number>;
  capacity: Record<string, number>;
  signal: UrlState["signal"];
  setState: (f: (s: UrlState) => UrlState) => void;
}

/** Signals with margins and charts → eviction order → capacity → the rest; memoized, so a what-if tick re-renders it only once its deferred view arrives. */
export const NodeSections = memo(function NodeSections({
  data,
  view,
  live,
  pods,
  requested,
  capacity,
  signal,
  setState,
}: SectionsProps) {
  const result = view ?? live;
  const forensics = forensicSections({ data, result, live, memoryCapacity: capacity.memory });
  return (
    <>
      <SignalPanels result={result} history={data.history} imageGc={imageGcMarks(data.kubeletConfig)} />
      {forensics.pressure}
      <RankingTabs result={result} pods={pods} signal={signal} onSignal={(s) => setState((x) => ({ ...x, signal: s }))} />
      {forensics["oom-order"]}
      <NodeFindings node={data.row.name} at="before-capacity" />
      <CapacityBreakdown {...breakdownOf(data, result, live, capacity, requested)} />
      <NodeFindings node={data.row.name} at="after-capacity" />
      {forensics.terminations}
      {/* what `kubectl describe node` shows, side by side where there is room: one pass at 1440 px (issue 23) */}
      <div className="@container">
        <div className="grid grid-cols-1 gap-6 @5xl:grid-cols-2 @5xl:items-start">
          <ConditionsPanel detail={data} />
          <div className="space-y-6">
            <TaintsPanel detail={data} />
            <NodeEventsPanel detail={data} />
          </div>
        </div>
      </div>
      <KubeletConfigPanel detail={data} result={result} />
      <CgroupTable pods={pods} result={result} />
    </>
  );
});
