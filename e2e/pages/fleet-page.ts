import { expect, type Locator, type Page } from "@playwright/test";

/** The fleet overview at `/`. */
export class FleetPage {
  readonly rows: Locator;
  readonly search: Locator;

  constructor(private readonly page: Page) {
    this.rows = page.getByTestId("node-row");
    this.search = page.getByRole("searchbox");
  }

  async goto(query = "") {
    await this.page.goto(`/${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Fleet" })).toBeVisible();
    await expect(this.rows.first()).toBeVisible({ timeout: 30_000 });
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }
}
