// The analyze form's logic, apart from React: what was pasted, where it goes, and the input
// document sent to POST /api/analyze. A piece (Summary, configz, Node, Pod list) goes to its slot;
// a whole input document is sent as it is, with any pieces filling the slots it leaves empty.
import { parseDocumentText } from "@/lib/contract/document";
import { recognizeDocument, type Slot } from "@/lib/eviction";
import { reportedAllocatable } from "@/lib/words/analysis-notes";

export const SLOTS: readonly { slot: Slot; label: string; hint: string }[] = [
  { slot: "node", label: "Node", hint: "kubectl get node NAME -o json" },
  { slot: "pods", label: "Pods", hint: "kubectl get pods -A --field-selector spec.nodeName=NAME -o json" },
  { slot: "summary", label: "Summary", hint: "kubectl get --raw /api/v1/nodes/NAME/proxy/stats/summary" },
  { slot: "kubeletConfig", label: "Kubelet config", hint: "kubectl get --raw /api/v1/nodes/NAME/proxy/configz" },
];

export type Pieces = Partial<Record<Slot, { what: string; value: unknown }>>;

export type Placed =
  /** `reported`: the Node's own status.allocatable, to tell when it contradicts the thresholds used. */
  | { action: "analyze"; body: string; missing: Slot[]; reported: Record<string, number> }
  | { action: "placed"; pieces: Pieces; message: string }
  | { action: "error"; message: string };

const missingOf = (doc: Record<string, unknown>): Slot[] => SLOTS.map((s) => s.slot).filter((s) => doc[s] == null);

/** Decides what to do with the pasted text given the pieces collected so far. */
export function place(text: string, pieces: Pieces): Placed {
  if (text.trim() === "") {
    const doc = Object.fromEntries(Object.entries(pieces).map(([k, v]) => [k, v.value]));
    if (Object.keys(doc).length === 0)
      return { action: "error", message: "Paste an input document, or a Node, Pod list, Summary or configz." };
    return { action: "analyze", body: JSON.stringify(doc), missing: missingOf(doc), reported: reportedAllocatable(doc.node) };
  }
  let doc: unknown;
  try {
    doc = parseDocumentText(text);
  } catch (e) {
    return { action: "error", message: (e as Error).message };
  }
  return placeDocument(text, doc, pieces);
}

function placeDocument(text: string, doc: unknown, pieces: Pieces): Placed {
  const r = recognizeDocument(doc);
  if (r.kind === "refused") return { action: "error", message: `This is ${r.what}: ${r.reason}.` };
  if (r.kind === "piece") {
    const label = SLOTS.find((s) => s.slot === r.slot)!.label;
    const replaced = pieces[r.slot] ? ` (it replaces ${pieces[r.slot]!.what})` : "";
    return {
      action: "placed",
      pieces: { ...pieces, [r.slot]: { what: r.what, value: r.value } },
      message: `Recognised ${r.what}: placed in the ${label} slot${replaced}. Add the other pieces, or Analyze.`,
    };
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc))
    return { action: "analyze", body: text, missing: [], reported: {} };
  const merged: Record<string, unknown> = { ...doc };
  for (const [slot, p] of Object.entries(pieces)) merged[slot] ??= p.value;
  return {
    action: "analyze",
    body: JSON.stringify(merged),
    missing: missingOf(merged),
    reported: reportedAllocatable(merged.node),
  };
}

/**
 * Places pasted text at once when it is a piece (the form calls this on paste and on any input that
 * adds more than a keystroke), so a second piece pasted next is never appended to the first and read
 * as one broken document. Anything else (a whole input document, half a piece, prose) stays in the
 * box for Analyze to report on: null.
 */
export function placePiece(text: string, pieces: Pieces): Extract<Placed, { action: "placed" }> | null {
  const t = text.trim();
  if (t === "") return null;
  let doc: unknown;
  try {
    doc = parseDocumentText(t);
  } catch {
    return null;
  }
  if (recognizeDocument(doc).kind !== "piece") return null;
  const r = placeDocument(t, doc, pieces);
  return r.action === "placed" ? r : null;
}
