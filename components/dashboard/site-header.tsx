"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";

import { useTheme } from "@/components/ui/theme";
import { useHydrated } from "@/components/ui/use-hydrated";
import { clusterInfoOptions, clusterOptions, wantsLabels } from "@/lib/client/cluster-query";
import { embedParam } from "@/lib/client/url-state";
import { cn } from "@/lib/format";

const LINKS = [
  { href: "/", label: "Fleet" },
  { href: "/terminations", label: "Terminations" },
  { href: "/findings", label: "Findings" },
  { href: "/analyze", label: "Analyze a document" },
  // every cluster in a shared Prometheus (the page says how to set one up when there is none)
  { href: "/clusters", label: "Clusters" },
];

const button = "rounded border border-zinc-300 px-2 py-0.5 dark:border-zinc-700";

export interface SiteHeaderProps {
  /** Token mode: show a sign-out button (the session cookie is HttpOnly, so only the server can drop it). */
  signOut?: boolean;
}

/**
 * The navigation bar; embeds (?embed=1) and the sign-in page render without it. On a phone the
 * links, badges and sign-out fold into a "Menu" disclosure; the theme toggle stays in the bar.
 */
export function SiteHeader({ signOut = false }: SiteHeaderProps) {
  const params = useSearchParams();
  const embed = embedParam(params.get("embed"));
  const pathname = usePathname();
  const { theme, toggle } = useTheme();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  // The fleet page shares its polled fleet document; elsewhere (a node page with a what-if slider)
  // the header reads the document without its rows: parsing 5 000 rows is a main-thread task of
  // hundreds of ms for three badges.
  const shown = !embed && pathname !== "/analyze" && pathname !== "/login";
  const fleet = useQuery({ ...clusterOptions(wantsLabels(params.get("label"))), enabled: shown && pathname === "/" });
  const envelope = useQuery({ ...clusterInfoOptions(), enabled: shown && pathname !== "/" });
  if (embed || pathname === "/login") return null;
  const info = hydrated ? (pathname === "/" ? fleet : envelope).data?.cluster : undefined;
  return (
    <header className="border-b border-zinc-200 dark:border-zinc-800">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Link href="/" prefetch={false} className="text-lg font-semibold tracking-tight">
          Headroom
        </Link>
        <div
          id="site-menu"
          data-testid="site-menu"
          className={cn(
            "order-last w-full flex-col gap-2 text-sm sm:order-none sm:flex sm:w-auto sm:flex-1 sm:flex-row sm:items-center sm:gap-4",
            open ? "flex" : "hidden",
          )}
        >
          {LINKS.map((l) => (
            <Link
              key={l.href}
              href={l.href}
              // Pages render per request (CSP nonce): a prefetch on every page load would render
              // each of these pages on the server for a click that mostly never comes.
              prefetch={false}
              aria-current={pathname === l.href ? "page" : undefined}
              className={cn("hover:underline", pathname === l.href ? "font-semibold" : "text-zinc-700 dark:text-zinc-300")}
            >
              {l.label}
            </Link>
          ))}
          <div className="flex flex-wrap items-center gap-3 sm:ml-auto">
            {info?.demo && (
              <span
                data-testid="demo-notice"
                className="rounded bg-amber-100 px-2 py-0.5 text-amber-950 dark:bg-amber-900/40 dark:text-amber-100"
                title="No cluster is configured: Headroom reads its built-in simulated cluster (real Kubernetes API and kubelet endpoints on loopback; pressure and evictions come and go on a loop)."
              >
                Demo: simulated cluster
              </span>
            )}
            {/* On the simulated cluster the proxy path is the simulator's own, not a permission to worry about. */}
            {info?.collectionMode === "proxy" && !info.demo && (
              <span
                className="rounded bg-red-100 px-2 py-0.5 text-red-900 dark:bg-red-900/40 dark:text-red-100"
                title="Proxy mode reads kubelets through nodes/proxy, a permission that also allows exec into pods. Prefer direct mode with nodes/stats and nodes/configz."
              >
                nodes/proxy in use
              </span>
            )}
            {info && (
              <span className="break-all text-zinc-600 dark:text-zinc-400" title="kubeconfig context">
                {info.context}
              </span>
            )}
            {signOut && (
              <form method="post" action="/api/logout">
                <button type="submit" className={button}>
                  Sign out
                </button>
              </form>
            )}
          </div>
        </div>
        <div className="ml-auto flex items-center gap-2 text-sm sm:ml-0">
          <button
            type="button"
            onClick={toggle}
            className={button}
            aria-label={`Switch to ${theme === "dark" ? "light" : "dark"} theme`}
          >
            {theme === "dark" ? "Light" : "Dark"}
          </button>
          <button
            type="button"
            className={cn(button, "sm:hidden")}
            aria-expanded={open}
            aria-controls="site-menu"
            onClick={() => setOpen((o) => !o)}
          >
            Menu
          </button>
        </div>
      </nav>
    </header>
  );
}
