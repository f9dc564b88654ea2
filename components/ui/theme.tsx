"use client";

import { useSearchParams } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";

import { themeParam } from "@/lib/client/url-state";

type Theme = "light" | "dark";
const STORAGE_KEY = "headroom-theme";
const ThemeContext = createContext<{ theme: Theme; toggle: () => void }>({ theme: "light", toggle: () => {} });

const DARK_QUERY = "(prefers-color-scheme: dark)";
const systemTheme = (): Theme => (window.matchMedia(DARK_QUERY).matches ? "dark" : "light");
function subscribeSystem(onChange: () => void): () => void {
  const mq = window.matchMedia(DARK_QUERY);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}

// The toggle's choice lives in localStorage; "storage" events only reach other tabs, so this tab's
// own writes notify these listeners.
const choiceListeners = new Set<() => void>();
function storedChoice(): Theme | null {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  return stored === "light" || stored === "dark" ? stored : null;
}
function subscribeChoice(onChange: () => void): () => void {
  choiceListeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    choiceListeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** Applies the theme: ?theme= (embeds) wins, then the user's toggle, then the system preference. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const forced = themeParam(useSearchParams().get("theme"));
  // The server renders the light theme; the browser's values replace it once hydrated.
  const chosen = useSyncExternalStore(subscribeChoice, storedChoice, () => null);
  const system = useSyncExternalStore(subscribeSystem, systemTheme, (): Theme => "light");

  const theme: Theme = forced ?? chosen ?? system;
  useEffect(() => {
    document.documentElement.classList.toggle("dark", theme === "dark");
    document.documentElement.style.colorScheme = theme;
  }, [theme]);

  const toggle = useCallback(() => {
    const next = theme === "dark" ? "light" : "dark";
    window.localStorage.setItem(STORAGE_KEY, next);
    for (const l of choiceListeners) l();
  }, [theme]);

  return <ThemeContext.Provider value={{ theme, toggle }}>{children}</ThemeContext.Provider>;
}

/** Returns the active theme and a toggle. */
export function useTheme() {
  return useContext(ThemeContext);
}
