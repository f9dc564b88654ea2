import type { Locator, Page } from "@playwright/test";

/** The eviction-order tabs on a node page (WAI-ARIA tabs). */
export class RankingTabs {
  readonly list: Locator;
  readonly tabs: Locator;
  readonly panel: Locator;

  constructor(page: Page) {
    this.list = page.getByRole("tablist", { name: "Signal" });
    this.tabs = this.list.getByRole("tab");
    this.panel = page.getByRole("tabpanel");
  }

  selected(): Locator {
    return this.list.locator('[role="tab"][aria-selected="true"]');
  }
}
