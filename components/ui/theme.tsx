"use client";

import { useSearchParams } from "next/navigation";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { themeParam } from "@/lib/url-state";

type Theme = "light" | "dark";
const STORAGE_KEY = "headroom-theme";
const ThemeContext = createContext<{ theme: Theme; toggle: () => void }>({ theme: "light", toggle: () => {} });

function systemTheme(): Theme {
  return typeof window !== "undefined" && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Applies the theme: ?theme= (embeds) wins, then the user's toggle, then the system preference. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const forced = themeParam(useSearchParams().get("theme"));
  const [chosen, setChosen] = useState<Theme | null>(null);
  const [system, setSystem] = useState<Theme>("light");

  useEffect(() => {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored === "light" || stored === "dark") setChosen(stored);
    setSystem(systemTheme());
    const mq = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => setSystem(systemTheme());
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);

  const theme: Theme = forced ?? chosen ?? system;
  useEffect(() => {
    document.documentElement.classList.toggle("dark", theme === "dark");
    document.documentElement.style.colorScheme = theme;
  }, [theme]);

  const toggle = useCallback(() => {
    const next = theme === "dark" ? "light" : "dark";
    window.localStorage.setItem(STORAGE_KEY, next);
    setChosen(next);
  }, [theme]);

  return <ThemeContext.Provider value={{ theme, toggle }}>{children}</ThemeContext.Provider>;
}

/** Returns the active theme and a toggle. */
export function useTheme() {
  return useContext(ThemeContext);
}
