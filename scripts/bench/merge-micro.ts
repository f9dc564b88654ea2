// Microbench of the merged fleet overview's own work on the asked replica (no collection, no HTTP):
// two peers' answers to GET /api/peer/rows, as bytes in 64 KiB chunks as the network hands them
// over, read as they come (part-reader.ts) and merged with our own third of the rows into the
// document's slices (mergeParts), against one
// process writing the same 5 000 rows as text (joined in slices of 500 and encoded, as its route
// does). Synthetic rows of the real document's size (2 KB whole, ~1.1 KB in the table's form), ASCII
// as label values are. Prints medians; asserts nothing.
export {};

await import("../../bin/register-server-only.mjs");
const { mergeParts } = await import("../../lib/k8s/replicas/merge/fleet-parts");
const { StreamedSource } = await import("../../lib/k8s/replicas/merge/part-source");
type PartsContext = import("../../lib/k8s/replicas/merge/fleet-parts").PartsContext;

const NODES = Number(process.env.BENCH_NODES ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const names = Array.from({ length: NODES }, (_, i) => `node-${String(i).padStart(5, "0")}`);
const ownerOf = (i: number) => (i * 2654435761) % 3; // scattered, as rendezvous hashing scatters them
// Each row's JSON as the cache keeps it rendered (node-state.ts: rowJson, rowExtraJson); a request
// appends the ages and the owner.
const rowJson = names.map((n) => `{"name":${JSON.stringify(n)},"table":${JSON.stringify(`m${n}`.repeat(92))}`);
const head = (i: number, owner: number) => `${rowJson[i]!},"leaseAgeSeconds":3,"owner":"r-${owner}"`;
const extra = `,"labels":${JSON.stringify({ zone: "eu-1", more: "l".repeat(800) })},"observations":[]`;
const env = {
  generatedAt: new Date(0).toISOString(),
  cluster: {
    context: "bench",
    contexts: ["bench"],
    demo: false,
    collectionMode: "proxy" as const,
    ready: true,
    nodesTotal: 0,
    nodesCollected: 0,
    apiServer: { reachable: true, error: null },
  },
  summary: { nodesUnderPressure: 0, evictionsLastHour: 0, reserved: {}, capacity: {} },
  configs: {},
};
const rowsOf = (owner: number) =>
  names.flatMap((n, i) => (ownerOf(i) === owner ? [{ name: n, head: head(i, owner), extra }] : []));
// A peer's answer as it sends it (peer-rows.ts: envelope line, NAME⇥HEAD⇥EXTRA lines, `end N`).
const answer = (owner: number) => {
  const rows = rowsOf(owner);
  return Buffer.from(
    `${JSON.stringify(env)}\n${rows.map((r) => `${r.name}\t${r.head}\t${r.extra}\n`).join("")}end ${rows.length}`,
  );
};
const answers = [answer(1), answer(2)];
const ctx = {
  cache: { nodes: { store: new Map() } },
  identity: "r-0",
  peers: [],
  members: ["r-0", "r-1", "r-2"],
  ownerOf: () => undefined,
  now: Date.now,
} as unknown as PartsContext;

// A peer's answer as its response body delivers it.
const chunked = (body: Buffer) => {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= body.length) return c.close();
      c.enqueue(body.subarray(at, (at += 64 * 1024)));
    },
  });
};
async function merged(): Promise<number> {
  const local = { env, rows: rowsOf(0) };
  const peers = answers.map((b, i) => new StreamedSource(`r-${i + 1}`, chunked(b), 3000));
  let bytes = 0;
  for await (const s of mergeParts(ctx, local, peers, false)) bytes += s.length;
  return bytes;
}
function oneProcess(): number {
  const utf8 = new TextEncoder();
  const rows = names.map((_, i) => `${head(i, ownerOf(i))}${extra}}`);
  let bytes = utf8.encode(`${JSON.stringify(env).slice(0, -1)},"nodes":[`).length;
  for (let i = 0; i < rows.length; i += 500) bytes += utf8.encode((i ? "," : "") + rows.slice(i, i + 500).join(",")).length;
  return bytes;
}
const time = async (f: () => number | Promise<number>) => {
  const t = performance.now();
  const bytes = await f();
  return { ms: performance.now() - t, bytes };
};
const runs = { merged: [] as number[], one: [] as number[] };
let bytes = 0;
for (let i = 0; i < RUNS + 3; i++) {
  const m = await time(merged);
  const o = await time(oneProcess);
  if (i < 3) continue; // warm-up
  runs.merged.push(m.ms);
  runs.one.push(o.ms);
  bytes = m.bytes;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const range = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
console.log(
  `merge microbench: ${NODES} rows, ${(bytes / 2 ** 20).toFixed(1)} MiB, two peers' answers of ${answers.map((a) => (a.length / 2 ** 20).toFixed(1)).join(" and ")} MiB, ${RUNS} runs`,
);
console.log(`  merged, the asked replica's own work: median ${median(runs.merged).toFixed(1)} ms (${range(runs.merged)})`);
console.log(`  one process writing the same rows:    median ${median(runs.one).toFixed(1)} ms (${range(runs.one)})`);
