"use client";

import { useEffect, useRef, useState } from "react";

/**
 * Copies `text`; when the browser refuses (an iframe without clipboard permission throws
 * NotAllowedError, plain-HTTP pages have no navigator.clipboard) it shows the text selected and
 * says to press Ctrl+C, instead of failing silently or throwing.
 */
export function CopyButton({ text, label, what }: { text: string; label: string; what: string }) {
  const [state, setState] = useState<"idle" | "copied" | "manual">("idle");
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state === "manual") box.current?.select();
    if (state !== "copied") return;
    const t = setTimeout(() => setState("idle"), 1500);
    return () => clearTimeout(t);
  }, [state]);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("manual");
    }
  };
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-1">
      <button type="button" className="rounded border border-zinc-300 px-2 py-0.5 text-sm dark:border-zinc-700" onClick={copy}>
        {state === "copied" ? "Copied" : label}
      </button>
      {state === "manual" && (
        <span className="flex min-w-0 items-center gap-1 text-xs" role="status">
          <input
            ref={box}
            readOnly
            value={text}
            aria-label={what}
            className="w-40 min-w-0 rounded border border-zinc-300 bg-white px-1 font-mono dark:border-zinc-700 dark:bg-zinc-900"
            onFocus={(e) => e.currentTarget.select()}
          />
          The browser refused the clipboard: press Ctrl+C (⌘C) to copy the selected {what}.
        </span>
      )}
    </span>
  );
}
