import { expect, type Locator, type Page } from "@playwright/test";

/** The fleet terminations page at `/terminations`. */
export class TerminationsPage {
  readonly summary: Locator;

  constructor(private readonly page: Page) {
    this.summary = page.getByTestId("terminations-summary");
  }

  async goto(base = "") {
    await this.page.goto(`${base}/terminations`);
    await expect(this.summary).toBeVisible({ timeout: 30_000 });
  }

  /** A workload's card by "Kind/name" ("Node/<name>" for a node's system OOMs, ranked apart). */
  workload(kindName: string): Locator {
    return this.page.locator(`[data-workload="${kindName}"]`);
  }

  /** The search box and the filters, by their labels. */
  get search(): Locator {
    return this.page.getByRole("search", { name: "Terminations" }).getByRole("searchbox");
  }

  filter(label: "Namespace" | "Workload" | "Node" | "Cause" | "When"): Locator {
    return this.page.getByRole("search", { name: "Terminations" }).getByLabel(label);
  }

  /** The verdicts of a workload's terminations of one cause (the card's details must be open). */
  verdicts(card: Locator, cause: string): Locator {
    return card.locator(`tr[data-cause="${cause}"] [data-testid="termination-verdict"]`);
  }
}
