import { isServer, QueryClient } from "@tanstack/react-query";

function makeQueryClient() {
  // The cluster and node documents poll every 10 s (the others less often, lib/client/queries.ts); a 10 s
  // staleTime lets a component that mounts later (or a tab regaining focus) reuse the cached
  // document instead of fetching it again.
  return new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } });
}

let browserQueryClient: QueryClient | undefined;

/** Returns a fresh client per server request and one shared client in the browser. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  // The browser keeps one client so a React suspense during first render does not drop the cache.
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
