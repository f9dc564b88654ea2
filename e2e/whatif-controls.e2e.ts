import { expect, test, type Page } from "@playwright/test";

import { numberToText, textToNumber } from "../components/whatif/slider-math";
import { analyzeNode } from "../lib/eviction";
import { formatBytes } from "../lib/format";
import { screenshot } from "./helpers/screenshot";
import { NodePage } from "./pages/node-page";
import { WhatIfPanel } from "./pages/what-if-panel";

// memory-pressure scenario, frozen at 330 s (playwright.config.ts): two nodes in pool "workers".
const NODE = "ip-10-0-2-0.ec2.internal";
const OTHER = "ip-10-0-2-1.ec2.internal";
const SHOTS = "artifacts/screenshots";
const MI = 1024 ** 2;

let errors: string[] = [];
test.beforeEach(({ page }) => {
  errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
});
test.afterEach(() => expect(errors, "console and page errors").toEqual([]));

async function live(page: Page, name = NODE) {
  const d = await (await page.request.get(`/api/nodes/${encodeURIComponent(name)}`)).json();
  return analyzeNode({
    node: d.node,
    pods: d.pods,
    summary: d.summary,
    kubeletConfig: d.kubeletConfig,
    kubeletFlags: d.kubeletFlags,
  });
}

/** Slider thumb, text box, URL and result all say the same kube-reserved memory. */
async function expectKubeReservedAgree(page: Page, w: WhatIfPanel, liveKr: number, liveAlloc: number): Promise<number> {
  const text = await w.box("kube-reserved memory value").inputValue();
  const n = textToNumber(text, "bytes")!;
  expect(n, `box ${text} is a quantity`).not.toBeNull();
  await expect(w.slider("kube-reserved memory")).toHaveAttribute("aria-valuetext", text);
  expect(Number(await w.slider("kube-reserved memory").inputValue())).toBe(n);
  await expect(page).toHaveURL(new RegExp(`kr\\.memory=${text}(&|$)`));
  if (n !== liveKr) await expect(page.getByTestId("after-allocatable memory")).toHaveText(formatBytes(liveAlloc - (n - liveKr)));
  return n;
}

test("kube-reserved memory: click, drag and keys move the thumb; slider, box, URL and result agree after each", async ({
  page,
}) => {
  const out = await live(page);
  const liveKr = out.reservation.kubeReserved.memory ?? 0;
  const liveAlloc = out.allocatable.memory!;
  const node = new NodePage(page);
  const w = new WhatIfPanel(page);
  await node.goto(NODE);
  await w.open();
  await expect(w.field("kube-reserved memory value")).toContainText(`live: ${numberToText(liveKr, "bytes")}`);
  await expect(w.box("kube-reserved memory value")).toHaveValue(numberToText(liveKr, "bytes"));

  await w.clickTrack("kube-reserved memory", 0.5);
  const clicked = await expectKubeReservedAgree(page, w, liveKr, liveAlloc);
  expect(clicked).not.toBe(liveKr);
  await expect(w.field("kube-reserved memory value")).toHaveAttribute("data-changed", "true");

  await w.drag("kube-reserved memory", 0.5, 0.8);
  const dragged = await expectKubeReservedAgree(page, w, liveKr, liveAlloc);
  expect(dragged).toBeGreaterThan(clicked);

  await w.press("kube-reserved memory", "ArrowLeft", 5);
  expect(await expectKubeReservedAgree(page, w, liveKr, liveAlloc)).toBe(dragged - 5 * 64 * MI);
  await w.press("kube-reserved memory", "ArrowRight", 5);
  expect(await expectKubeReservedAgree(page, w, liveKr, liveAlloc)).toBe(dragged);
  await w.press("kube-reserved memory", "PageDown");
  expect(await expectKubeReservedAgree(page, w, liveKr, liveAlloc)).toBe(dragged - 640 * MI);
  await w.press("kube-reserved memory", "Home");
  expect(await expectKubeReservedAgree(page, w, liveKr, liveAlloc)).toBe(0);
  await w.press("kube-reserved memory", "PageUp");
  expect(await expectKubeReservedAgree(page, w, liveKr, liveAlloc)).toBe(640 * MI);
  await w.press("kube-reserved memory", "End");
  const max = Number(await w.slider("kube-reserved memory").getAttribute("max"));
  expect(await expectKubeReservedAgree(page, w, liveKr, liveAlloc)).toBe(max);

  // A typed quantity moves the thumb; the row's reset goes back to live everywhere.
  await w.box("kube-reserved memory value").fill("1Gi");
  expect(await expectKubeReservedAgree(page, w, liveKr, liveAlloc)).toBe(1024 * MI);
  await page.getByRole("button", { name: "reset kube-reserved memory value to live" }).click();
  await expect(w.box("kube-reserved memory value")).toHaveValue(numberToText(liveKr, "bytes"));
  await expect(w.slider("kube-reserved memory")).toHaveAttribute("aria-valuetext", numberToText(liveKr, "bytes"));
  await expect(w.field("kube-reserved memory value")).toHaveAttribute("data-changed", "false");
  await expect(page).not.toHaveURL(/kr\.memory=/);
});

