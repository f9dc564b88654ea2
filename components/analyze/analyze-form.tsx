"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { AnalyzeOutput } from "@/lib/eviction/types";
import { AnalyzeResult } from "./analyze-result";

async function postAnalyze(body: string): Promise<AnalyzeOutput> {
  const res = await fetch("/api/analyze", { method: "POST", body, headers: { "content-type": "application/json" } });
  const json = await res.json();
  if (!res.ok) throw new Error(json.error ?? `HTTP ${res.status}`);
  return json as AnalyzeOutput;
}

export function AnalyzeForm() {
  const [text, setText] = useState("");
  const analyze = useMutation({ mutationFn: postAnalyze });

  async function loadExample() {
    const res = await fetch("/examples/sample-node.json");
    setText(await res.text());
  }

  return (
    <section className="space-y-3" aria-labelledby="analyze-heading">
      <h2 id="analyze-heading" className="text-xl font-medium">
        Analyze a node
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Paste an input document: <code>node</code> (kubectl get node -o json), <code>pods</code>,{" "}
        <code>summary</code> (/stats/summary) and <code>kubeletConfig</code> (/configz).
      </p>
      <label htmlFor="analyze-input" className="sr-only">
        Input document
      </label>
      <textarea
        id="analyze-input"
        className="h-48 w-full rounded border border-zinc-300 bg-zinc-50 p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
      />
      <div className="flex gap-2">
        <button
          type="button"
          className="rounded bg-blue-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-50"
          onClick={() => analyze.mutate(text)}
          disabled={analyze.isPending || text.trim() === ""}
        >
          Analyze
        </button>
        <button type="button" className="rounded border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700" onClick={loadExample}>
          Load example
        </button>
      </div>
      {analyze.isError && (
        <p role="alert" data-testid="analyze-error" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {analyze.error.message}
        </p>
      )}
      {analyze.data && <AnalyzeResult result={analyze.data} />}
    </section>
  );
}
