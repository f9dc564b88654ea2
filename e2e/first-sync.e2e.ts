import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";

import { FIRST_SYNC_PORT } from "./constants";
import { seriousViolations } from "./helpers/axe";
import { screenshot } from "./helpers/screenshot";
import { themeApplied, watchPage } from "./pages/page-health";

// A first sync as on a 150 000-pod cluster, where the pod list takes tens of seconds: the
// slow-pod-list scenario's API server answers pod requests after 30 s. The fleet page says how
// far the first sync is and that the table waits for the pods; a node page says the same instead
// of "no such node"; then every row arrives at once. Its own server, started here, so the test
// sees the list from its start (docs/data-layer.md, "First sync").

const BASE = `http://127.0.0.1:${FIRST_SYNC_PORT}`;
const NODES = ["ip-10-0-1-0.ec2.internal", "ip-10-0-1-1.ec2.internal", "ip-10-0-1-2.ec2.internal"];
const WAITING =
  "Listing the cluster's pods: 0 pods so far. The table fills in once every pod is in: a node's eviction order and totals need all of its pods.";

let server: ChildProcess;
test.beforeAll(async () => {
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(FIRST_SYNC_PORT), HOSTNAME: "127.0.0.1", HEADROOM_SIM_SCENARIO: "slow-pod-list" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect
    .poll(
      () =>
        fetch(`${BASE}/api/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
});
test.afterAll(async () => {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await exited;
});

test("the first sync says the pods are being listed, the node page says so too, then every row arrives", async ({ page }) => {
  test.setTimeout(120_000);
  const health = watchPage(page);
  // Both pages load at once, as soon as the server answers: the list's 30 s are for the checks
  // below, however loaded the machine (the node page shows its error after its query's retries).
  const node = await page.context().newPage();
  const nodeHealth = watchPage(node, { expectedStatus: 503 });
  await Promise.all([page.goto(BASE), node.goto(`${BASE}/nodes/${NODES[0]}`)]);
  // A node page opened meanwhile (a link pasted during a restart): the list, not "no such node"
  await expect(node.getByText(`node "${NODES[0]}" is shown once every pod is in`)).toBeVisible({ timeout: 15_000 });
  await expect(
    node.getByText(`Could not load ${NODES[0]}: first sync: listing the cluster's pods (0 pods so far)`),
  ).toBeVisible();
  await expect(node.getByText("No node named")).toHaveCount(0);
  expect(nodeHealth.errors).toEqual([]);

  const status = page.getByRole("status").filter({ hasText: "First sync:" });
  await expect(status).toContainText(`First sync: 3 of 3 nodes collected…`, { timeout: 15_000 });
  await expect(page.getByTestId("pods-listed")).toHaveText(WAITING);
  // how much of the list is left is not known: the bar is indeterminate, not full
  expect(await page.getByRole("progressbar", { name: "First sync" }).evaluate((p) => p.hasAttribute("value"))).toBe(false);
  // what the page says is what the document says
  const doc = (await (await fetch(`${BASE}/api/cluster`)).json()) as {
    cluster: { nodesTotal: number; nodesCollected: number; podsListed?: number };
    nodes: unknown[];
  };
  expect(doc.cluster).toMatchObject({ nodesTotal: 3, nodesCollected: 3, podsListed: 0 });
  expect(doc.nodes).toEqual([]);
  await expect(page.getByTestId("node-row")).toHaveCount(0);
  // the tiles count the cluster's nodes and say "–" for what only rows and pods tell, rather than a false 0
  const tiles = page.getByRole("region", { name: "Cluster summary" });
  await expect(tiles).toContainText("Nodes3");
  await expect(tiles).toContainText("Under pressure–");
  await expect(tiles).toContainText("Evictions (1 h)–");
  await expect(tiles).toContainText("Memory lost to reservations–");
  await expect(page.getByText("0 of 3 nodes")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await themeApplied(page, theme);
      await screenshot(page, { path: `artifacts/screenshots/first-sync-${width}-${theme}.png`, fullPage: true });
    }
  expect(health.errors).toEqual([]);

  // Once the list is in: every row at once, the first-sync lines gone
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId("node-row")).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByTestId("pods-listed")).toHaveCount(0);
  for (const name of NODES) await expect(page.getByTestId("node-row").filter({ hasText: name })).toHaveCount(1);
  await expect(tiles).toContainText("Under pressure0");
  await expect(tiles).toContainText("Evictions (1 h)0");
  await expect(page.getByText("3 of 3 nodes", { exact: true })).toBeVisible();
  // the node page follows on its next poll
  await expect(node.getByRole("heading", { level: 1 })).toContainText(NODES[0]!, { timeout: 30_000 });
  expect(health.errors).toEqual([]);
});
