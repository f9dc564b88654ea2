// The node page's pressure and death forensics (issue 15): PSI, the kernel's OOM order and the pods
// that died. Built in one place for the full page and for an embed's `panel=` tile, so both show
// the same section from the same data.
import type { ReactElement } from "react";

import { PressurePanel } from "@/components/pressure/pressure-panel";
import type { NodeDetail } from "@/lib/contract/dto";
import type { AnalyzeOutput } from "@/lib/eviction";

import { OomOrderPanel } from "./oom-order-panel";
import { TerminationsPanel } from "./terminations-panel";

export interface ForensicInput {
  data: NodeDetail;
  /** The engine's view of the node, under the what-if when one is set. */
  result: AnalyzeOutput;
  /** The node as it is: PSI is measured, never what-if'd. */
  live: AnalyzeOutput;
  /** node.status.capacity.memory in bytes. */
  memoryCapacity: number | undefined;
}

/** Each forensic section by its `panel=` name. */
export function forensicSections({ data, result, live, memoryCapacity }: ForensicInput) {
  return {
    pressure: <PressurePanel result={live} psiHistory={data.psiHistory} />,
    "oom-order": <OomOrderPanel result={result} summary={data.summary} memoryCapacity={memoryCapacity} />,
    terminations: <TerminationsPanel terminations={data.terminations} node={data.row.name} />,
  } satisfies Record<string, ReactElement>;
}

export type ForensicSections = ReturnType<typeof forensicSections>;
