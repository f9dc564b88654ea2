"use client";

/** The look of a filter bar's inputs and selects (the fleet's, /terminations'). */
export const FILTER_INPUT = "rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/** A filter bar's "Search" box: its text goes to the URL state through onChange. */
export function SearchField({
  value,
  placeholder,
  onChange,
}: {
  value: string;
  placeholder: string;
  onChange: (q: string) => void;
}) {
  return (
    <label className="flex flex-col text-xs">
      Search
      <input
        className={FILTER_INPUT}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
