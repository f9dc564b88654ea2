// Tells what a pasted or piped document is, so a piece given where the whole input document
// belongs (a bare Summary, a configz, a Node, a Pod list, `kubectl get node -o json`) is named and
// sent to its slot instead of being read as an input document that happens to share key names
// (a Summary's top-level "node" and "pods" are not a V1Node and V1Pods).
import { isObject } from "./input-errors";
import { INPUT_KEYS } from "./input-keys";

export type Slot = "node" | "pods" | "summary" | "kubeletConfig";

export type Recognized =
  | { kind: "input" }
  /** `fromList`: `value` is the one item of a List, not the document given. */
  | { kind: "piece"; slot: Slot; what: string; value: unknown; fromList?: boolean }
  | { kind: "refused"; what: string; reason: string };

const CONFIG_KEYS = [
  "evictionHard",
  "evictionSoft",
  "evictionSoftGracePeriod",
  "kubeReserved",
  "systemReserved",
  "enforceNodeAllocatable",
  "evictionMinimumReclaim",
];

const isSummary = (d: Record<string, unknown>) =>
  isObject(d.node) &&
  !("metadata" in d.node) &&
  ("nodeName" in d.node || "systemContainers" in d.node || "memory" in d.node || "fs" in d.node);
const isNode = (d: unknown): boolean =>
  isObject(d) &&
  (d.kind === "Node" ||
    (d.kind === undefined &&
      isObject(d.metadata) &&
      isObject(d.status) &&
      ("nodeInfo" in d.status || "capacity" in d.status) &&
      !isObject((d as { spec?: { containers?: unknown } }).spec?.containers)));
const isPod = (d: unknown): boolean =>
  isObject(d) && (d.kind === "Pod" || (isObject(d.spec) && Array.isArray(d.spec.containers)));

const clip = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
const NOT_A_DOCUMENT =
  'an input document is a JSON or YAML object such as {"node": ..., "pods": ..., "summary": ..., "kubeletConfig": ...}';

/**
 * Text that is no document at all: YAML reads any line of prose as a string, and a line with a
 * colon as a one-key mapping ("this is { not: json }"), which would otherwise be reported as an
 * "unknown field" nobody wrote. A mapping counts as prose when none of its keys is a name.
 */
function prose(doc: unknown): string | null {
  if (typeof doc === "string") return doc;
  if (!isObject(doc)) return null;
  const keys = Object.keys(doc);
  return keys.length > 0 && keys.every((k) => !/^[A-Za-z_][\w./-]*$/.test(k)) ? keys[0]! : null;
}

/** Recognises a document given as the whole input: the input document itself, or one of its pieces. */
export function recognizeDocument(doc: unknown): Recognized {
  const text = prose(doc);
  if (text != null) return { kind: "refused", what: `plain text (${clip(text)})`, reason: NOT_A_DOCUMENT };
  if (Array.isArray(doc)) {
    return doc.length > 0 && doc.every(isPod)
      ? { kind: "piece", slot: "pods", what: `a list of ${doc.length} Pod(s)`, value: doc }
      : { kind: "input" };
  }
  if (!isObject(doc)) return { kind: "input" };
  if (isSummary(doc)) return { kind: "piece", slot: "summary", what: "a kubelet Summary (GET /stats/summary)", value: doc };
  if (isObject(doc.kubeletconfig) && Object.keys(doc).length === 1)
    return { kind: "piece", slot: "kubeletConfig", what: "a kubelet configz response (GET /configz)", value: doc };
  if (
    doc.kind === "KubeletConfiguration" ||
    (!Object.keys(doc).some((k) => INPUT_KEYS.has(k)) && CONFIG_KEYS.some((k) => k in doc))
  ) {
    return { kind: "piece", slot: "kubeletConfig", what: "a KubeletConfiguration", value: doc };
  }
  if (isNode(doc)) return { kind: "piece", slot: "node", what: "a Node (kubectl get node NAME -o json)", value: doc };
  if (isPod(doc)) return { kind: "piece", slot: "pods", what: "a single Pod", value: [doc] };
  if (
    Array.isArray(doc.items) &&
    (doc.kind === "List" || doc.kind === "NodeList" || doc.kind === "PodList" || doc.kind === undefined)
  ) {
    const items = doc.items as unknown[];
    if (items.length > 0 && items.every(isNode)) {
      return items.length === 1
        ? {
            kind: "piece",
            slot: "node",
            what: "a list with one Node (kubectl get node -o json)",
            value: items[0],
            fromList: true,
          }
        : {
            kind: "refused",
            what: `a list of ${items.length} Nodes (kubectl get nodes -o json)`,
            reason: 'an input document describes one node: give one Node under "node"',
          };
    }
    if (doc.kind === "PodList" || (items.length > 0 && items.every(isPod))) {
      return { kind: "piece", slot: "pods", what: `a Pod list of ${items.length} pod(s) (kubectl get pods -o json)`, value: doc };
    }
  }
  return { kind: "input" };
}

/** For the CLI and the HTTP route: the one-line refusal when a piece is given as the whole input, else null. */
export function misplacedDocument(doc: unknown): string | null {
  const r = recognizeDocument(doc);
  if (r.kind === "input") return null;
  if (r.kind === "refused") return `input: this is ${r.what}, not an input document; ${r.reason}`;
  // A list's one Node goes under "node", not the list: `jq '{node: .items[0]}'` says exactly that.
  const where = r.fromList
    ? `its one item belongs under "${r.slot}", e.g. jq '{${r.slot}: .items[0]}'`
    : `it belongs under "${r.slot}", e.g. {"${r.slot}": <this document>, ...}`;
  return `input: this is ${r.what}, not an input document; ${where} (see docs/cli.md)`;
}
