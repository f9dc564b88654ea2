"use client";

import { useQuery } from "@tanstack/react-query";

import { MUTED } from "@/components/ui/styles";
import { cn } from "@/lib/format";

import { FindingItem } from "./finding-item";
import { findingsOptions } from "./findings-query";

/**
 * The node page's "Findings" section: the advisor's findings for this node. Rendered twice around
 * the capacity section, and shown only in one place: above it when any finding is an error (it
 * explains what the numbers below will do), after it otherwise.
 */
export function NodeFindings({ node, at }: { node: string; at: "before-capacity" | "after-capacity" }) {
  const { data, error } = useQuery(findingsOptions(node));
  const findings = data?.findings ?? [];
  const hasError = findings.some((f) => f.severity === "error");
  if ((at === "before-capacity") !== hasError) return null;
  const counts = (["error", "warning", "info"] as const)
    .map((s) => [s, findings.filter((f) => f.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}${n > 1 ? "s" : ""}`);
  return (
    <section aria-labelledby="findings-heading" className="space-y-2" data-testid="node-findings">
      <h2 id="findings-heading" className="text-lg font-semibold">
        Findings
      </h2>
      {error ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          Findings unavailable: {error.message}
        </p>
      ) : !data ? (
        <p role="status" className={cn("text-sm", MUTED)}>
          Loading…
        </p>
      ) : findings.length === 0 ? (
        <p className={cn("text-sm", MUTED)}>No kubelet-configuration findings on this node.</p>
      ) : (
        <>
          <p className={cn("text-sm", MUTED)} data-testid="findings-counts">
            {counts.join(", ")} from the kubelet-configuration advisor.
          </p>
          <ul className="space-y-2">
            {findings.map((f, i) => (
              <FindingItem key={`${f.rule}-${i}`} f={f} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