test("hard threshold: every ArrowRight moves it (not just the first), a typed value moves the thumb, bad text gets words, the row resets", async ({
  page,
}) => {
  const node = new NodePage(page);
  const w = new WhatIfPanel(page);
  await node.goto(NODE);
  await w.open();
  const slider = w.slider("hard threshold memory.available");
  const box = w.box("hard memory.available");
  await expect(box).toHaveValue("300Mi");
  await expect(w.field("hard memory.available")).toContainText("live: 300Mi");
  // 16Mi grid: 300Mi → 304, 320, 336, 352, 368Mi
  const seen: string[] = [];
  await slider.focus();
  for (let i = 0; i < 5; i++) {
    await slider.press("ArrowRight");
    seen.push(await box.inputValue());
  }
  expect(seen).toEqual(["304Mi", "320Mi", "336Mi", "352Mi", "368Mi"]);
  await expect(slider).toHaveAttribute("aria-valuetext", "368Mi");
  await expect(page).toHaveURL(/eh\.memory\.available=368Mi/);
  await expect(node.threshold("memory.available", "hard")).toContainText("368Mi");

  await box.fill("500Mi");
  await expect(slider).toHaveAttribute("aria-valuetext", "500Mi");
  expect(Number(await slider.inputValue())).toBe(500 * MI);
  await expect(page).toHaveURL(/eh\.memory\.available=500Mi/);

  const cap = (await live(page)).signals.find((s) => s.signal === "memory.available")!.capacity;
  await box.fill("10%");
  await expect.poll(async () => Number(await slider.inputValue())).toBeCloseTo(cap * 0.1, -1);
  await expect(page).toHaveURL(/eh\.memory\.available=10%25/);

  await box.fill("lots");
  const msg = w.field("hard memory.available").getByTestId("field-message");
  await expect(msg).toHaveText("not a quantity: use 500Mi, 1Gi or 10%");
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(slider).toHaveAttribute("aria-valuetext", "300Mi"); // unreadable text: the thumb shows live

  await w.box("soft memory.available").fill("2Gi");
  await page.getByRole("button", { name: "reset row (every memory.available setting to live)" }).click();
  await expect(box).toHaveValue("300Mi");
  await expect(w.box("soft memory.available")).toHaveValue("1Gi");
  await expect(msg).toHaveCount(0);
  await expect(page).not.toHaveURL(/eh\.memory|es\.memory/);
});

