import { QueryClient, isServer } from "@tanstack/react-query";

function makeQueryClient() {
  // A non-zero staleTime stops the client refetching right after hydrating server-prefetched data.
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
