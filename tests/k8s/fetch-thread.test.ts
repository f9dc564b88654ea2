// The collection thread for real: a worker thread reading an HTTPS "kubelet" on loopback, packing
// Summaries off the main thread, failing clearly, and coming back after it dies.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { K8sError } from "@/lib/k8s/io/errors";
import { FetchThread, workerEntry } from "@/lib/k8s/io/fetch-thread";
import { COLLECTION_NICE, type KubeletPath } from "@/lib/k8s/io/kubelet-fetch";
import { expandSummary, storeSummary, type StoredSummary } from "@/lib/k8s/store/stored-summary";
import { trimSummary } from "@/lib/k8s/store/trim";
import { issueServing, makeCa } from "@/lib/sim/apiserver/certs";
import { bundleFetchWorker, FETCH_WORKER_FILE } from "@/scripts/bundle-fetch-worker.mjs";
import { fixture, fixtureFiles } from "@/tests/fixtures";

import { until } from "./helpers";

const summary = fixture<Record<string, unknown>>(fixtureFiles("summary").find((f) => f.includes("containerd"))!);

// A valid Summary far larger than the thread's 8 MiB young generation (~20 MiB, ~6 000 pods).
const bigPods = Array.from({ length: 6000 }, (_, i) => {
  const p = structuredClone((summary.pods as Record<string, any>[])[0]!); // eslint-disable-line @typescript-eslint/no-explicit-any
  p.podRef = { ...p.podRef, name: `big-${i}`, uid: `uid-big-${i}` };
  return p;
});
const big = { ...summary, pods: bigPods };

const bodies: Record<string, string> = {
  "/big/stats/summary": JSON.stringify(big),
  "/ok/stats/summary": JSON.stringify(summary),
  "/ok/configz": JSON.stringify({ kubeletconfig: { evictionHard: { "memory.available": "200Mi" } } }),
  "/nonode/stats/summary": JSON.stringify({ pods: [] }),
  "/noconfig/configz": JSON.stringify({ kind: "KubeletConfiguration" }),
};

describe("FetchThread", () => {
  let server: https.Server;
  let base: string;
  let ca: string;
  const threads: FetchThread[] = [];
  let hangs = 0;

  beforeAll(async () => {
    const authority = await makeCa();
    const cert = await issueServing(authority, "kubelet", ["127.0.0.1"], []);
    ca = authority.cert;
    server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
      if (req.url === "/hang/configz") return void hangs++; // never answers
      const body = bodies[req.url ?? ""];
      res.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" }).end(body ?? "no such path");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const t of threads) t.close();
    server?.close();
  });

  const started = (entry = workerEntry) => {
    const t = new FetchThread(entry);
    threads.push(t);
    return t;
  };
  const get = (t: FetchThread, prefix: string, path: KubeletPath) =>
    t.request(
      { path, url: `${base}${prefix}${path}`, headers: {}, agent: "direct", timeoutMs: 10_000, maxBytes: 64 * 2 ** 20 },
      { ca, keepAlive: true },
    );

  it("packs a real Summary in the thread exactly as the main thread would, and reads configz", async () => {
    const t = started();
    const stored = (await get(t, "/ok", "/stats/summary")) as StoredSummary;
    // Packed (not kept whole as invalid), and its numbers arrived as a typed array.
    expect("nums" in stored && stored.nums).toBeInstanceOf(Float64Array);
    expect(expandSummary(stored)).toEqual(expandSummary(storeSummary(trimSummary(structuredClone(summary)))));
    expect(await get(t, "/ok", "/configz")).toEqual({ evictionHard: { "memory.available": "200Mi" } });
    expect(t.started).toBe(1);
  });

  it("runs the standalone server's esbuild bundle, which imports nothing but Node's own modules", async () => {
    const dir = mkdtempSync(join(tmpdir(), "headroom-worker-"));
    try {
      const file = join(dir, FETCH_WORKER_FILE);
      bundleFetchWorker(file);
      const imports = [...readFileSync(file, "utf8").matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!);
      expect(imports.length).toBeGreaterThan(0);
      expect(imports.filter((i) => !i.startsWith("node:"))).toEqual([]);
      const t = started(() => ({ file, execArgv: [] }));
      const stored = (await get(t, "/ok", "/stats/summary")) as StoredSummary;
      expect(expandSummary(stored)).toEqual(expandSummary(storeSummary(trimSummary(structuredClone(summary)))));
      t.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("packs a Summary larger than its young generation whole", async () => {
    const t = started();
    expect(bodies["/big/stats/summary"]!.length).toBeGreaterThan(16 * 2 ** 20);
    const stored = (await get(t, "/big", "/stats/summary")) as StoredSummary;
    const pods = expandSummary(stored).pods!;
    expect(pods).toHaveLength(6000);
    expect(pods[5999]!.podRef).toEqual(bigPods[5999]!.podRef);
    expect(t.started).toBe(1);
  });

  it("runs at a lower priority than the server's main thread", async () => {
    const t = started();
    await get(t, "/ok", "/configz");
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (after the "(comm)" field).
    const nice = readdirSync("/proc/self/task").map((tid) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]),
    );
    expect(nice).toContain(COLLECTION_NICE);
    expect(Number(readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ")[16])).toBe(0);
  });

  it("fails an answer without what the cache needs as bad data, naming it", async () => {
    const t = started();
    const noNode = await get(t, "/nonode", "/stats/summary").catch((e: unknown) => e);
    expect(noNode).toBeInstanceOf(K8sError);
    expect(noNode).toMatchObject({
      message: "bad data: summary has no node stats",
      kind: "bad-data",
      resource: "kubelet summary",
    });
    await expect(get(t, "/noconfig", "/configz")).rejects.toThrow("bad data: configz has no kubeletconfig");
    await expect(get(t, "/missing", "/configz")).rejects.toMatchObject({ status: 404, message: "404 Not Found: no such path" });
  });

  it("fails what is in flight when the thread goes, and starts a new thread for the next request", async () => {
    const t = started();
    const before = hangs;
    const hung = get(t, "/hang", "/configz").then(
      () => "answered",
      (e: Error) => e.message,
    );
    // The request is in flight: the kubelet has it and is not answering.
    await until(() => hangs === before + 1, 10_000, "the hanging request to arrive");
    t.close();
    expect(await hung).toBe("collection thread stopped");
    expect(await get(t, "/ok", "/configz")).toEqual({ evictionHard: { "memory.available": "200Mi" } });
    expect(t.started).toBe(2);
  }, 30_000);
});
