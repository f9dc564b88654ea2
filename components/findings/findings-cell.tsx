"use client";

import { useQuery } from "@tanstack/react-query";

import { MUTED } from "@/components/ui/styles";
import type { NodeRow } from "@/lib/dto";
import { cn } from "@/lib/format";

import { findingsOptions } from "./findings-query";

/** The fleet table's findings column: a node's advisor findings by severity (one query for every row). */
export function FindingsCell({ r }: { r: NodeRow }) {
  const { data } = useQuery(findingsOptions());
  if (!data) return <span className={MUTED}>–</span>;
  const mine = data.findings.filter((f) => f.node === r.name);
  const errors = mine.filter((f) => f.severity === "error").length;
  const warnings = mine.filter((f) => f.severity === "warning").length;
  if (errors + warnings === 0) return <span className={MUTED}>{mine.length ? `${mine.length} info` : "none"}</span>;
  return (
    <span className={cn("text-xs", errors > 0 && "font-semibold text-red-800 dark:text-red-300")} data-testid="findings-cell">
      {[errors && `${errors} error${errors > 1 ? "s" : ""}`, warnings && `${warnings} warning${warnings > 1 ? "s" : ""}`]
        .filter(Boolean)
        .join(", ")}
    </span>
  );
}
