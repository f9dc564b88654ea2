import { expect, type Locator, type Page } from "@playwright/test";

/** The landing page: paste or load an input document and analyze it. */
export class AnalyzePage {
  readonly heading: Locator;
  readonly input: Locator;
  readonly result: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Analyze a node document" });
    this.input = page.getByLabel("Input document");
    this.result = page.getByTestId("analyze-result");
    this.error = page.getByTestId("analyze-error");
  }

  async goto() {
    await this.page.goto("/analyze");
    await expect(this.heading).toBeVisible();
  }

  async loadExample() {
    await this.page.getByRole("button", { name: "Load example" }).click();
    await expect(this.input).not.toHaveValue("");
  }

  async submit() {
    await this.page.getByRole("button", { name: "Analyze" }).click();
  }
}
