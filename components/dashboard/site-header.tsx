"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useTheme } from "@/components/ui/theme";
import { clusterOptions } from "@/lib/queries";
import { cn } from "@/lib/format";

const LINKS = [
  { href: "/", label: "Fleet" },
  { href: "/analyze", label: "Analyze a document" },
];

export interface SiteHeaderProps {
  /** Token mode: show a sign-out button (the session cookie is HttpOnly, so only the server can drop it). */
  signOut?: boolean;
}

/** The navigation bar; embeds (?embed=1) and the sign-in page render without it. */
export function SiteHeader({ signOut = false }: SiteHeaderProps) {
  const embed = useSearchParams().get("embed") === "1";
  const pathname = usePathname();
  const { theme, toggle } = useTheme();
  // Polled only where the fleet table shows it: elsewhere (a node page with a what-if slider) parsing
  // the 5 000-node document every 10 s is a main-thread task of hundreds of ms for three badges.
  const cluster = useQuery({ ...clusterOptions(), refetchInterval: pathname === "/" ? 10_000 : false, enabled: !embed && pathname !== "/analyze" && pathname !== "/login" });
  if (embed || pathname === "/login") return null;
  const info = cluster.data?.cluster;
  return (
    <header className="border-b border-zinc-200 dark:border-zinc-800">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-2">
        <Link href="/" className="text-lg font-semibold tracking-tight">
          Headroom
        </Link>
        {LINKS.map((l) => (
          <Link
            key={l.href}
            href={l.href}
            aria-current={pathname === l.href ? "page" : undefined}
            className={cn("text-sm hover:underline", pathname === l.href ? "font-semibold" : "text-zinc-600 dark:text-zinc-400")}
          >
            {l.label}
          </Link>
        ))}
        <div className="ml-auto flex items-center gap-3 text-sm">
          {info?.demo && (
            <span data-testid="demo-notice" className="rounded bg-amber-100 px-2 py-0.5 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200" title="No cluster is configured: Headroom runs against its built-in simulated cluster.">
              Demo cluster (simulated)
            </span>
          )}
          {info?.collectionMode === "proxy" && (
            <span className="rounded bg-red-100 px-2 py-0.5 text-red-900 dark:bg-red-900/40 dark:text-red-200" title="Proxy mode reads kubelets through nodes/proxy, a permission that also allows exec into pods. Prefer direct mode with nodes/stats and nodes/configz.">
              nodes/proxy in use
            </span>
          )}
          {info && <span className="text-zinc-500" title="kubeconfig context">{info.context}</span>}
          <button type="button" onClick={toggle} className="rounded border border-zinc-300 px-2 py-0.5 dark:border-zinc-700" aria-label={`Switch to ${theme === "dark" ? "light" : "dark"} theme`}>
            {theme === "dark" ? "Light" : "Dark"}
          </button>
          {signOut && (
            <form method="post" action="/api/logout">
              <button type="submit" className="rounded border border-zinc-300 px-2 py-0.5 dark:border-zinc-700">
                Sign out
              </button>
            </form>
          )}
        </div>
      </nav>
    </header>
  );
}
