"use client";

import { MUTED } from "@/components/ui/styles";
import type { FindingEntry } from "@/lib/contract/findings";
import { cn } from "@/lib/format";

const BADGE: Record<FindingEntry["severity"], string> = {
  error: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  info: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100",
};

/** A severity word on its colour; the word carries the meaning, the colour only repeats it. */
export function SeverityBadge({ severity }: { severity: FindingEntry["severity"] }) {
  return <span className={cn("rounded px-1.5 py-0.5 text-xs font-medium", BADGE[severity])}>{severity}</span>;
}

/** One finding: severity, rule, the sentence with the node's numbers, the source and the fix. */
export function FindingItem({ f, heading }: { f: FindingEntry; heading?: React.ReactNode }) {
  return (
    <li className="space-y-1 rounded border border-zinc-200 p-3 dark:border-zinc-800" data-testid="finding" data-rule={f.rule}>
      <div className="flex flex-wrap items-baseline gap-2">
        <SeverityBadge severity={f.severity} />
        <span className="font-medium">{heading ?? f.title}</span>
        <code className={cn("text-xs", MUTED)}>{f.rule}</code>
      </div>
      <p className="text-sm">{f.message}</p>
      <p className={cn("text-xs [overflow-wrap:anywhere]", MUTED)}>Kubelet source: {f.source}</p>
      {f.fix && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Fix: {f.fix.text}</summary>
          {f.fix.yaml && (
            // a scrolling region on a phone: focusable, so the keyboard can scroll it (axe scrollable-region-focusable)
            <pre
              tabIndex={0}
              aria-label="KubeletConfiguration fragment"
              className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900"
              data-testid="fix-yaml"
            >
              {f.fix.yaml}
            </pre>
          )}
          {f.fix.flags && (
            <pre
              tabIndex={0}
              aria-label="kubelet flags"
              className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900"
            >
              {f.fix.flags}
            </pre>
          )}
        </details>
      )}
    </li>
  );
}
