// The fleet overview document as the browser checks it, without zod. The site header and the fleet
// page load on every first paint, and zod 4's classic API cannot be tree-shaken (33 KiB gzip of a
// 209 KiB first load: docs/benchmarks.md), so this module checks the same envelope by hand.
// dto.ts's `clusterOverviewInBrowser` stays the definition: overview-envelope.test.ts compares the
// two on good and broken documents, and requires the same verdict and the same first error (path
// and words) from both. Rows are checked for their shape only, as there: the server validated each
// one against `nodeRow` when it computed it. Unlike zod the document is returned as received, not
// copied (unknown keys are kept; nothing reads them), except that a record drops a "__proto__" key.
import type { FleetOverview, NodeRow } from "./dto";

type Path = readonly (string | number)[];
type Check = (v: unknown, path: Path) => void;

/** A row's shape: what the fleet page reads before it trusts the rest (the server validated it). */
export const isRowShaped = (v: unknown): v is NodeRow =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as { name?: unknown }).name === "string" &&
  typeof (v as { worstMargin?: unknown }).worstMargin === "object";

/** "cluster.apiServer.error: Invalid input: expected string, received number", zod's words. */
function fail(path: Path, message: string): never {
  throw new Error(`${path.join(".") || "document"}: ${message}`);
}

// zod's name for what it received (util.parsedType), for the JSON values a response can hold.
const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
const expected = (what: string, v: unknown, path: Path): never =>
  fail(path, `Invalid input: expected ${what}, received ${typeName(v)}`);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const string: Check = (v, p) => void (typeof v === "string" || expected("string", v, p));
const boolean: Check = (v, p) => void (typeof v === "boolean" || expected("boolean", v, p));
// zod 4 refuses NaN and ±Infinity too (JSON has neither).
const number: Check = (v, p) => void ((typeof v === "number" && Number.isFinite(v)) || expected("number", v, p));
const unknown: Check = () => {};

const nullable =
  (check: Check): Check =>
  (v, p) =>
    v === null || check(v, p);
const optional =
  (check: Check): Check =>
  (v, p) =>
    v === undefined || check(v, p);

function oneOf(...values: string[]): Check {
  const message = `Invalid option: expected one of ${values.map((s) => JSON.stringify(s)).join("|")}`;
  return (v, p) => void (values.includes(v as string) || fail(p, message));
}

/** Keys checked in the schema's order, so the first error is the one zod reports first. */
const object =
  (shape: Record<string, Check>): Check =>
  (v, p) => {
    if (!isObject(v)) expected("object", v, p);
    for (const key of Object.keys(shape)) shape[key]!((v as Record<string, unknown>)[key], [...p, key]);
  };

const record =
  (value: Check): Check =>
  (v, p) => {
    if (!isObject(v)) expected("record", v, p);
    const entries = v as Record<string, unknown>;
    for (const key of Object.keys(entries)) {
      // zod neither checks nor keeps a "__proto__" key (JSON.parse makes it an own property): dropped
      // here too, so no code meets an unchecked entry.
      if (key === "__proto__") delete entries[key];
      else value(entries[key], [...p, key]);
    }
  };

const array =
  (item: Check): Check =>
  (v, p) => {
    if (!Array.isArray(v)) expected("array", v, p);
    (v as unknown[]).forEach((x, i) => item(x, [...p, i]));
  };

const rowShaped: Check = (v, p) => void (isRowShaped(v) || fail(p, "must be a node row"));

const amounts = record(number);
const source = oneOf("configz", "profile", "defaults");

// dto.ts's clusterOverview, key for key and in the same order.
const envelope = object({
  generatedAt: string,
  cluster: object({
    context: string,
    contexts: array(string),
    demo: boolean,
    collectionMode: oneOf("direct", "proxy"),
    ready: boolean,
    nodesTotal: number,
    nodesCollected: number,
    apiServer: object({ reachable: boolean, error: nullable(string) }),
    podsListed: optional(number),
    replicas: optional(object({ identity: string, members: array(string), unreachable: array(string) })),
  }),
  summary: object({ nodesUnderPressure: number, evictionsLastHour: number, reserved: amounts, capacity: amounts }),
  nodes: array(rowShaped),
  configs: record(object({ kubeletConfig: nullable(record(unknown)), kubeletFlags: nullable(string), source })),
});

/**
 * The overview document received from /api/cluster, checked: its envelope in full, each row for
 * its shape (whole rows, or the table's, without labels and observations: `?rows=table`). Throws an Error naming the first field that is wrong, as zod's first issue would.
 */
export function parseOverviewEnvelope(doc: unknown): FleetOverview {
  envelope(doc, []);
  return doc as FleetOverview;
}
