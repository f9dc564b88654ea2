import type { ComponentProps, ReactNode } from "react";

import { DATA_TABLE } from "@/components/ui/styles";
import { TableScroll } from "@/components/ui/table-scroll";
import { cn } from "@/lib/format";

/**
 * A data table in its own sideways-scrolling region (named `label`): one header row of column
 * names in small muted type, then the body rows (`TableRow`).
 */
export function Table({
  label,
  columns,
  children,
  className,
  ...rest
}: { label: string; columns: readonly ReactNode[]; children: ReactNode } & Omit<ComponentProps<"table">, "children">) {
  return (
    <TableScroll label={label}>
      <table className={cn(DATA_TABLE, className)} {...rest}>
        <thead className="text-xs text-zinc-600 dark:text-zinc-400">
          <tr>
            {columns.map((c, i) => (
              <th key={i}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}

/** A body row of a `Table`, with the rule above it. */
export function TableRow({ className, ...rest }: ComponentProps<"tr">) {
  return <tr className={cn("border-t border-zinc-100 dark:border-zinc-900", className)} {...rest} />;
}
