import type { InvalidParam } from "@/lib/client/url-state";

/** Tells the user which link parameters were ignored and why (a shared link may be old or mangled). */
export function InvalidParamsNote({ invalid }: { invalid: InvalidParam[] }) {
  if (invalid.length === 0) return null;
  return (
    <div
      role="note"
      data-testid="invalid-params"
      className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      Ignored {invalid.length === 1 ? "a link parameter" : `${invalid.length} link parameters`}:{" "}
      {invalid.map((i) => `${i.param.slice(0, 40)} (${i.reason})`).join("; ")}
    </div>
  );
}
