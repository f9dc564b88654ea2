import { ErrorNote } from "@/components/ui/error-note";
import { safeNext } from "@/lib/auth/gate";

export const metadata = { title: "Sign in · Headroom" };

// A plain form POST (no client JavaScript), so signing in works under the strict CSP and before
// any bundle loads.
export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const next = safeNext(typeof sp.next === "string" ? sp.next : null);
  return (
    <main className="mx-auto max-w-sm space-y-4 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Headroom shows cluster data. Enter the access token your operator configured.
      </p>
      {sp.error && <ErrorNote boxed>That token is not valid.</ErrorNote>}
      <form method="post" action="/api/login" className="space-y-3">
        <input type="hidden" name="next" value={next} />
        <label className="block text-sm font-medium">
          Access token
          <input
            name="token"
            type="password"
            required
            autoComplete="current-password"
            className="mt-1 block w-full rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        <button type="submit" className="rounded bg-sky-700 px-3 py-1.5 text-white hover:bg-sky-800">
          Sign in
        </button>
      </form>
    </main>
  );
}
