import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";

import { SiteHeader } from "@/components/dashboard/site-header";

import { Providers } from "./providers";

import "./globals.css";

export const metadata: Metadata = {
  title: "Headroom",
  description: "What the kubelet is about to evict, and why.",
};

// Reading the request headers renders every page per request, which the CSP nonce needs (a
// prerendered page would carry scripts without this response's nonce and be blocked).
export default async function RootLayout({ children }: { children: ReactNode }) {
  const mode = (await headers()).get("x-headroom-auth-mode");
  return (
    // the theme class is set on the client (system preference or toggle), so the server's html differs
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <a
          href="#content"
          className="sr-only rounded bg-sky-800 px-3 py-2 text-white focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
        >
          Skip to content
        </a>
        <Providers>
          <SiteHeader signOut={mode === "token"} />
          <div id="content" tabIndex={-1} className="outline-none">
            {children}
          </div>
        </Providers>
      </body>
    </html>
  );
}
