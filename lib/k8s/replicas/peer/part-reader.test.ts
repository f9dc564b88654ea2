// A peer's rows read back from the bytes it sent (part-reader.ts), whole or chunk by chunk as they
// arrive, and copied into the merged document (mergeParts) without being decoded: what goes in
// comes out byte for byte, UTF-8 beyond ASCII included, wherever the chunks are cut; a malformed
// answer is refused with words naming what is wrong; a peer that fails mid-answer keeps the rows it
// sent, counted one by one, and its other nodes are listed as owner unreachable.
import { describe, expect, it } from "vitest";

import { mergedDocument } from "../merge/fleet-merge";
import { mergeParts, type PartsContext } from "../merge/fleet-parts";
import { StreamedSource, wholeSource } from "../merge/part-source";
import { envelopeOf, rowHead } from "./part-fixtures";
import { PartReader, readPart } from "./part-reader";
import type { OverviewPart } from "./peer-rows";

// A row's two pieces as a peer renders them: the head (rowHead, up to its closing brace) and the extra fields.
const extra = (note: string) => `,"labels":{"zone":"eu-1"},"observations":[${JSON.stringify(note)}]`;
const answer = (rows: [string, string][], owner: string, end = rows.length) =>
  Buffer.from(
    `${JSON.stringify(envelopeOf(rows.length))}\n${rows.map(([n, note]) => `${n}\t${rowHead(n, owner)}\t${extra(note)}\n`).join("")}end ${end}`,
  );

// No Node informer entries: every row comes from a part, none is a placeholder.
const ctx = {
  cache: { nodes: { store: new Map() } },
  identity: "r-0",
  peers: [],
  members: ["r-0", "r-1"],
  ownerOf: () => undefined,
  now: () => 0,
} as unknown as PartsContext;