test("soft, grace and min-reclaim show the node's own settings as live values, never placeholders", async ({ page }) => {
  const out = await live(page);
  const soft = out.thresholds.find((t) => t.signal === "memory.available" && t.kind === "soft")!;
  const node = new NodePage(page);
  const w = new WhatIfPanel(page);
  await node.goto(NODE);
  await w.open();
  await expect(w.box("soft memory.available")).toHaveValue("1Gi");
  await expect(w.field("soft memory.available")).toContainText("live: 1Gi");
  expect(soft.gracePeriodSeconds).toBe(90);
  await expect(w.box("grace memory.available")).toHaveValue("1m30s");
  await expect(w.box("min reclaim memory.available")).toHaveValue("200Mi");
  await expect(w.field("soft allocatableMemory.available")).toContainText("live: none");
  await expect(w.panel.locator("input[placeholder]")).toHaveCount(0);

  await w.box("grace memory.available").fill("soon");
  await expect(w.field("grace memory.available").getByTestId("field-message")).toHaveText("not a duration: use 30s, 1m30s or 2h");
  await expect(w.field("grace memory.available")).toContainText("✎ changed");

  // usage growth: keyboard on a native slider, shown as a factor, written to the URL
  await w.press("memory usage growth", "ArrowRight");
  await expect(w.slider("memory usage growth")).toHaveValue("1.05");
  await expect(page).toHaveURL(/scale\.memory=1\.05/);
});

test("the what-if panel opens and closes from the header; its state is in the URL; embed starts closed", async ({ page }) => {
  const node = new NodePage(page);
  const w = new WhatIfPanel(page);
  await node.goto(NODE);
  await expect(w.panel).toHaveCount(0);
  await expect(w.toggle).toHaveAttribute("aria-expanded", "false");
  await w.toggle.click();
  await expect(w.panel).toBeVisible();
  await expect(w.toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page).toHaveURL(/whatif=1/);
  await page.reload();
  await expect(w.panel).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Close the what-if panel" }).click();
  await expect(w.panel).toHaveCount(0);
  await expect(page).toHaveURL(/whatif=0/);
  // from the keyboard: the button moves focus into the panel, Escape closes it
  await w.toggle.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "What if…" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(w.panel).toHaveCount(0);
  // a shared what-if link opens it; the same link in embed mode does not
  await node.goto(NODE, "?eh.memory.available=6Gi");
  await expect(w.panel).toBeVisible();
  await expect(w.verdict).toContainText("MemoryPressure");
  await node.goto(NODE, "?eh.memory.available=6Gi&embed=1");
  await expect(w.panel).toHaveCount(0);
  await expect(w.toggle).toContainText("(changed)");
});

test("pool scope lists each node whose state changes with its pods, and links to it with the same what-if", async ({ page }) => {
  const node = new NodePage(page);
  const w = new WhatIfPanel(page);
  await node.goto(NODE, "?kr.memory=7Gi&scope=pool");
  // the repro: the node's own result and the pool's line agree
  await expect(w.verdict).toContainText("MemoryPressure");
  await expect(w.scope).toContainText("Across 2 nodes (pool workers)");
  const lines = w.scope.getByTestId("scope-node");
  await expect(lines).toHaveCount(2);
  // each line starts from the state the node's header shows: NODE's MemoryPressure is held by the
  // transition period (the kubelet reports it), OTHER has none
  await expect(w.scope.locator(`[data-testid="scope-node"][data-node="${NODE}"]`)).toContainText("MemoryPressure");
  await expect(w.scope.locator(`[data-testid="scope-node"][data-node="${NODE}"]`)).not.toContainText("no pressure");
  await expect(w.scope.locator(`[data-testid="scope-node"][data-node="${OTHER}"]`)).toContainText("no pressure → MemoryPressure");
  for (const name of [NODE, OTHER]) {
    const line = w.scope.locator(`[data-testid="scope-node"][data-node="${name}"]`);
    await expect(line.getByTestId("scope-nofit")).toContainText("default/checkout-");
    await expect(line.getByTestId("scope-evicted")).toContainText("default/");
    await expect(line.getByRole("link", { name })).toHaveAttribute("href", `/nodes/${name}?whatif=1&kr.memory=7Gi&scope=pool`);
  }
  // computed in a Web Worker (built by Turbopack, allowed by the CSP), not on the main thread
  expect(page.workers().length).toBeGreaterThan(0);
  expect(await page.evaluate(() => performance.getEntriesByName("headroom:what-if-fleet-worker").length)).toBeGreaterThan(0);
  const scopeVerdict = await w.scope.getByTestId("scope-verdict").textContent();
  expect(scopeVerdict).toMatch(/\d+ pods no longer fit on 2 nodes/);
  await w.scope.locator(`[data-node="${OTHER}"]`).getByRole("link", { name: OTHER }).click();
  await expect(page.getByRole("heading", { level: 1, name: OTHER })).toBeVisible();
  await expect(page).toHaveURL(/kr\.memory=7Gi&scope=pool/);
  await expect(node.diff).toContainText("no pressure → MemoryPressure");
  // the node's own eviction sentence is the one the pool verdict gave for it
  const own = (await w.verdict.textContent())!
    .replace(/^✕\s*/, "")
    .split("; ")[1]!
    .replace(/^MemoryPressure: /, "")
    .replace(/\.$/, "");
  expect(scopeVerdict).toContain(own);
});

