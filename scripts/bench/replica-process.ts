// One Headroom data layer in a process of its own for scripts/bench-replicas.ts: the shared cache
// against the bench's simulated cluster, sharded through Leases when REPLICA_NAME is set (else one
// replica collecting every node), behind a loopback HTTP server that serves the fleet overview
// (/api/cluster, merged from every replica when sharded) and the peer route. Prints one JSON line
// when its own nodes are all collected ({ready}), then one after a steady-state window of its own
// CPU and RSS ({steady}); the parent reads them. Asserts nothing.
import { existsSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { pipeline, Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { BroadcastChannel } from "node:worker_threads";

import { benchCacheSettings, SUMMARY_INTERVAL_MS } from "./cache-settings";
import { historyDepth } from "./history-depth";
import { PROFILE_CHANNEL, PROFILE_EXTENSION, startProfile, type ProfileMessage } from "./profile-channel";

// scripts/bench-replicas.ts starts this process and says where its inputs are; run alone, it
// names what is missing.
const given = (setting: string): string => {
  const v = process.env[setting];
  if (!v) throw new Error(`${setting} is not set: scripts/bench-replicas.ts starts this process and sets it`);
  return v;
};

await import("../../bin/register-server-only.mjs");
// The server's code as it ships, bundled once by scripts/bench-replicas.ts (bundleServerParts).
const { importServerParts } = await import("./server-bundle.mjs");
const {
  ClusterCache,
  ClusterClient,
  loadKubeConfig,
  overviewJson,
  Membership,
  Shard,
  mergedStream,
  peerOverview,
  peerRows,
  mergedDocuments,
  peerDocuments,
  localDocuments,
  installRequestActivity,
  sliceStream,
} = await importServerParts(given("BENCH_SERVER_PARTS"));

const kubeconfig = given("BENCH_KUBECONFIG");
const workerFile = given("BENCH_FETCH_WORKER");
const name = process.env.REPLICA_NAME;
const secret = process.env.BENCH_PEER_SECRET ?? "";
const steadyMs = Number(process.env.BENCH_STEADY_MS ?? 25_000);

// As the app's boot does (lib/server/start/boot.ts): requests in flight on this process's plain-HTTP
// server, a viewer's or a peer's, hold its background work (lib/http/request-activity.ts). Without
// it each replica kept collecting while it answered its part of a merged overview.
if (process.env.BENCH_NO_GATE !== "1") installRequestActivity();
const server = createServer();
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const client = new ClusterClient(loadKubeConfig({ kind: "file", path: kubeconfig }), 32);
const membership = name
  ? new Membership({
      client: new ClusterClient(loadKubeConfig({ kind: "file", path: kubeconfig }), 2),
      namespace: "default",
      identity: name,
      peerUrl: url,
      // The bench stops two replicas (SIGSTOP) while it reads the third one's CPU alone: their
      // Leases must outlive that, or the third would take their nodes (BENCH_LEASE_DURATION_S;
      // the default 15 s otherwise). Renewals still go every 2 s.
      leaseDurationS: Number(process.env.BENCH_LEASE_DURATION_S ?? 15),
      // Lease trouble (a renew past its deadline stops the collection) on the bench's stderr, so a
      // run whose replicas never settle says why instead of only waiting.
      log: (level, msg) => {
        if (level !== "info") process.stderr.write(`${name}: ${msg}\n`);
      },
    })
  : undefined;
const shard = membership && name ? new Shard(membership, name) : undefined;
const cache = new ClusterCache({
  client,
  profiles: [],
  demo: false,
  fetchWorker: () => ({ file: workerFile, execArgv: [] }),
  owns: shard?.owns,
  settings: benchCacheSettings("proxy"),
});
shard?.attach(cache);
const info = { context: client.context, contexts: client.contexts, demo: false };

// BENCH_TRACE=1: for each answer, ms from the handler's start to its first byte (the single
// process: to its document built) and to its last, on stderr.
function trace(res: ServerResponse, t0: number, first: () => number): void {
  if (process.env.BENCH_TRACE)
    res.on("finish", () =>
      console.error(
        `TRACE ${name ?? "one"} ${res.req.url} first ${first().toFixed(0)} end ${(performance.now() - t0).toFixed(0)}`,
      ),
    );
}

/** Slices written as the routes stream them (lib/http/slice-stream.ts): the peer rows and the merged overview. */
function sendSlices(res: ServerResponse, type: string, slices: Parameters<typeof sliceStream>[0]): void {
  const t0 = performance.now();
  let first = 0;
  res.writeHead(200, { "content-type": type });
  const body = Readable.fromWeb(sliceStream(slices) as WebReadableStream<Uint8Array>);
  body.once("data", () => (first = performance.now() - t0));
  trace(res, t0, () => first);
  // pipeline, not pipe: a stream failing after the headers destroys the answer (as Next's writer
  // does) instead of leaving it open with its error unhandled
  pipeline(body, res, () => {});
}

server.on("request", (req, res) => {
  const send = (status: number, body: string) => res.writeHead(status, { "content-type": "application/json" }).end(body);
  if (req.url === "/api/peer/overview" && name) {
    const p = peerOverview(req.headers.authorization ?? null, { cache, info, identity: name, peerToken: secret });
    return send(p.status, JSON.stringify(p.body));
  }
  // The rows as rendered text (what the merged /api/cluster asks peers for), as app/api/peer/rows does.
  const rows = /^\/api\/peer\/rows(\?rows=table)?$/.exec(req.url ?? "");
  if (rows && name) {
    const p = peerRows(req.headers.authorization ?? null, { cache, info, identity: name, peerToken: secret }, !!rows[1]);
    return p.status === 200 ? sendSlices(res, "text/plain; charset=utf-8", p.lines) : send(p.status, JSON.stringify(p.body));
  }
  // Several node documents (the what-if's pod detail): one peer request per owner when sharded.
  const docs = /^\/api\/(peer\/documents|nodes)\?names=([^&]+)$/.exec(req.url ?? "");
  if (docs) {
    const names = decodeURIComponent(docs[2]!).split(",");
    if (docs[1] !== "nodes") {
      if (!name) return send(404, "{}");
      const p = peerDocuments(req.headers.authorization ?? null, names, { cache, identity: name, peerToken: secret });
      return send(p.status, JSON.stringify(p.body));
    }
    if (!membership || !shard || !name) {
      const part = localDocuments(cache, names);
      return send(200, JSON.stringify({ ...part, complete: part.missing.length === 0 }));
    }
    return void mergedDocuments(names, {
      cache,
      identity: name,
      peerToken: secret,
      ...shard.view(),
    }).then(
      (d) => send(200, JSON.stringify(d)),
      (e: Error) => send(500, JSON.stringify({ error: e.message })),
    );
  }
  if (req.url === "/api/cluster") {
    if (!membership || !shard || !name) {
      const t0 = performance.now();
      const body = overviewJson(cache, info);
      const built = performance.now() - t0;
      trace(res, t0, () => built);
      return send(200, body);
    }
    return sendSlices(
      res,
      "application/json",
      mergedStream({ cache, info, identity: name, peerToken: secret, ...shard.view() }, false),
    );
  }
  send(404, "{}");
});

// How late this process's event loop ran until ready (its pod list and first rows): a Lease renewal
// due meanwhile waits that long before it is even sent (docs/benchmarks.md, "Replicas").
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
const rss0 = process.memoryUsage().rss;
const t0 = performance.now();
membership?.start();
cache.start();
const members = Number(process.env.BENCH_MEMBERS ?? 1);
const readyBy = t0 + Number(process.env.BENCH_READY_TIMEOUT_MS ?? 900_000);
// Ready: every member live, every node this replica owns asked once (a Summary that failed under
// load counts, as in the cache's own readiness; the share collected is printed), and the pods
// watched again: each membership change reshards, and resharding lists every pod again (list-skip
// drops other replicas'). Without that last condition each replica's steady window held the whole
// 150 000-pod list the last member's arrival started (one completed in each, 2026-11-28).
for (;;) {
  const memberCount = membership ? membership.members().length : 1;
  if (memberCount === members && cache.states.size > 0 && cache.collector.firstPassDone() && cache.pods.status.watching) break;
  if (performance.now() > readyBy) break; // reported as timedOut: measured anyway, marked
  await new Promise((r) => setTimeout(r, 500));
}
const emit = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);
const collected = [...cache.states.values()].filter((st) => st.summaryAt !== null).length;
const timedOut = performance.now() > readyBy;
loopDelay.disable();
const loopDelayMaxMs = loopDelay.max / 1e6;
emit({
  ready: {
    url,
    ms: performance.now() - t0,
    owned: cache.states.size,
    collected,
    loopDelayMaxMs,
    ...(timedOut ? { timedOut } : {}),
  },
});

const label = name ?? "one";
// The window starts one and a half Summary intervals after ready, as the data bench's starts some
// seconds after its first document. Begun the moment the first pass ended, it held fewer Summaries
// than were due, at more CPU each: the single process asked 10 147–10 438 of 12 500 at 1.69–2.16 ms
// (2026-11-29/30), so no CPU share could be read. Begun 15 s later, it asked 12 771 at 1.34 ms and
// every replica kept up (docs/benchmark-rounds.md, round seventeen). A replica is ready later than
// the single process, so its rows hold more history samples and cost more to recompute: the
// steady line prints the depth. BENCH_SETTLE_MS overrides the delay (300000: every ring full).
await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 1.5 * SUMMARY_INTERVAL_MS)));
// BENCH_CPU_PROF=<dir> and BENCH_CPU_PROF_OF=<replica names, or "one", comma-separated>: CPU
// profiles of each such replica's main thread and collection thread over its first steady
// window, <dir>/<name>.cpuprofile and <dir>/<name>-collection.cpuprofile (.heapprofile with
// BENCH_HEAP_PROF). Taken through the inspector: node's --cpu-prof on the command line reached
// tsx's launcher, not this process.
const profiled = !!process.env.BENCH_CPU_PROF && !!process.env.BENCH_CPU_PROF_OF?.split(",").includes(label);