describe("a peer's rows as bytes", () => {
  const peerRows: [string, string][] = [
    ["node-b", "mémoire ½ libre 💾"],
    ["node-d", "plain"],
    ["node-e", "tab\\tand newline\\n escaped, as JSON does"],
  ];
  const local: OverviewPart = {
    env: envelopeOf(2),
    rows: ["node-a", "node-c"].map((n) => ({ name: n, head: rowHead(n, "r-0"), extra: extra(`ours ${n} ✓`) })),
  };

  it("are merged in name order into the document a parse of every row would give", async () => {
    const part = readPart(answer(peerRows, "r-1"));
    expect(part.rows.map((r) => r.name)).toEqual(["node-b", "node-d", "node-e"]);
    for (const table of [false, true]) {
      const doc = await mergedDocument(mergeParts(ctx, local, [wholeSource("r-1", part)], table));
      const want = [
        ...local.rows.map((r) => [r.name, `ours ${r.name} ✓`, "r-0"]),
        ...peerRows.map(([n, note]) => [n, note, "r-1"]),
      ]
        .sort(([a], [b]) => (a! < b! ? -1 : 1))
        .map(([n, note, owner]) => JSON.parse(`${rowHead(n!, owner!)}${table ? "" : extra(note!)}}`) as unknown);
      expect(doc.nodes).toEqual(want);
      expect(doc.cluster.nodesCollected).toBe(5);
      expect(doc.summary.capacity).toEqual({ memory: 5 });
    }
  });

  it("count a node both parts hold once, ours first", async () => {
    const part = readPart(answer([["node-a", "theirs"], ...peerRows], "r-1"));
    const doc = await mergedDocument(mergeParts(ctx, local, [wholeSource("r-1", part)], false));
    expect(doc.nodes.map((n) => n.name)).toEqual(["node-a", "node-b", "node-c", "node-d", "node-e"]);
    expect(doc.nodes[0]!.owner).toBe("r-0");
    expect(doc.cluster).toMatchObject({ nodesTotal: 5, nodesCollected: 5 }); // 2 + 4, the one sent twice taken out
    expect(doc.summary.capacity).toEqual({ memory: 5 });
  });

  it("are refused, with words naming what is wrong, when the answer is malformed", () => {
    const good = answer(peerRows, "r-1").toString();
    const cases: [string, string, RegExp][] = [
      ["no end line", good.slice(0, good.lastIndexOf("\n")), /^answer cut short \(no end line\)$/],
      ["fewer rows than the end line counts", good.replace(/end 3$/, "end 4"), /^answer cut short \(3 of 4 rows\)$/],
      ["an envelope that is not one", `{"generatedAt":1}${good.slice(good.indexOf("\n"))}`, /^bad document: envelope$/],
      ["only an end line", "end 0", /^bad document: envelope$/],
      ["a fourth field", good.replace(/(node-d\t[^\n]*)/, "$1\tmore"), /^bad document: row 1$/],
      ["one field", good.replace(/node-d\t[^\n]*/, "node-d"), /^bad document: row 1$/],
      [
        "a row whose name is not its line's",
        good.replace(`node-e\t{"name":"node-e"`, `node-e\t{"name":"node-x"`),
        /^bad document: row 2$/,
      ],
      [
        "a name that is no node name",
        good.replace(/node-b\t\{"name":"node-b"/, `Node_B\t{"name":"Node_B"`),
        /^bad document: row 0$/,
      ],
      [
        "rows out of name order",
        good.replace(/node-d\t/, "node-a\t").replace(`{"name":"node-d"`, `{"name":"node-a"`),
        /^bad document: row 1$/,
      ],
      [
        "a row named twice",
        good.replace(/node-d\t/, "node-b\t").replace(`{"name":"node-d"`, `{"name":"node-b"`),
        /^bad document: row 1$/,
      ],
    ];
    for (const [what, text, why] of cases) expect(() => readPart(Buffer.from(text)), what).toThrow(why);
  });

  it("read chunk by chunk give the rows of the whole answer, wherever the chunks are cut", () => {
    const body = answer(peerRows, "r-1");
    const whole = readPart(body);
    const views = (rows: OverviewPart["rows"]) => rows.map((r) => [r.name, r.head.toString(), r.extra.toString()]);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const cuts: ((at: number) => number)[] = [() => 1, () => 2, () => 3, () => 64, () => 1 + Math.floor(random() * 40)];
    for (const size of cuts) {
      const reader = new PartReader();
      const rows: OverviewPart["rows"] = [];
      for (let at = 0; at < body.length;) {
        const n = size(at);
        rows.push(...reader.push(body.subarray(at, at + n)));
        at += n;
      }
      reader.finish();
      expect(views(rows)).toEqual(views(whole.rows));
      expect(reader.env).toEqual(whole.env);
    }
  });

  it("of a peer that fails mid-answer stay, counted one by one; its other nodes are owner unreachable", async () => {
    const node = (name: string) => ({
      metadata: { name, labels: {} },
      spec: {},
      status: { capacity: { memory: "1" }, allocatable: { memory: "1" }, conditions: [] },
    });
    const names = ["node-a", "node-b", "node-c", "node-d", "node-e"];
    const failing = {
      ...ctx,
      cache: { nodes: { store: new Map(names.map((n) => [n, node(n)])) }, leases: { store: new Map() }, now: () => 0 },
      peers: [{ identity: "r-1", seenAt: 0 }],
      ownerOf: (n: string) => (n === "node-a" || n === "node-c" ? "r-0" : "r-1"),
    } as unknown as PartsContext;
    const body = answer(peerRows, "r-1");
    // the envelope and node-b's row arrive, then the connection drops
    const cut = body.indexOf("\nnode-d") + 1;
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (pulls++ === 0) c.enqueue(body.subarray(0, cut));
        else c.error(new Error("other side closed"));
      },
    });
    const doc = await mergedDocument(mergeParts(failing, local, [new StreamedSource("r-1", stream, 3000)], false));
    expect(doc.nodes.map((n) => [n.name, n.owner, n.ownerUnreachable ?? null])).toEqual([
      ["node-a", "r-0", null],
      ["node-b", "r-1", null],
      ["node-c", "r-0", null],
      ["node-d", "r-1", "owner unreachable: replica r-1, Lease last renewed 0 s ago (other side closed)"],
      ["node-e", "r-1", "owner unreachable: replica r-1, Lease last renewed 0 s ago (other side closed)"],
    ]);
    // ours (2, from our envelope) + node-b (parsed: its envelope counted 3 it never sent) + 2 placeholders
    expect(doc.cluster).toMatchObject({ ready: false, nodesTotal: 5, nodesCollected: 3 });
    expect(doc.cluster.replicas?.unreachable).toEqual(["r-1"]);
    expect(doc.summary.capacity).toEqual({ memory: 2 + 1 + 2 });
    expect(doc.configs["owner-unreachable"]).toBeDefined();
  });
});