test("the kubelet change for the what-if: YAML and flags, and copying falls back to select + Ctrl+C when the clipboard is refused", async ({
  page,
  context,
}) => {
  const node = new NodePage(page);
  const w = new WhatIfPanel(page);
  await node.goto(NODE, "?kr.memory=1Gi&eh.memory.available=500Mi");
  const change = page.getByTestId("kubelet-change");
  await change.getByText("Apply it").click();
  await expect(page.getByTestId("kubelet-yaml")).toContainText(
    'kubeReserved:\n  cpu: "70m"\n  ephemeral-storage: "1Gi"\n  memory: "1Gi"',
  );
  await expect(page.getByTestId("kubelet-yaml")).toContainText('memory.available: "500Mi"');
  await expect(page.getByTestId("kubelet-flags")).toContainText(
    "--kube-reserved=cpu=70m,ephemeral-storage=1Gi,memory=1Gi --eviction-hard='",
  );
  // no clipboard permission (as in a portal's iframe): the text is shown selected, with words
  await page.evaluate(() =>
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
    }),
  );
  await change.getByRole("button", { name: "Copy flags" }).click();
  await expect(change.getByRole("status")).toContainText("press Ctrl+C");
  const selected = await page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el ? el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0) : "";
  });
  expect(selected).toBe(await page.getByTestId("kubelet-flags").textContent());
  // with permission the link is copied
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.reload();
  await w.open();
  await page.getByRole("button", { name: "Copy link", exact: true }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /\/nodes\/ip-10-0-2-0\.ec2\.internal\?whatif=1&kr\.memory=1Gi&eh\.memory\.available=500Mi$/,
  );
});

for (const [width, height] of [
  [1440, 900],
  [1024, 768],
  [390, 844],
] as const) {
  test(`the node page at ${width} px, light and dark, what-if closed and open`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const node = new NodePage(page);
    const w = new WhatIfPanel(page);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await node.goto(NODE);
      if (width === 1440) {
        // header, the verdict slot under it and the first signal panel fit the first screen
        const first = await node.signal("memory.available").boundingBox();
        expect(first!.y + 80).toBeLessThan(height);
      }
      await screenshot(page, { path: `${SHOTS}/node-${width}-${scheme}.png` });
      await node.goto(NODE, "?kr.memory=7Gi&scope=pool");
      await expect(w.scope.getByTestId("scope-node")).toHaveCount(2);
      if (width === 1440) {
        // what-if open beside the signals: its verdict and the first signal stay on the first screen
        for (const l of [w.verdict, node.signal("memory.available")])
          expect((await l.boundingBox())!.y).toBeLessThan(height - 100);
      }
      await screenshot(page, { path: `${SHOTS}/node-whatif-${width}-${scheme}.png` });
      // the controls never overflow the panel
      await w.panel.getByRole("heading", { name: "Reservations" }).scrollIntoViewIfNeeded();
      const overflowing = await w.panel.evaluate((panel) => {
        const right = panel.getBoundingClientRect().right + 0.5;
        return [...panel.querySelectorAll("input, select")]
          .filter((el) => el.getBoundingClientRect().right > right)
          .map((el) => el.getAttribute("aria-label"));
      });
      expect(overflowing).toEqual([]);
      // nor the page: no sideways scroll with the panel open, at any width
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, { path: `${SHOTS}/node-whatif-controls-${width}-${scheme}.png` });
    }
  });
}
