import { expect, test, type Page } from "@playwright/test";

import { DEMO_PORT } from "./constants";
import { NodePage } from "./pages/node-page";
import { useTheme, watchPage } from "./pages/page-health";
import { TerminationsPage } from "./pages/terminations-page";

// The demo scenario after its 32 warm-up minutes, frozen: every cause of death has happened.
// Each verdict is read as a person sees it, on the node page and on the fleet page.
const BASE = `http://127.0.0.1:${DEMO_PORT}`;
test.use({ baseURL: BASE });

const CLOCK = "\\d\\d:\\d\\d:\\d\\d";
const VERDICTS: Array<[string, string, RegExp]> = [
  [
    "kubelet-eviction",
    "Deployment/report-worker",
    new RegExp(
      `^Evicted by the kubelet at ${CLOCK} for (memory\\.available|low memory)( \\(threshold 100Mi, \\S+ available\\))?: worker used \\S+ against a 256Mi request, priority 0$`,
    ),
  ],
  [
    "oom-killed",
    "Deployment/image-resizer",
    new RegExp(`^OOM-killed by the kernel in container resizer at its 512Mi limit at ${CLOCK} \\(\\d+(st|nd|rd|th) restart\\)$`),
  ],
  [
    "api-eviction",
    "Deployment/shop",
    new RegExp(`^Evicted through the eviction API at ${CLOCK} while the node was cordoned \\(a drain\\), priority \\d+$`),
  ],
  [
    "preemption",
    "Deployment/shop",
    new RegExp(`^Preempted by the scheduler at ${CLOCK} for pod batch/urgent-batch-\\w+-\\w+, priority 0$`),
  ],
  [
    "taint-manager",
    "Deployment/shop",
    new RegExp(
      `^Deleted by the taint manager at ${CLOCK}: the node had the NoExecute taint example\\.com/maintenance=true:NoExecute`,
    ),
  ],
  [
    "system-oom",
    "Node/k8s-node-02",
    new RegExp(
      `^System OOM on the node at ${CLOCK}: the kernel killed process java \\(pid \\d+\\) outside a container's own limit$`,
    ),
  ],
];

async function open(page: Page, card: ReturnType<TerminationsPage["workload"]>, how: "mouse" | "keyboard") {
  const summary = card.locator("summary");
  if (how === "mouse") await summary.click();
  else {
    await summary.focus();
    await page.keyboard.press("Enter");
  }
  await expect(card.getByTestId("terminations-table")).toBeVisible();
}

test("the fleet page groups terminations by workload and gives each cause its verdict", async ({ page }) => {
  const seen = watchPage(page);
  await page.goto("/");
  // reached from the header's navigation
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Terminations" }).click();
  const fleet = new TerminationsPage(page);
  await expect(fleet.summary).toContainText(/\d+ terminations in \d+ workloads; \d+ repeat offenders/);
  const opened: string[] = [];
  for (const [cause, workload, verdict] of VERDICTS) {
    const card = fleet.workload(workload);
    if (!opened.includes(workload)) {
      // every other card opened with the keyboard, the rest with the mouse
      await open(page, card, opened.length % 2 ? "mouse" : "keyboard");
      opened.push(workload);
    }
    await expect(fleet.verdicts(card, cause).first(), `${cause} of ${workload}`).toHaveText(verdict);
  }
  // the 3rd restart of the resizer is one row of its OOM timeline
  await expect(
    fleet.verdicts(fleet.workload("Deployment/image-resizer"), "oom-killed").filter({ hasText: "(3rd restart)" }),
  ).toHaveCount(1);
  expect(seen.errors).toEqual([]);
});

test("repeat offenders come with the fix in words", async ({ page }) => {
  const fleet = new TerminationsPage(page);
  await fleet.goto();
  const resizer = fleet.workload("Deployment/image-resizer");
  await expect(resizer).toContainText("repeat offender");
  await expect(resizer.getByTestId("suggestions")).toContainText(
    /Raise the memory limit of container resizer above 512Mi \(OOM-killed at it \d+ times\), or find what grows\./,
  );
  const worker = fleet.workload("Deployment/report-worker");
  // the demo's report worker leaks (150Mi towards 8Gi): no PriorityClass and no request of most of a node (issue 22)
  await expect(worker.getByTestId("suggestions")).toContainText(
    /evicted \d+ times, each time at 2× its request or more: that looks like a leak\. Set a limit and fix what grows/,
  );
  await expect(worker.getByTestId("suggestions")).not.toContainText("PriorityClass");
  await expect(fleet.workload("Deployment/shop").getByTestId("suggestions")).toContainText(
    "Add a PodDisruptionBudget so a drain evicts its replicas one at a time.",
  );
  await expect(fleet.workload("Node/k8s-node-02").getByTestId("suggestions")).toContainText("Reserve memory for the system");
  // repeat offenders first: counts never grow down the page
  const counts = (await page.getByTestId("workload-count").allTextContents()).map((t) =>
    Number(/^(\d+) termination/.exec(t)?.[1]),
  );
  expect(counts.length).toBeGreaterThan(3);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
});

test("the node page lists the node's terminations once, with verdicts, in the page's order", async ({ page, request }) => {
  const seen = watchPage(page);
  const node = new NodePage(page);
  for (const [name, cause, verdict] of [
    ["k8s-node-01", "preemption", VERDICTS[3]![2]],
    ["gke-prod-default-pool-6c2f9d1e-1", "api-eviction", VERDICTS[2]![2]],
    ["ip-192-168-4-41.us-west-2.compute.internal", "taint-manager", VERDICTS[4]![2]],
    ["k8s-node-02", "system-oom", VERDICTS[5]![2]],
  ] as const) {
    await node.goto(name);
    const panel = page.getByRole("region", { name: "Terminations on this node" });
    await expect(panel.locator(`tr[data-cause="${cause}"] [data-testid="termination-verdict"]`).first()).toHaveText(verdict);
    // the API carries the same timeline
    const doc = (await (await request.get(`/api/nodes/${name}`)).json()) as { terminations: { cause: string; id: string }[] };
    expect(doc.terminations.some((t) => t.cause === cause)).toBe(true);
    expect(new Set(doc.terminations.map((t) => t.id)).size).toBe(doc.terminations.length);
  }
  // one list of deaths: no second "Recent evictions" table; it comes after capacity
  await expect(page.getByRole("heading", { name: "Recent evictions" })).toHaveCount(0);
  const order = await page.locator("h2").allTextContents();
  expect(order.indexOf("Terminations")).toBeGreaterThan(order.findIndex((h) => /capacity/i.test(h)));
  expect(seen.errors).toEqual([]);
});

for (const width of [1440, 1024, 390]) {
  for (const theme of ["light", "dark"] as const) {
    test(`screenshots of both pages at ${width} px, ${theme}`, async ({ page }) => {
      const seen = watchPage(page);
      await page.setViewportSize({ width, height: 900 });
      await useTheme(page, theme);
      const fleet = new TerminationsPage(page);
      await fleet.goto();
      await open(page, fleet.workload("Deployment/image-resizer"), "mouse");
      await page.screenshot({ path: `artifacts/screenshots/terminations-${width}-${theme}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1)).toBe(
        true,
      );
      await new NodePage(page).goto("k8s-node-01");
      const panel = page.getByRole("heading", { name: "Terminations", level: 2 });
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `artifacts/screenshots/node-terminations-${width}-${theme}.png` });
      expect(seen.errors).toEqual([]);
    });
  }
}
