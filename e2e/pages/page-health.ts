import { expect, type Page } from "@playwright/test";

/** Collects what a person would call a broken page: uncaught errors, console errors, CSP violations. */
export function watchPage(page: Page, opts: { expectedStatus?: number } = {}) {
  const errors: string[] = [];
  const csp: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    const text = m.text();
    if (/Content Security Policy|Refused to (execute|load|apply|evaluate)/i.test(text)) csp.push(text);
    if (m.type() !== "error") return;
    // The browser logs the document's own status (a 404 page is a 404); that is the page working.
    if (opts.expectedStatus && text.includes(`status of ${opts.expectedStatus}`)) return;
    errors.push(`console: ${text}`);
  });
  return { errors, csp };
}

/** The theme a page is shown in: the system preference, as a person's browser would set it. */
export async function useTheme(page: Page, theme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: theme });
}

/** Waits until the page shows `theme`: it is applied once the page has hydrated (components/ui/theme.tsx). */
export async function themeApplied(page: Page, theme: "light" | "dark") {
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
}
