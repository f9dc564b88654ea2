import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/dashboard/site-header";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: "Headroom",
  description: "What the kubelet is about to evict, and why.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // the theme class is set on the client (system preference or toggle), so the server's html differs
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <Providers>
          <SiteHeader />
          {children}
        </Providers>
      </body>
    </html>
  );
}
