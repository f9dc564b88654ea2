"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while React hydrates the server's HTML (and on the server), true from the render after.
 * Data that may already sit in the browser's query cache when a component hydrates (the fleet
 * document is preloaded with the HTML, and the header's query can resolve before the page's
 * Suspense boundary hydrates) must not change that component's first render: React would throw
 * away the server's tree (#418). Render what the server rendered until this turns true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
