import { cn } from "@/lib/format";
import type { Verdict } from "@/lib/words/whatif";

const TONE = {
  ok: {
    mark: "✓",
    label: "Result",
    cls: "border-emerald-600 bg-emerald-50 text-emerald-950 dark:border-emerald-500 dark:bg-emerald-950/40 dark:text-emerald-100",
  },
  warn: {
    mark: "!",
    label: "Result",
    cls: "border-amber-600 bg-amber-50 text-amber-950 dark:border-amber-500 dark:bg-amber-950/40 dark:text-amber-100",
  },
  bad: {
    mark: "✕",
    label: "Result",
    cls: "border-red-600 bg-red-50 text-red-950 dark:border-red-500 dark:bg-red-950/40 dark:text-red-100",
  },
} as const;

/** A what-if verdict in words; the tone is also a mark, not only a colour. */
export function WhatIfVerdict({
  verdict,
  testId = "what-if-verdict",
  pending,
}: {
  verdict: Verdict;
  testId?: string;
  pending?: boolean;
}) {
  const t = TONE[verdict.tone];
  return (
    <div
      className={cn("rounded border-l-4 px-3 py-2 text-sm", t.cls, pending && "opacity-60")}
      data-testid={testId}
      data-tone={verdict.tone}
      aria-live="polite"
    >
      {verdict.sentences.map((s, i) => (
        <p key={i}>
          {i === 0 && (
            <span aria-hidden="true" className="mr-1 font-bold">
              {t.mark}
            </span>
          )}
          {s}
        </p>
      ))}
    </div>
  );
}
