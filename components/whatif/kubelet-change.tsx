"use client";

import { useMemo } from "react";

import type { WhatIf } from "@/lib/eviction";
import { kubeletChange } from "@/lib/kubelet-fragment";

import { CopyButton } from "./copy-button";

/** The KubeletConfiguration fragment and kubelet flags that would apply the what-if, each with a copy button. */
export function KubeletChange({
  whatIf,
  kubeletConfig,
  kubeletFlags,
}: {
  whatIf: WhatIf;
  kubeletConfig: unknown;
  kubeletFlags: string | null;
}) {
  const change = useMemo(() => {
    try {
      return kubeletChange(whatIf, { kubeletConfig, kubeletFlags });
    } catch {
      return null; // the result above already names the refused value
    }
  }, [whatIf, kubeletConfig, kubeletFlags]);
  if (!change || (!change.yaml && !change.note)) return null;
  return (
    <details className="min-w-0 space-y-2 rounded border border-zinc-200 p-2 dark:border-zinc-800" data-testid="kubelet-change">
      <summary className="cursor-pointer text-sm font-semibold">Apply it: KubeletConfiguration and kubelet flags</summary>
      {change.yaml && (
        <>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Each map is written whole (your node&apos;s entries plus the change): a kubelet config that sets one threshold drops
            the defaults of the others.
          </p>
          <div className="flex items-center justify-between gap-2 text-xs font-medium">
            KubeletConfiguration fragment <CopyButton text={change.yaml} label="Copy YAML" what="YAML" />
          </div>
          <pre className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900" data-testid="kubelet-yaml">
            {change.yaml}
          </pre>
          <div className="flex items-center justify-between gap-2 text-xs font-medium">
            Equivalent kubelet flags <CopyButton text={change.flags} label="Copy flags" what="flags" />
          </div>
          <pre
            className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900"
            data-testid="kubelet-flags"
          >
            {change.flags}
          </pre>
        </>
      )}
      {change.note && <p className="text-xs text-zinc-600 dark:text-zinc-400">{change.note}</p>}
    </details>
  );
}
