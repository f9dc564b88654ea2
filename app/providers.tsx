"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense, type ReactNode } from "react";

import { ThemeProvider } from "@/components/ui/theme";
import { getQueryClient } from "@/lib/client/query-client";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      {/* useSearchParams needs a Suspense boundary in statically rendered pages, or the build fails */}
      <Suspense>
        <ThemeProvider>{children}</ThemeProvider>
      </Suspense>
    </QueryClientProvider>
  );
}
