// axe-core for the browser tests: the same rules and results, at about half the time.
//
// AxeBuilder's default path (runPartial) runs the rules in the page, then opens a blank page,
// injects axe-core's 600 kB there a second time and merges the results in it (finishRun); that
// merge exists for cross-origin iframes. A page without iframes gets the same violations, passes
// and incomplete checks from one axe.run in the page itself (legacy mode), measured on the demo's
// node page: 10.2 s against 5.7 s on a loaded 2-core machine, identical results (CI time:
// docs/development.md). A page with any iframe (the portal of e2e/embed-panels.e2e.ts) keeps the
// default path, which follows the frame across origins.
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** An AxeBuilder for `page`, with `.include()`, `.analyze()` and the rest as usual. */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}
