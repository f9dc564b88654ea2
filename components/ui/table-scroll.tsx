import type { ReactNode } from "react";

/**
 * Lets a wide table scroll sideways inside its card instead of widening the whole page on a
 * phone. Focusable and named, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto">
      {children}
    </div>
  );
}
