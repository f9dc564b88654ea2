import { expect, test } from "@playwright/test";

import { PORT } from "../constants";
import { screenshot } from "../helpers/screenshot";
import { NodePage } from "../pages/node-page";
import { WhatIfPanel } from "../pages/what-if-panel";
import { startDemoHa, type DemoHa } from "./demo-ha";

// The pool what-if on a sharded deployment when a replica dies (`npm run demo:ha`, seen from
// replica-1): the what-if reads the fleet document once a minute (fleet-source.ts), so for the
// seconds between replica-2's SIGKILL and its Lease running out its nodes are still in that
// document with their stats, and asking replica-2 for their pods fails. A person then reads, under
// the pool's list, which nodes' pods are not shown and why: the owner and how long ago it was seen.
// Its own demo, three ports above fleet-failover.e2e.ts's, so both files can run side by side.
const BASE_PORT = Number(process.env.E2E_HA_PORT ?? PORT + 20) + 3;
test.use({ baseURL: `http://127.0.0.1:${BASE_PORT}` });

let demo: DemoHa | undefined;

test.beforeAll(async () => {
  // A stale build is rebuilt first (minutes on a loaded machine); the demo itself is up in seconds.
  test.setTimeout(600_000);
  demo = await startDemoHa(BASE_PORT);
});

test.afterAll(async () => demo?.stop());

interface Row {
  name: string;
  pool: string | null;
  owner?: string;
}

test("a pool what-if names the nodes whose owner stopped answering: Pods not shown for …", async ({ page, request }) => {
  test.setTimeout(150_000);
  // Steady state: every replica answering, every node collected (one demo kubelet stops 5 min in).
  let nodes: Row[] = [];
  await expect
    .poll(
      async () => {
        const doc = (await (await request.get("/api/cluster")).json()) as {
          nodes: Row[];
          cluster: { nodesTotal: number; nodesCollected: number; replicas?: { members: string[]; unreachable: string[] } };
        };
        nodes = doc.nodes;
        const c = doc.cluster;
        return (
          c.nodesTotal > 0 &&
          c.nodesCollected >= c.nodesTotal - 1 &&
          c.replicas?.members.length === 3 &&
          c.replicas.unreachable.length === 0
        );
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  // A pool holding a node of replica-1 (the page) and one of replica-2 (the victim); the
  // assignment is a hash of fixed names over fixed members, so the same one every run.
  const pools = [...new Set(nodes.map((n) => n.pool))];
  const pool = pools.find((p) => ["replica-1", "replica-2"].every((o) => nodes.some((n) => n.pool === p && n.owner === o)));
  expect(pool, "a pool with nodes of replica-1 and replica-2").toBeDefined();
  const here = nodes.find((n) => n.pool === pool && n.owner === "replica-1")!.name;
  const theirs = nodes.filter((n) => n.pool === pool && n.owner === "replica-2").map((n) => n.name);

  const node = new NodePage(page);
  const w = new WhatIfPanel(page);
  await node.goto(here);
  await w.open(); // a mouse click on "What if…"
  // A soft memory.available threshold of 95 % (with its grace period), typed: every node meets it,
  // so every node's pods are concerned (the what-if loads their pods) and nothing else changes.
  for (const [label, value] of [
    ["soft memory.available", "95%"],
    ["grace memory.available", "1m0s"],
  ] as const) {
    const box = w.box(label);
    await box.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(value);
    await page.keyboard.press("Enter");
    await expect(box).toHaveValue(value);
  }
  // "applies to": every node first, by keyboard (the fleet document is loaded now, all alive) …
  const scope = page.getByRole("combobox", { name: "applies to" });
  await scope.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(scope).toHaveValue("all");
  await expect(w.scope.getByRole("heading", { level: 3 })).toContainText("(every node)", { timeout: 60_000 });
  await expect(w.scope.getByTestId("scope-node").first()).toBeVisible({ timeout: 30_000 });
  await expect(w.scope.getByTestId("fleet-detail-missing")).toHaveCount(0);

  // … then replica-2 dies, and its pool is asked for: its nodes' pods cannot be loaded.
  const pid = demo!.pids.get("replica-2");
  expect(pid, "demo:ha printed replica-2's pid").toBeGreaterThan(0);
  process.kill(pid!, "SIGKILL");
  await scope.focus();
  await page.keyboard.press("ArrowUp");
  await expect(scope).toHaveValue("pool");
  await expect(w.scope.getByRole("heading", { level: 3 })).toContainText(`(pool ${pool})`);
  const note = w.scope.getByTestId("fleet-detail-missing");
  // before its Lease runs out (15 s) and its nodes move to the others
  await expect(w.scope.getByTestId("scope-node")).toHaveCount(nodes.filter((n) => n.pool === pool).length);
  await expect(note).toBeVisible({ timeout: 12_000 });
  await expect(note).toHaveText(/^Pods not shown for /);
  for (const name of theirs)
    await expect(note).toContainText(
      new RegExp(`${name.replaceAll(".", "\\.")} \\(owner unreachable: replica replica-2, Lease last renewed \\d+ s ago \\(`),
    );
  // the nodes of the live replicas are not named
  await expect(note).not.toContainText(here);
  // and the pool's list still shows every changed node, replica-2's included (never a blank result)
  for (const name of theirs) await expect(w.scope.locator(`[data-testid="scope-node"][data-node="${name}"]`)).toBeVisible();
  await screenshot(page, { path: "artifacts/screenshots/ha-whatif-owner-unreachable.png", fullPage: true });
});
