import { type Locator, type Page, expect } from "@playwright/test";

/** The node page at `/nodes/[name]`. */
export class NodePage {
  readonly rankingPods: Locator;
  readonly diff: Locator;

  constructor(private readonly page: Page) {
    this.rankingPods = page.getByTestId("ranking-pod");
    this.diff = page.getByTestId("what-if-diff");
  }

  async goto(name: string, query = "") {
    await this.page.goto(`/nodes/${encodeURIComponent(name)}${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 30_000 });
  }

  signal(name: string): Locator {
    return this.page.getByTestId(`signal-${name}`);
  }

  threshold(signal: string, kind: "hard" | "soft"): Locator {
    return this.page.getByTestId(`threshold-${signal}-${kind}`);
  }

  allocatable(resource: string): Locator {
    return this.page.getByTestId(`allocatable-${resource}`);
  }

  async rankingNames(): Promise<string[]> {
    return this.rankingPods.allTextContents();
  }

  async setHard(signal: string, value: string) {
    await this.page.getByLabel(`hard ${signal}`, { exact: true }).fill(value);
  }
}
