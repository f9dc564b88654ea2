import { expect, type Locator, type Page } from "@playwright/test";

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

  /** Opens the what-if side panel unless the link already did. */
  async openWhatIf() {
    const panel = this.page.locator("#what-if-panel");
    const toggle = this.page.getByRole("button", { name: /^What if…/ });
    await expect(toggle).toBeVisible({ timeout: 30_000 });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(panel).toBeVisible();
  }

  async setHard(signal: string, value: string) {
    await this.openWhatIf();
    await this.page.getByLabel(`hard ${signal}`, { exact: true }).fill(value);
  }
}
