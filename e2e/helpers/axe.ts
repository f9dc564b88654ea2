// axe-core for the browser tests: the same rules and results, at about half the time.
//
// AxeBuilder's default path (runPartial) runs the rules in the page, then opens a blank page,
// injects axe-core's 600 kB there a second time and merges the results in it (finishRun); that
// merge exists for cross-origin iframes. A page without iframes gets the same violations, passes
// and incomplete checks from one axe.run in the page itself (legacy mode), measured on the demo's
// node page: 10.2 s against 5.7 s on a loaded 2-core machine, identical results (CI time:
// docs/ci-time.md). A page with any iframe (the portal of e2e/embed-panels.e2e.ts) keeps the
// default path, which follows the frame across origins.
import { createRequire } from "node:module";
import { AxeBuilder } from "@axe-core/playwright";
import type { Frame, Page } from "@playwright/test";

// The axe-core that @axe-core/playwright itself injects (its own dependency, not ours).
const AXE_SOURCE: string = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core").source;

/** The two members of AxeBuilder this file replaces or calls (private in its types, plain methods at run time). */
interface AxeBuilderInternals {
  inject(frames: Frame[], shouldThrow?: boolean): Promise<void>;
  axeConfigure(): Promise<string>;
}

/**
 * AxeBuilder's `inject`, without its timer and without a second copy.
 *
 * - AxeBuilder races each frame's evaluate of axe-core's 600 kB against 1 s, and on the default
 *   path `runPartialRecursive` swallows the timeout: a frame that takes longer (a loaded CI
 *   machine, load 12) is left out of the results without a word. That was embed-panels.e2e.ts's
 *   flaky "axe went into the tile" check. Here a frame gets as long as it needs.
 * - It sends the source again on every run, and legacy mode after the page already has it:
 *   0.2–0.3 s each on a quiet machine. Here a frame that has axe-core keeps it; axe.run starts from
 *   a clean state each time.
 */
async function injectWithoutTimer(this: AxeBuilderInternals, frames: Frame[], shouldThrow?: boolean): Promise<void> {
  for (const frame of frames) {
    try {
      if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE_SOURCE);
      await frame.evaluate(await this.axeConfigure());
    } catch (err) {
      if (shouldThrow) throw err;
    }
  }
}

/**
 * An AxeBuilder for `page`, with `.include()`, `.analyze()` and the rest as usual.
 *
 * Every rule runs and every violation lists all its elements, but passes and incomplete checks
 * keep one element each (axe's `resultTypes`): the tests read violations only, and building the
 * full lists for the node page's 2 000 elements was half of each run (axe 2.5–3.2 s against
 * 1.1–1.4 s on a quiet machine, the same violations). `{ passes: true }` keeps them whole.
 */
export function axe(page: Page, { passes = false }: { passes?: boolean } = {}): AxeBuilder {
  const builder = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
  (builder as unknown as AxeBuilderInternals).inject = injectWithoutTimer;
  return passes ? builder : builder.options({ resultTypes: ["violations"] });
}

/** What AxeBuilder.analyze() lists as violations (axe-core is its dependency, not ours). */
type Violations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

/** The serious and critical violations among `violations`, each with its first elements. */
export function serious(violations: Violations): string[] {
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

/** The serious and critical violations on `page` (or inside `within`), each with its first elements. */
export async function seriousViolations(page: Page, within: string[] = []): Promise<string[]> {
  const builder = axe(page);
  for (const selector of within) builder.include(selector);
  return serious((await builder.analyze()).violations);
}
