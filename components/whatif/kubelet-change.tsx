"use client";

import { useMemo } from "react";

import type { WhatIf } from "@/lib/eviction";
import { formatCountOf } from "@/lib/format";
import {
  kubeletChange,
  kubeletChangesByGroup,
  type KubeletChange as Change,
  type ConfigGroup,
} from "@/lib/whatif/kubelet-fragment";

import { CopyButton } from "./copy-button";

const MUTED_NOTE = "text-xs text-zinc-600 dark:text-zinc-400";
const PRE = "overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900";

/** One fragment and its flags, each with a copy button; `what` names whose settings they are (for the buttons' names). */
function ChangeBlock({ change, what }: { change: Change; what?: string }) {
  const of = what ? ` for ${what}` : "";
  return (
    <>
      <div className="flex items-center justify-between gap-2 text-xs font-medium">
        KubeletConfiguration fragment{of} <CopyButton text={change.yaml} label={`Copy YAML${of}`} what="YAML" />
      </div>
      <pre className={PRE} data-testid="kubelet-yaml">
        {change.yaml}
      </pre>
      <div className="flex items-center justify-between gap-2 text-xs font-medium">
        Equivalent kubelet flags{of} <CopyButton text={change.flags} label={`Copy flags${of}`} what="flags" />
      </div>
      <pre className={`${PRE} whitespace-pre-wrap break-all`} data-testid="kubelet-flags">
        {change.flags}
      </pre>
    </>
  );
}

const WHOLE =
  "Each map is written whole (the nodes' own entries plus the change): a kubelet config that sets one threshold drops the defaults of the others.";

/** The KubeletConfiguration fragment and kubelet flags that would apply the what-if on this node, each with a copy button. */
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
          <p className={MUTED_NOTE}>{WHOLE}</p>
          <ChangeBlock change={change} />
        </>
      )}
      {change.note && <p className={MUTED_NOTE}>{change.note}</p>}
    </details>
  );
}

/**
 * "Apply it" for a pool or the fleet: one fragment per distinct effective kubelet configuration
 * (in practice one per pool), each from that group's own settings with the change on top — never
 * the settings of the node the panel was opened from written over another pool's.
 */
export function KubeletChangesByGroup({ whatIf, groups }: { whatIf: WhatIf; groups: readonly ConfigGroup[] }) {
  const changes = useMemo(() => kubeletChangesByGroup(whatIf, groups), [whatIf, groups]);
  const shown = changes.filter((g) => g.error != null || g.change.yaml);
  const note = changes.find((g) => g.change?.note)?.change?.note ?? null;
  if (shown.length === 0 && !note) return null;
  return (
    <details className="min-w-0 space-y-2 rounded border border-zinc-200 p-2 dark:border-zinc-800" data-testid="kubelet-change">
      <summary className="cursor-pointer text-sm font-semibold">
        Apply it: {shown.length} KubeletConfiguration fragment{shown.length === 1 ? "" : "s"}, one per configuration
      </summary>
      <p className={MUTED_NOTE}>
        The nodes in scope run {changes.length} distinct kubelet configuration{changes.length === 1 ? "" : "s"}: apply each
        fragment to its own pool. {WHOLE}
      </p>
      {shown.map((g) => {
        const what = `${g.pools.length === 1 ? "pool" : "pools"} ${g.pools.join(", ")}`;
        return (
          <section
            key={g.configId}
            className="space-y-1 border-t border-zinc-200 pt-2 dark:border-zinc-800"
            data-testid="kubelet-change-group"
            aria-label={`Change for ${what}`}
          >
            <h4 className="text-sm font-semibold">
              {what} <span className="font-normal">({formatCountOf(g.nodes, "node")})</span>
            </h4>
            {g.error != null ? (
              <p className="text-sm text-red-700 dark:text-red-300">This pool&apos;s kubelet would refuse it: {g.error}</p>
            ) : (
              <ChangeBlock change={g.change} what={what} />
            )}
          </section>
        );
      })}
      {note && <p className={MUTED_NOTE}>{note}</p>}
    </details>
  );
}
