import { expect, type Page } from "@playwright/test";

import { TOKEN_PORT } from "../constants";

/** The sign-in page of the token-mode server. */
export class LoginPage {
  static readonly url = `http://127.0.0.1:${TOKEN_PORT}/login`;

  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto(LoginPage.url);
    await expect(this.page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  }
}
