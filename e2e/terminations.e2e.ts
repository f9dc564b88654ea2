import { expect, test, type Page } from "@playwright/test";

import { DEMO_PORT } from "./constants";
import { screenshot } from "./helpers/screenshot";
import { NodePage } from "./pages/node-page";
import { useTheme, watchPage } from "./pages/page-health";
import { TerminationsPage } from "./pages/terminations-page";

// The demo scenario after its 32 warm-up minutes, frozen: every cause of death has happened.
// Each verdict is read as a person sees it, on the node page and on the fleet page.
const BASE = `http://127.0.0.1:${DEMO_PORT}`;
test.use({ baseURL: BASE });

// A time of today, or of another day with its date ("Nov 24, 23:47:52"): a run that crosses
// midnight shows the demo's earlier incidents with yesterday's date.
const CLOCK = "(?:[A-Z][a-z]{2} \\d{1,2}, )?\\d\\d:\\d\\d:\\d\\d";
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
  // a card stays open across a client-side navigation (the pod link): a click would close it
  if (await card.getByTestId("terminations-table").isVisible()) return;
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
  await expect(fleet.summary).toContainText(
    /^\d+ terminations: \d+ terminations in \d+ workloads, \d+ repeat offenders; \d+ system OOMs on \d+ nodes?\.$/,
  );
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
  const counts = (await page.getByTestId("workload-ranking").getByTestId("workload-count").allTextContents()).map((t) =>
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
      await screenshot(page, { path: `artifacts/screenshots/terminations-${width}-${theme}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1)).toBe(
        true,
      );
      await new NodePage(page).goto("k8s-node-01");
      const panel = page.getByRole("heading", { name: "Terminations", level: 2 });
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, { path: `artifacts/screenshots/node-terminations-${width}-${theme}.png` });
      expect(seen.errors).toEqual([]);
    });
  }
}

test("nodes are ranked apart from workloads: a node is not a repeat offender", async ({ page }) => {
  const fleet = new TerminationsPage(page);
  await fleet.goto();
  const node = page.getByTestId("node-ranking").locator('[data-workload="Node/k8s-node-02"]');
  await expect(node).toContainText(/\d+ terminations/);
  await expect(node).not.toContainText("repeat offender");
  await expect(page.getByTestId("workload-ranking").locator('[data-workload^="Node/"]')).toHaveCount(0);
  // the node's name opens its page
  await node.getByRole("link", { name: "k8s-node-02" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "k8s-node-02" })).toBeVisible();
});

for (const width of [1440, 1024, 390])
  for (const theme of ["light", "dark"] as const)
    test(`search /terminations for one pod at ${width} px, ${theme}: filters in the URL, pod and node links`, async ({
      page,
    }) => {
      const seen = watchPage(page);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      const fleet = new TerminationsPage(page);
      await fleet.goto();
      const total = Number(/^(\d+) terminations/.exec((await fleet.summary.textContent())!)![1]);
      // one pod of the resizer, as the verdict table names it
      const resizer = fleet.workload("Deployment/image-resizer");
      await open(page, resizer, "mouse");
      const podText = (await resizer.locator("tbody tr").first().locator("td").nth(1).locator("span").nth(1).textContent())!;
      const pod = podText.split(" · ")[0]!; // namespace/name
      const podName = pod.split("/")[1]!;
      // typed into the search box: only that pod's terminations remain, and the URL says so
      await fleet.search.click();
      await page.keyboard.type(podName);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${podName}`));
      await expect(fleet.summary).toContainText(new RegExp(`^\\d+ of ${total} terminations`));
      const shown = Number(/^(\d+) of/.exec((await fleet.summary.textContent())!)![1]);
      expect(shown).toBeGreaterThan(0);
      await expect(page.locator("[data-workload]")).toHaveCount(1);
      // a reload (or the link, shared) finds the same
      await page.reload();
      await expect(fleet.search).toHaveValue(podName);
      await expect(fleet.summary).toContainText(`${shown} of ${total} terminations`);
      // the cause by keyboard (typing picks the option): the only cause this pod has
      await fleet.filter("Cause").focus();
      await page.keyboard.type("OOM");
      await expect(page).toHaveURL(/[?&]cause=oom-killed/);
      await expect(fleet.summary).toContainText(`${shown} of ${total} terminations`);
      await fleet.filter("When").selectOption("15m");
      await expect(page).toHaveURL(/[?&]since=15m/);
      await page.getByRole("button", { name: "Clear filters" }).click();
      await expect(fleet.summary).toContainText(new RegExp(`^${total} terminations:`));
      await expect(page).not.toHaveURL(/[?&](q|cause|since)=/);
      // the pod's name is a link to its own terminations (wide tables show the pod column)
      if (width > 640) {
        await open(page, resizer, "keyboard");
        await resizer.getByRole("link", { name: pod, exact: true }).first().click();
        await expect(page).toHaveURL(new RegExp(`[?&]pod=${encodeURIComponent(pod)}`));
        await expect(page.getByTestId("pod-filter")).toContainText(pod);
        await expect(page.locator("[data-workload]")).toHaveCount(1);
        await screenshot(page, { path: `artifacts/screenshots/terminations-pod-${width}-${theme}.png`, fullPage: true });
        await open(page, fleet.workload("Deployment/image-resizer"), "mouse");
        const nodeLink = fleet.workload("Deployment/image-resizer").getByRole("table").getByRole("link").last();
        const node = (await nodeLink.textContent())!;
        await nodeLink.click();
        await expect(page.getByRole("heading", { level: 1, name: node })).toBeVisible();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1)).toBe(
        true,
      );
      expect(seen.errors).toEqual([]);
    });
