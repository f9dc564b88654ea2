import Link from "next/link";

export const metadata = { title: "Not found · Headroom" };

// Our own 404: Next's built-in one carries an inline <style> element, which the CSP (nonce
// scripts, no inline styles) refuses, so every 404 logged a violation.
export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl space-y-3 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-zinc-600 dark:text-zinc-400">There is no page at this address.</p>
      <p>
        <Link href="/" className="text-blue-700 underline dark:text-blue-300">
          Back to the fleet
        </Link>
      </p>
    </main>
  );
}
