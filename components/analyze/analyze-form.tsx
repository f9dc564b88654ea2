"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";

import { ErrorNote } from "@/components/ui/error-note";
import { MUTED } from "@/components/ui/styles";
import type { AnalyzeOutput } from "@/lib/eviction";
import { cn } from "@/lib/format";

import { AnalyzeResult } from "./analyze-result";
import { place, placePiece, SLOTS, type Pieces } from "./compose";

async function postAnalyze(body: string): Promise<AnalyzeOutput> {
  const res = await fetch("/api/analyze", { method: "POST", body, headers: { "content-type": "application/json" } });
  const json = await res.json();
  if (!res.ok) throw new Error(json.error ?? `HTTP ${res.status}`);
  return json as AnalyzeOutput;
}

const button = "rounded border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700";

export function AnalyzeForm() {
  const [text, setText] = useState("");
  const [pieces, setPieces] = useState<Pieces>({});
  const [note, setNote] = useState<{ kind: "status" | "alert"; text: string } | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [reported, setReported] = useState<Record<string, number>>({});
  const analyze = useMutation({ mutationFn: postAnalyze });

  async function loadExample() {
    const res = await fetch("/examples/sample-node.json");
    setText(await res.text());
  }

  /** Places a piece as soon as it arrives; false when it is not one (it then stays in the box). `clear`: the box held only the piece. */
  function placeNow(pasted: string, clear: boolean): boolean {
    const r = placePiece(pasted, pieces);
    if (!r) return false;
    analyze.reset();
    setPieces(r.pieces);
    if (clear) setText("");
    setNote({ kind: "status", text: r.message });
    return true;
  }

  function submit() {
    const r = place(text, pieces);
    analyze.reset();
    if (r.action === "error") return setNote({ kind: "alert", text: r.message });
    if (r.action === "placed") {
      setPieces(r.pieces);
      setText("");
      return setNote({ kind: "status", text: r.message });
    }
    setNote(null);
    setMissing(r.missing);
    setReported(r.reported);
    analyze.mutate(r.body);
  }

  const filled = SLOTS.filter((s) => pieces[s.slot]);
  return (
    <section className="space-y-3" aria-labelledby="analyze-heading">
      <h2 id="analyze-heading" className="text-xl font-medium">
        Analyze a node
      </h2>
      <p className={cn("text-sm", MUTED)}>
        Paste an input document (<code>node</code>, <code>pods</code>, <code>summary</code>, <code>kubeletConfig</code>), or its
        pieces one at a time as kubectl prints them: a Node, a Pod list, a <code>/stats/summary</code> or a <code>/configz</code>.
        Each piece is recognised and put in its slot.
      </p>
      <label htmlFor="analyze-input" className="sr-only">
        Input document or one piece
      </label>
      <textarea
        id="analyze-input"
        className="h-48 w-full rounded border border-zinc-300 bg-zinc-50 p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
        value={text}
        onPaste={(e) => {
          // the pasted text alone: a piece pasted after another must not be read as one with it
          const box = e.currentTarget;
          const whole = box.selectionStart === 0 && box.selectionEnd === box.value.length;
          if (placeNow(e.clipboardData.getData("text"), whole)) e.preventDefault();
        }}
        onChange={(e) => {
          const next = e.target.value;
          // more than a keystroke at once (a drop, a fill, an edit menu's paste): try it as a piece
          if (next.length - text.length > 1 && placeNow(next, true)) return;
          setText(next);
        }}
        spellCheck={false}
      />
      <ul aria-label="Pieces" data-testid="analyze-slots" className="grid grid-cols-[minmax(0,1fr)] gap-1 text-sm sm:grid-cols-2">
        {SLOTS.map((s) => (
          <li
            key={s.slot}
            data-slot={s.slot}
            className="flex min-w-0 items-center gap-2 rounded border border-zinc-200 px-2 py-1 dark:border-zinc-800"
          >
            <span className="font-medium">{s.label}</span>
            <span className={cn("min-w-0 flex-1 truncate text-xs", MUTED)} title={pieces[s.slot]?.what ?? s.hint}>
              {pieces[s.slot]?.what ?? `empty (${s.hint})`}
            </span>
            {pieces[s.slot] && (
              <button
                type="button"
                className="text-xs underline"
                aria-label={`Remove ${s.label}`}
                onClick={() => setPieces(({ [s.slot]: _, ...rest }) => rest)}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="rounded bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50"
          onClick={submit}
          disabled={analyze.isPending || (text.trim() === "" && filled.length === 0)}
        >
          {text.trim() === "" && filled.length ? "Analyze the pieces" : "Analyze"}
        </button>
        <button type="button" className={button} onClick={loadExample}>
          Load example
        </button>
      </div>
      {note && (
        <p
          role={note.kind}
          data-testid={note.kind === "alert" ? "analyze-error" : "analyze-placed"}
          className={cn(
            "rounded border p-2 text-sm",
            note.kind === "alert"
              ? "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
              : "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100",
          )}
        >
          {note.text}
        </p>
      )}
      {analyze.isError && (
        <ErrorNote boxed data-testid="analyze-error">
          {analyze.error.message}
        </ErrorNote>
      )}
      {analyze.data && missing.length > 0 && (
        <p
          role="note"
          data-testid="analyze-partial"
          className="rounded border border-amber-400 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          Partial input, no {missing.join(", ")}:{" "}
          {missing.includes("kubeletConfig") ? "thresholds are the kubelet defaults; " : ""}
          {missing.includes("pods") ? "no eviction order without pods; " : ""}
          {missing.includes("summary") ? "nothing observed without a Summary; " : ""}
          {missing.includes("node") ? "no capacity or allocatable without the Node." : ""}
        </p>
      )}
      {analyze.data && <AnalyzeResult result={analyze.data} reported={reported} />}
    </section>
  );
}
