// Shown while a page's server part streams in (a cold cache, a slow API server), so a click always
// answers at once.
export default function Loading() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <p role="status" className="text-zinc-600 dark:text-zinc-400">
        Loading…
      </p>
    </main>
  );
}
