import { expect, test, type Page } from "@playwright/test";

import { CLOCK, FORECAST_STATES } from "./constants";
import { drawEveryChart } from "./helpers/charts";
import { screenshot } from "./helpers/screenshot";
import { FleetPage } from "./pages/fleet-page";
import { NodePage } from "./pages/node-page";

// The memory-pressure scenario frozen at three moments (playwright.config.ts; the times come from
// lib/forecast/forecast.sim.test.ts): the soft threshold met within its grace, the hard threshold
// met before the kubelet's next cycle, and MemoryPressure held by the transition period after
// the eviction. What a person reads is asserted: the verdict, the countdown, the panels, the fleet.
const LEAKY = "ip-10-0-2-0.ec2.internal";
const CALM = "ip-10-0-2-1.ec2.internal";
const SHOTS = "artifacts/screenshots";
const at = (port: number) => `http://127.0.0.1:${port}`;

/** Fails the test on any page error or console error. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  return errors;
}

async function shots(page: Page, name: string) {
  for (const width of [1440, 1024, 390]) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, { path: `${SHOTS}/forecast-${name}-${width}-${scheme}.png`, fullPage: width === 1440 });
      const signals = page.locator('section[aria-labelledby="signals-h"]');
      if (width !== 1440 && (await signals.count()) > 0)
        await screenshot(signals, { path: `${SHOTS}/forecast-${name}-signals-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });
}

const secondsLeft = async (page: Page) =>
  Number((await page.getByTestId("verdict-text").textContent())!.match(/^Evicting in ~(\d+) s/)![1]);

test("soft threshold met within its grace: the verdict counts down to the kubelet's action and names the next pod", async ({
  page,
}) => {
  // six screenshots of a node page that now also charts PSI, after a 5 s countdown poll
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto(`${at(FORECAST_STATES.softGrace.port)}/nodes/${LEAKY}`);
  const verdict = page.getByTestId("verdict-text");
  await expect(verdict).toHaveText(
    new RegExp(
      `^Evicting in ~\\d+ s \\(when memory\\.available's 1m30s soft grace ends\\): default/report-worker-\\S+ \\(Burstable, [\\d.]+Gi over its request\\) frees [\\d.]+Gi; MemoryPressure clears at ${CLOCK} unless a threshold is met again\\.$`,
    ),
    { timeout: 30_000 },
  );
  await expect(page.getByTestId("live-verdict")).toHaveAttribute("data-state", "evicting");
  // soft met at 250 s, grace 90 s, the page shows 270 s: about 70 s to go, and the countdown ticks
  const first = await secondsLeft(page);
  expect(first).toBeGreaterThan(55);
  expect(first).toBeLessThanOrEqual(70);
  await expect.poll(() => secondsLeft(page), { timeout: 5000 }).toBeLessThan(first);
  const mem = new NodePage(page).signal("memory.available");
  // this server fast-forwarded to 270 s at once: one sample, no rate, and the panel says why
  await expect(mem.getByTestId("forecast-reach")).toHaveText("At the recent rate: soft: met · hard: no trend yet");
  await expect(mem.getByTestId("forecast-margin")).toHaveText(
    /^Below the soft threshold by [\d.]+Mi \([\d.]+% of capacity\); no trend yet \(too few samples: \d of the 5 samples a rate needs\)\.$/,
  );
  await expect(mem.getByTestId("forecast-grace")).toContainText(
    new RegExp(`^Soft met since ${CLOCK} \\(\\d+ s of 1m30s grace\\); the kubelet acts at ${CLOCK}, in ~\\d+ s\\.`),
  );
  // the next pod out is said once per resource, above the cards, not on each memory and disk card
  await expect(mem.getByTestId("forecast-next-pod")).toHaveCount(0);
  await expect(page.getByTestId("next-pod-memory")).toHaveText(
    /^default\/report-worker-\S+ \(Burstable, [\d.]+Gi over its request\); frees [\d.]+Gi, enough to clear the threshold plus its minimum reclaim \(memory\.available, threshold met\)$/,
  );
  await expect(new NodePage(page).threshold("memory.available", "soft").getByTestId("state")).toHaveText(
    new RegExp(`^met: grace ends ${CLOCK}$`),
  );
  await expect(new NodePage(page).threshold("memory.available", "hard").getByTestId("state")).toHaveText("ok");
  await shots(page, "soft-grace");
  expect(errors).toEqual([]);
});

test("hard threshold met: evicting on the kubelet's next cycle", async ({ page }) => {
  // six screenshots: more than the default 30 s on a loaded machine
  test.setTimeout(60_000);
  const errors = watchErrors(page);
  await page.goto(`${at(FORECAST_STATES.hardMet.port)}/nodes/${LEAKY}`);
  await expect(page.getByTestId("verdict-text")).toHaveText(
    /^Evicting now \(memory\.available is below its hard threshold; the kubelet acts within its 10 s cycle\): default\/report-worker-\S+ \(Burstable, [\d.]+Gi over its request\) frees [\d.]+Gi; MemoryPressure clears at \d\d:\d\d:\d\d unless a threshold is met again\.$/,
    { timeout: 30_000 },
  );
  const node = new NodePage(page);
  await expect(node.signal("memory.available").getByTestId("forecast-hard")).toHaveText(
    "Hard threshold met: the kubelet evicts on its next 10 s cycle, with a 1 s grace for the pod.",
  );
  await expect(node.threshold("memory.available", "hard").getByTestId("state")).toHaveText("met: evicting on the next cycle");
  await shots(page, "hard-met");
  expect(errors).toEqual([]);
});

test("MemoryPressure with every threshold ok: the page says the transition period holds it, and until when", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const errors = watchErrors(page);
  const doc = await (await request.get(`${at(FORECAST_STATES.held.port)}/api/nodes/${LEAKY}`)).json();
  const evicted = Date.parse(doc.evictions.find((e: { kind: string }) => e.kind === "node-pressure").time);
  await page.goto(`${at(FORECAST_STATES.held.port)}/nodes/${LEAKY}`);
  const clock = (ms: number) =>
    page.evaluate(
      (t) => new Date(t).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false }),
      ms,
    );
  const clears = await clock(evicted + 300_000);
  await expect(page.getByTestId("verdict-text")).toHaveText(
    `MemoryPressure held until ${clears} by the 5m0s transition period; no threshold is met now.`,
    { timeout: 30_000 },
  );
  await expect(page.getByTestId("pressure-badge")).toHaveText("MemoryPressure");
  const node = new NodePage(page);
  for (const kind of ["hard", "soft"] as const)
    await expect(node.threshold("memory.available", kind).getByTestId("state")).toHaveText("ok");
  await expect(page.getByTestId("hold-note")).toHaveText(
    `Why MemoryPressure while every threshold is ok: The kubelet keeps reporting MemoryPressure for evictionPressureTransitionPeriod (5m0s) after a threshold was last met: at ${await clock(evicted)} (the kubelet's last eviction for it). It clears at ${clears} unless a threshold is met again.`,
  );
  await expect(node.signal("memory.available").getByTestId("panel-hold")).toHaveText(
    `Every threshold is ok, yet MemoryPressure held until ${clears} by the 5m0s transition period; no threshold is met now.`,
  );
  // charts: a name and a text alternative, and no focus stop without one
  await expect(
    node.signal("memory.available").getByRole("img", { name: "Chart of memory.available available over time" }),
  ).toBeVisible();
  await expect(node.signal("memory.available").locator("figcaption")).toContainText("memory.available over the last");
  await drawEveryChart(page);
  expect(await page.locator("svg[tabindex], .recharts-wrapper[tabindex]").count()).toBe(0);
  await shots(page, "held");
  expect(errors).toEqual([]);
});

test("a calm node: no pressure, and the closest threshold with its margin", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`${at(FORECAST_STATES.held.port)}/nodes/${CALM}`);
  await expect(page.getByTestId("verdict-text")).toHaveText(
    /^No pressure; the closest threshold is memory\.available with [\d.]+% margin\.$/,
    { timeout: 30_000 },
  );
  await expect(page.getByTestId("live-verdict")).toHaveAttribute("data-state", "ok");
  expect(errors).toEqual([]);
});

test("fleet: the next-eviction column counts down and sorts by mouse and keyboard", async ({ page }) => {
  const errors = watchErrors(page);
  const fleet = new FleetPage(page);
  await page.goto(`${at(FORECAST_STATES.softGrace.port)}/?sort=name&desc=1`);
  await expect(fleet.rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(fleet.rows.nth(0)).toContainText(CALM);
  const leakyCell = fleet.row(LEAKY).getByTestId("next-eviction");
  await expect(leakyCell).toHaveText(/^~\d+ s$/);
  await expect(leakyCell).toHaveAttribute(
    "aria-label",
    new RegExp(`^memory\\.available: soft grace ends, in ~\\d+ s \\(${CLOCK}\\)$`),
  );
  await expect(fleet.row(CALM).getByTestId("next-eviction")).toHaveText("–");
  const header = page.getByRole("button", { name: /^Next eviction/ });
  await header.click();
  await expect(page).toHaveURL(/sort=eviction/);
  await expect(page.getByRole("columnheader", { name: /Next eviction/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(fleet.rows.nth(0)).toContainText(LEAKY);
  await expect(page.getByLabel("Sort by")).toHaveValue("eviction");
  // the keyboard: focus the header button and press Enter to reverse the order
  await header.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("columnheader", { name: /Next eviction/ })).toHaveAttribute("aria-sort", "descending");
  await expect(fleet.rows.nth(0)).toContainText(CALM);
  await expect(page).toHaveURL(/desc=1/);
  await page.keyboard.press("Space");
  await expect(fleet.rows.nth(0)).toContainText(LEAKY);
  await shots(page, "fleet");
  // on the hard-met server the column says "now"; after the eviction it says the condition is only held
  await page.goto(`${at(FORECAST_STATES.hardMet.port)}/?sort=eviction`);
  await expect(fleet.row(LEAKY).getByTestId("next-eviction")).toHaveText("now", { timeout: 30_000 });
  await page.goto(`${at(FORECAST_STATES.held.port)}/`);
  const held = fleet.row(LEAKY).getByTestId("next-eviction");
  await expect(held).toHaveText(new RegExp(`^held to ${CLOCK}$`), { timeout: 30_000 });
  await expect(held).toHaveAttribute(
    "aria-label",
    new RegExp(`^MemoryPressure held by the kubelet's transition period until ${CLOCK}: no threshold met, no eviction expected$`),
  );
  expect(errors).toEqual([]);
});
