"use client";

import Link from "next/link";

import { ErrorNote } from "@/components/ui/error-note";

// A page that throws while rendering (a document the page did not expect, a bug) shows this instead of
// a blank screen: what happened in words, and a way to try again without losing the URL's view.
// The message is the error's own; server errors reach the browser only as Next's digest, never a stack.
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="mx-auto max-w-xl space-y-3 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">This page could not be shown</h1>
      <ErrorNote boxed>
        {error.digest
          ? `The server could not render it (reference ${error.digest}).`
          : error.message || "It failed while rendering."}
      </ErrorNote>
      <p className="flex gap-4">
        <button type="button" onClick={reset} className="text-blue-700 underline dark:text-blue-300">
          Try again
        </button>
        <Link href="/" className="text-blue-700 underline dark:text-blue-300">
          Back to the fleet
        </Link>
      </p>
    </main>
  );
}
