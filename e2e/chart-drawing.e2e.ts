import { inflateSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";

import { DEMO_PORT } from "./constants";
import { CHART_BOXES, drawEveryChart, nextFrame } from "./helpers/charts";
import { NodePage } from "./pages/node-page";
import { watchPage } from "./pages/page-health";

// Charts are drawn when they come near the viewport (components/charts/use-near-viewport.ts): the
// node page's twelve would cost seconds of a slow laptop's main thread at every load. A person must
// not be able to tell: each chart is drawn by the time it is scrolled to, by wheel or keyboard,
// nothing on the page moves when it is, and a printed page has every chart. On the warmed-up demo,
// whose charts have 32 minutes of history to draw.
test.use({ baseURL: `http://127.0.0.1:${DEMO_PORT}` });
const NODE = "ip-192-168-0-41.us-west-2.compute.internal";

/** Where the last chart box sits in the document, and how tall the document is. */
async function lastBoxAndHeight(page: Page): Promise<{ top: number; height: number }> {
  return page.evaluate((boxes) => {
    const shown = [...document.querySelectorAll(boxes)].filter((box) => box.checkVisibility());
    return {
      top: shown[shown.length - 1]!.getBoundingClientRect().top + window.scrollY,
      height: document.documentElement.scrollHeight,
    };
  }, CHART_BOXES);
}

/** Curves drawn in a PDF: the `c` operators of its content streams (a line chart is a path of them). */
function pdfCurves(pdf: Buffer): number {
  const text = pdf.toString("latin1");
  let curves = 0;
  for (let at = text.indexOf("stream\n"); at >= 0; at = text.indexOf("stream\n", at + 1)) {
    const end = text.indexOf("endstream", at);
    try {
      curves += (
        inflateSync(pdf.subarray(at + "stream\n".length, end))
          .toString("latin1")
          .match(/ c\n/g) ?? []
      ).length;
    } catch {
      // not a deflated stream (fonts, images): no drawing operators in it
    }
  }
  return curves;
}

/**
 * The node page with every section in (the charts aside): a late answer must not move the page's end
 * after the End key, nor change what is printed.
 */
async function settled(page: Page, node: NodePage) {
  await node.goto(NODE);
  await expect(page.getByRole("heading", { name: "Kubelet eviction settings" })).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test("the node page draws a chart when it is scrolled to, by wheel and by keyboard, and nothing moves", async ({ page }) => {
  const seen = watchPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const node = new NodePage(page);
  await settled(page, node);
  // the last chart that shows (three more are in a closed <details>, drawn when it is opened)
  const boxes = page.locator(CHART_BOXES).filter({ visible: true });
  await expect(boxes.first().locator(".recharts-surface")).toBeVisible();
  const last = boxes.last();
  // far below the first screen: a box of the chart's size, its name and legend, not yet drawn
  await expect(last).toHaveAttribute("data-drawn", "false");
  await expect(last.locator("svg")).toHaveCount(0);
  await expect(last).toHaveAccessibleName(/^Chart of .+ over time$/);
  const before = await lastBoxAndHeight(page);
  expect(before.top).toBeGreaterThan(900 + 600);

  // the mouse wheel, a screen at a time, until the box is on the screen: drawn
  await page.mouse.move(720, 450);
  for (let i = 0; i < 20 && (await last.boundingBox())!.y > 800; i++) {
    await page.mouse.wheel(0, 600);
    await nextFrame(page);
  }
  await expect(last).toHaveAttribute("data-drawn", "true");
  await expect(last.locator(".recharts-surface")).toBeVisible();
  await expect(last.locator("path.recharts-line-curve").first()).toBeAttached();
  expect(await lastBoxAndHeight(page)).toEqual(before);

  // the keyboard: End from the top of a fresh page
  await settled(page, node);
  await expect(last).toHaveAttribute("data-drawn", "false");
  await page.locator("h1").click();
  await page.keyboard.press("End");
  await expect(last).toHaveAttribute("data-drawn", "true");
  await expect(last.locator(".recharts-surface")).toBeVisible();
  expect(seen.errors).toEqual([]);
});

test("a node page printed at once has every chart drawn, as one printed after scrolling through it", async ({ page }) => {
  const seen = watchPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const node = new NodePage(page);
  await settled(page, node);
  await expect(page.locator(`${CHART_BOXES}[data-drawn="false"]`).first()).toBeAttached();
  const atOnce = pdfCurves(await page.pdf());
  await expect(page.locator(`${CHART_BOXES}[data-drawn="false"]`)).toHaveCount(0);

  await settled(page, node);
  await drawEveryChart(page);
  const scrolled = pdfCurves(await page.pdf());
  // the same curves: every chart's line printed, not an empty box
  expect(scrolled).toBeGreaterThan(0);
  expect(atOnce).toBe(scrolled);
  expect(seen.errors).toEqual([]);
});
