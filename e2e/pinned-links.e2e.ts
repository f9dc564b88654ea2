import { expect, test, type Page } from "@playwright/test";

import { CLOCK, FORECAST_STATES } from "./constants";
import { seriousViolations } from "./helpers/axe";
import { screenshot } from "./helpers/screenshot";
import { themeApplied, watchPage } from "./pages/page-health";

// Pinned links (`at=`): "Copy link as of now" gives a link that shows the node as of that moment,
// with the same countdown in a fresh browser opened later, while the live view has moved on; "Go
// live" leaves it; a moment no history reaches says so instead of a blank page.
const LEAKY = "ip-10-0-2-0.ec2.internal";
const SHOTS = "artifacts/screenshots";
const BASE = `http://127.0.0.1:${FORECAST_STATES.softGrace.port}`;
const NODE = `${BASE}/nodes/${LEAKY}`;

const secondsLeft = async (page: Page) =>
  Number((await page.getByTestId("verdict-text").textContent())!.match(/^Evicting in ~(\d+) s/)![1]);

async function shotsAndAxe(page: Page, name: string) {
  for (const width of [1440, 1024, 390]) {
    for (const theme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await themeApplied(page, theme);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, { path: `${SHOTS}/pinned-${name}-${width}-${theme}.png` });
      expect(await seriousViolations(page), `${name} ${width} ${theme}`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a link pinned as of now shows the same countdown in a fresh browser opened later; Go live leaves it", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(420_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE });
  const health = watchPage(page);
  await page.goto(NODE);
  await expect(page.getByTestId("verdict-text")).toHaveText(/^Evicting in ~\d+ s/, { timeout: 30_000 });
  await expect(page.getByTestId("pinned-banner")).toHaveCount(0);
  // by mouse: copy the link as of now
  await page.getByRole("button", { name: /^Copy link as of now/ }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(
    new RegExp(`^${BASE}/nodes/${LEAKY.replaceAll(".", "\\.")}\\?at=\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`),
  );

  await page.goto(link);
  const banner = page.getByTestId("pinned-banner");
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("pinned-at")).toHaveText(new RegExp(`^As of ${CLOCK}$`));
  await expect(page.locator("#verdict-h")).toContainText(/· pinned, as of/);
  // the pinned time is the one in the link, in the reader's clock
  const atText = (await page.getByTestId("pinned-at").textContent())!.replace("As of ", "");
  await expect(page.locator("#verdict-h")).toContainText(atText);
  const pinnedText = (await page.getByTestId("verdict-text").textContent())!;
  expect(pinnedText).toMatch(/^Evicting in ~\d+ s \(when memory\.available's 1m30s soft grace ends\)/);
  const pinnedSeconds = await secondsLeft(page);

  // time passes: the live view (another tab) counts down, the pinned one does not
  const live = await context.newPage();
  await live.goto(NODE);
  await expect.poll(() => secondsLeft(live), { timeout: 30_000 }).toBeLessThan(pinnedSeconds);
  await expect(page.getByTestId("verdict-text")).toHaveText(pinnedText);

  // a colleague's fresh browser, opened now, sees exactly the same countdown
  const other = await browser.newContext();
  const colleague = await other.newPage();
  const colleagueHealth = watchPage(colleague);
  await colleague.goto(link);
  await expect(colleague.getByTestId("pinned-banner")).toBeVisible({ timeout: 30_000 });
  await expect(colleague.getByTestId("verdict-text")).toHaveText(pinnedText);
  await expect(colleague.getByTestId("pinned-at")).toHaveText(`As of ${atText}`);
  await other.close();
  await live.close();

  await shotsAndAxe(page, "as-of");

  // by keyboard: Go live
  await page.getByTestId("go-live").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${NODE}`);
  await expect(banner).toHaveCount(0);
  await expect(page.locator("#verdict-h")).toContainText(/· live, as of/);
  expect(health.errors).toEqual([]);
  expect(colleagueHealth.errors).toEqual([]);
});

test("a moment no history reaches gets a note and the live view, not a blank page", async ({ page }) => {
  test.setTimeout(420_000);
  const health = watchPage(page);
  await page.goto(`${NODE}?at=2020-01-01T00:00:00Z`);
  const note = page.getByTestId("pinned-outside");
  await expect(note).toBeVisible({ timeout: 30_000 });
  await expect(note).toContainText(
    /^No history of this node as of .+: Headroom's in-memory history of this node starts at .+, and history is read at most 7d back\. Showing the live view\. Go live$/,
  );
  await expect(page.getByTestId("verdict-text")).toHaveText(/^Evicting in ~\d+ s/);
  await expect(page.locator("#verdict-h")).toContainText(/· live, as of/);
  await shotsAndAxe(page, "outside");

  await page.goto(`${NODE}?at=2999-01-01T00:00:00Z`);
  await expect(note).toContainText(/is after the newest data on this node .+ Showing the live view\./, { timeout: 30_000 });
  // a bad value is named, as every URL parameter is
  await page.goto(`${NODE}?at=yesterday`);
  await expect(page.getByText(/at.*must be an RFC 3339 time/)).toBeVisible({ timeout: 30_000 });
  // by mouse: Go live
  await page.goto(`${NODE}?at=2020-01-01T00:00:00Z`);
  await page.getByTestId("go-live").click();
  await expect(page).toHaveURL(NODE);
  await expect(note).toHaveCount(0);
  expect(health.errors).toEqual([]);
});
