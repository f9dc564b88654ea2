import type { AriaRole, ComponentProps } from "react";

import { cn } from "@/lib/format";

/** Red text that keeps AA contrast in both themes, for an error said in words. */
const ERROR_TEXT = "text-red-700 dark:text-red-300";

/**
 * An error said in words: announced (role "alert"; role="status" for one a background refresh
 * may repeat; role={null} for a field's message, announced through the field's aria-describedby).
 * `boxed` draws it as a bordered note, as forms do.
 */
export function ErrorNote({
  boxed = false,
  className,
  role = "alert",
  ...rest
}: Omit<ComponentProps<"p">, "role"> & { boxed?: boolean; role?: AriaRole | null }) {
  return (
    <p
      role={role ?? undefined}
      className={cn(
        boxed
          ? "rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          : ERROR_TEXT,
        className,
      )}
      {...rest}
    />
  );
}
