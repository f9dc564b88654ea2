import { expect, type Locator, type Page } from "@playwright/test";

/** The node page's what-if panel: its toggle, its fields (slider + text box) and its results. */
export class WhatIfPanel {
  readonly panel: Locator;
  readonly toggle: Locator;
  readonly verdict: Locator;
  readonly scope: Locator;

  constructor(private readonly page: Page) {
    this.panel = page.locator("#what-if-panel");
    this.toggle = page.getByRole("button", { name: /^What if…/ });
    this.verdict = page.getByTestId("what-if-verdict");
    this.scope = page.getByTestId("fleet-impact");
  }

  async open() {
    // the page (and the link's own open/closed state) must be there before deciding to click
    await expect(this.toggle).toBeVisible({ timeout: 30_000 });
    if ((await this.toggle.getAttribute("aria-expanded")) !== "true") await this.toggle.click();
    await expect(this.panel).toBeVisible();
  }

  slider(label: string): Locator {
    return this.page.getByRole("slider", { name: label, exact: true });
  }

  box(label: string): Locator {
    return this.page.getByRole("textbox", { name: label, exact: true });
  }

  field(boxLabel: string): Locator {
    return this.page.getByTestId(`field-${boxLabel}`);
  }

  /** Clicks the slider's track at `fraction` of its width (0 = left end). */
  async clickTrack(label: string, fraction: number) {
    const box = (await this.slider(label).boundingBox())!;
    await this.page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
  }

  /** Drags the thumb from one fraction of the track to another. */
  async drag(label: string, from: number, to: number) {
    const box = (await this.slider(label).boundingBox())!;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + box.width * from, y);
    await this.page.mouse.down();
    for (let i = 1; i <= 5; i++) await this.page.mouse.move(box.x + box.width * (from + ((to - from) * i) / 5), y);
    await this.page.mouse.up();
  }

  async press(label: string, key: string, times = 1) {
    const s = this.slider(label);
    await s.focus();
    for (let i = 0; i < times; i++) await s.press(key);
  }
}