/** One steady window of this process's own CPU and RSS (the figures the parent prints). */
async function steadyWindow(profiling: boolean): Promise<object> {
  const collectionProfiler = profiling ? new BroadcastChannel(PROFILE_CHANNEL) : null;
  const stopProfile = profiling ? await startProfile() : null;
  collectionProfiler?.postMessage({ start: true } satisfies ProfileMessage);
  const cpu0 = process.cpuUsage();
  const sent0 = cache.collector.sent.summary;
  const relists0 = cache.pods.status.relists;
  const failed0 = cache.collectStats.failures;
  await new Promise((r) => setTimeout(r, steadyMs));
  const cpu = process.cpuUsage(cpu0);
  const mem = process.memoryUsage();
  if (stopProfile) {
    const collectionFile = `${process.env.BENCH_CPU_PROF}/${label}-collection.${PROFILE_EXTENSION}`;
    collectionProfiler!.postMessage({ stop: collectionFile } satisfies ProfileMessage);
    await stopProfile(`${process.env.BENCH_CPU_PROF}/${label}.${PROFILE_EXTENSION}`);
    // the collection thread writes its own; wait for it (bounded) before the parent moves on
    for (let i = 0; i < 100 && !existsSync(collectionFile); i++) await new Promise((r) => setTimeout(r, 100));
    collectionProfiler!.close();
  }
  return {
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    rssMiB: mem.rss / 2 ** 20,
    heapUsedMiB: mem.heapUsed / 2 ** 20,
    heapTotalMiB: mem.heapTotal / 2 ** 20,
    externalMiB: mem.external / 2 ** 20,
    /** RSS before the cache started: the runtime's own, the same in every replica. */
    rss0MiB: rss0 / 2 ** 20,
    summaries: cache.collector.sent.summary - sent0,
    due: (cache.states.size * steadyMs) / SUMMARY_INTERVAL_MS,
    owned: cache.states.size,
    pods: [...cache.states.values()].reduce((n, s) => n + s.pods.size, 0),
    /** Pod lists begun again in the window (a membership change reshards: resharding relists). */
    podRelists: cache.pods.status.relists - relists0,
    /** Summary requests that failed in the window (a timeout on a starved machine costs CPU too). */
    summariesFailed: cache.collectStats.failures - failed0,
    /** The deepest history ring: a row's trend fits cost more as it fills (history-depth.ts). */
    historySamples: historyDepth(cache.states.values()),
  };
}
const steady = await steadyWindow(profiled);
// BENCH_HEAP_SNAPSHOT=<dir> and BENCH_HEAP_SNAPSHOT_OF=<replica name, or "one">: a heap snapshot
// of that replica after its window, to see what it holds.
if (process.env.BENCH_HEAP_SNAPSHOT && process.env.BENCH_HEAP_SNAPSHOT_OF === label) {
  const { writeHeapSnapshot } = await import("node:v8");
  process.stderr.write(`${label}: ${writeHeapSnapshot(`${process.env.BENCH_HEAP_SNAPSHOT}/${label}.heapsnapshot`)}\n`);
}
emit({ steady });
// Each line "window" on stdin: one more window, answered {"window": …}. The parent asks for them
// while it holds the other replicas stopped (SIGSTOP), to read one replica's CPU with the two
// cores shared only with the simulator, as the single process's is (scripts/bench-replicas.ts).
createInterface({ input: process.stdin }).on("line", (l) => {
  if (l === "window") void steadyWindow(false).then((w) => emit({ window: w }));
});
process.on("SIGTERM", () => {
  void membership?.stop();
  cache.stop();
  process.exit(0);
});
