"use client";

import { createContext, useContext } from "react";

import { cn } from "@/lib/format";
import type { NodeView } from "@/lib/node-view";

export type { NodeView };

/** Provided by the node page around its cards while the what-if panel is open or a what-if is set; null otherwise (no labels). */
export const NodeViewContext = createContext<NodeView | null>(null);

/** Which view the cards around show (null: no what-if in sight, everything is live). */
export function useNodeView(): NodeView | null {
  return useContext(NodeViewContext);
}

/**
 * The label beside a card's heading while the what-if panel is open, so one screen never mixes two
 * states unannounced: "live" or "what-if view", and always "live" on cards that never follow a
 * what-if (PSI). Nothing when no what-if is in sight: everything is live then, as the headline says.
 */
export function ViewLabel({ always }: { always?: NodeView }) {
  const view = useNodeView();
  if (view == null) return null;
  const shown = always ?? view;
  return (
    <span
      data-testid="view-label"
      className={cn(
        "ml-2 rounded px-1.5 py-0.5 align-middle text-xs font-semibold normal-case",
        shown === "what-if"
          ? "bg-blue-100 text-blue-900 dark:bg-blue-900/50 dark:text-blue-100"
          : "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
      )}
    >
      {shown === "what-if" ? "what-if view" : "live"}
    </span>
  );
}
