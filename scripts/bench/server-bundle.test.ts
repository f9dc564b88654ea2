// The benches run the server's code from this bundle (bundleServerParts, server-bundle.mjs): it
// must hold every part they use, run outside Next.js and tsx, and carry none of tsx's keepNames calls.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("the benches' server bundle", () => {
  it("exports what the benches import, runs, and names no function at run time", async () => {
    await import("../../bin/register-server-only.mjs");
    const { bundleServerParts } = await import("../bundle-fetch-worker.mjs");
    const { importServerParts } = await import("./server-bundle.mjs");
    const file = bundleServerParts("server-bundle-test.mjs");
    const text = readFileSync(file, "utf8");
    // keepNames would wrap each named closure as __name(fn, "…"); the packages Next.js keeps
    // external stay imports
    expect(text).not.toMatch(/\b__name\(/);
    expect(text).toMatch(/from "@headroom\/client-node"/);
    const parts = await importServerParts(file);
    expect(Object.keys(parts).sort()).toEqual(
      [
        "ClusterCache",
        "ClusterClient",
        "Membership",
        "Shard",
        "buildOverview",
        "clusterOverview",
        "installRequestActivity",
        "loadKubeConfig",
        "localDocuments",
        "mergedDocuments",
        "mergedStream",
        "overviewJson",
        "peerDocuments",
        "peerOverview",
        "peerRows",
        "refreshFindings",
        "renderCacheMetricsBytes",
        "sliceStream",
      ].sort(),
    );
    // the bundle's own copy of the code works: a document's envelope checks as the route's does
    expect(parts.clusterOverview.safeParse({}).success).toBe(false);
    expect(typeof parts.ClusterCache).toBe("function");
  }, 60_000);
});
