import { expect, test } from "@playwright/test";

import { PORT } from "../constants";
import { FleetPage } from "../pages/fleet-page";
import { startDemoHa, type DemoHa } from "./demo-ha";

// `npm run demo:ha` as a newcomer runs it (node scripts/demo-ha.mjs: the demo cluster and three replica
// processes sharing it through Leases), seen from replica-1's fleet page: every row says which
// replica owns it and the membership line names three replicas; then replica-2's process is
// SIGKILLed (no goodbye, its Lease left to expire), and its nodes are first shown as owner
// unreachable, then owned by the two others.
const BASE_PORT = Number(process.env.E2E_HA_PORT ?? PORT + 20);
const BASE = `http://127.0.0.1:${BASE_PORT}`;
test.use({ baseURL: BASE });

let demo: DemoHa | undefined;

test.beforeAll(async () => {
  // A stale build is rebuilt first (minutes on a loaded machine); the demo itself is up in seconds.
  test.setTimeout(600_000);
  demo = await startDemoHa(BASE_PORT);
});

test.afterAll(async () => demo?.stop());

interface Row {
  name: string;
  owner?: string;
}
interface Cluster {
  nodesTotal: number;
  nodesCollected: number;
  replicas?: { unreachable: string[] };
}

test("the fleet page shows each node's owner; a SIGKILLed replica's nodes go unreachable, then move", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const fleet = new FleetPage(page);
  await fleet.goto();
  const line = page.getByText(/\d+ replicas?: /);
  // Replicas start a few seconds apart; the membership settles once every Lease is seen.
  await expect(line).toHaveText(/^3 replicas: replica-1, replica-2, replica-3 \(this page from replica-1\)/, {
    timeout: 30_000,
  });

  // Steady state first: every node collected by its owner and every replica answering (on a loaded
  // machine a replica's first answers can miss the 3 s bound, and the page then says so).
  let doc: { nodes: Row[]; cluster: Cluster } = { nodes: [], cluster: { nodesCollected: -1, nodesTotal: 0 } };
  await expect
    .poll(
      async () => {
        doc = (await (await request.get("/api/cluster")).json()) as typeof doc;
        const c = doc.cluster;
        // (the demo stops one kubelet 5 minutes into its story)
        return c.nodesTotal > 0 && c.nodesCollected >= c.nodesTotal - 1 && c.replicas?.unreachable.length === 0;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  // Which nodes replica-2 owns, from the same document the page shows; each of their rows says so.
  const ofTwo = doc.nodes.filter((r) => r.owner === "replica-2").map((r) => r.name);
  expect(ofTwo.length).toBeGreaterThan(0);
  expect(new Set(doc.nodes.map((r) => r.owner))).toEqual(new Set(["replica-1", "replica-2", "replica-3"]));
  for (const name of ofTwo) await expect(fleet.row(name)).toContainText("by replica-2");
  const probe = fleet.row(ofTwo[0]!);

  const pid = demo!.pids.get("replica-2");
  expect(pid, "demo:ha printed replica-2's pid").toBeGreaterThan(0);
  process.kill(pid!, "SIGKILL");
  const killedAt = Date.now();

  // The page refreshes every 10 s; the Lease lasts 15 s, so the unreachable state is seen first.
  await expect(line).toContainText("not answering: replica-2", { timeout: 15_000 });
  await expect(probe).toContainText("Owner unreachable");
  const unreachableAfter = (Date.now() - killedAt) / 1000;

  // Lease expiry (15 s) + the others' check (up to 5 s) + a page refresh (10 s).
  await expect(line).toHaveText(/^2 replicas: replica-1, replica-3 \(this page from replica-1\)$/, { timeout: 35_000 });
  for (const name of ofTwo) await expect(fleet.row(name)).toContainText(/by replica-(1|3)/);
  await expect(probe).not.toContainText("Owner unreachable");
  const movedAfter = (Date.now() - killedAt) / 1000;
  console.log(
    `demo:ha e2e: ${ofTwo.length} nodes of replica-2; owner unreachable ${unreachableAfter.toFixed(1)} s after the kill, moved ${movedAfter.toFixed(1)} s after; test ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});
