import { expect, type Page } from "@playwright/test";

import { AnalyzePage } from "./analyze-page";
import { FleetPage } from "./fleet-page";
import { LoginPage } from "./login-page";
import { NodePage } from "./node-page";

const E2E_NODE = "ip-10-0-2-0.ec2.internal";

/** Every page a person sees, each opened to a state worth looking at (the analyze page with a result). */
export const ALL_PAGES: ReadonlyArray<readonly [string, (page: Page) => Promise<void>]> = [
  ["fleet", (page) => new FleetPage(page).goto()],
  [
    "node",
    async (page) => {
      await new NodePage(page).goto(E2E_NODE);
      await expect(page.getByTestId("ranking-table")).toBeVisible();
    },
  ],
  [
    "analyze",
    async (page) => {
      const analyze = new AnalyzePage(page);
      await analyze.goto();
      await analyze.loadExample();
      await analyze.submit();
      await expect(analyze.result).toBeVisible();
    },
  ],
  [
    "terminations",
    async (page) => {
      await page.goto("/terminations");
      await expect(page.getByTestId("terminations-summary")).toBeVisible();
    },
  ],
  ["login", (page) => new LoginPage(page).goto()],
];
