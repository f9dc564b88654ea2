// Pure: parses a pod LIST page's JSON text, building objects only for the items a replica keeps.
// A sharded replica owns a third (or less) of the nodes, yet the API server sends it every pod; a
// JSON.parse of the whole page builds all of them only for the pod reflector's trim to drop most
// at once. That garbage is what grew each replica's heap to near one process's (docs/replicas.md,
// "What a replica holds"). Here each item is scanned as text (strings skipped with indexOf, so
// the scan touches little more than the punctuation) for its `spec.nodeName`, and only an item
// whose node is kept, or that has no node, is parsed. The kept items are the same objects
// JSON.parse would build; the trim still decides on them, so what is stored is unchanged.
//
// Text the scanner does not understand is handed to JSON.parse whole, so a malformed page fails
// as before. What the scan does not check: the spelling of numbers and literals inside skipped
// items (they are never read).

class NotJson extends Error {}
const notJson = new NotJson();

const QUOTE = 34;
const BACKSLASH = 92;

function ws(t: string, i: number): number {
  for (;;) {
    const c = t.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** The index after the string that starts at `i` (a quote). */
function endOfString(t: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const q = t.indexOf('"', from);
    if (q < 0) throw notJson;
    let b = q - 1;
    while (t.charCodeAt(b) === BACKSLASH) b--;
    // An even number of backslashes before the quote: it closes the string.
    if ((q - 1 - b) % 2 === 0) return q + 1;
    from = q + 1;
  }
}

/** The index after the value that starts at `i`. */
function endOfValue(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === QUOTE) return endOfString(t, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    let j = i;
    while (j < t.length) {
      const d = t.charCodeAt(j);
      if (d === QUOTE) {
        j = endOfString(t, j);
        continue;
      }
      if (d === 123 || d === 91) depth++;
      else if (d === 125 || d === 93) {
        if (--depth === 0) return j + 1;
      }
      j++;
    }
    throw notJson;
  }
  let j = i;
  for (; j < t.length; j++) {
    const d = t.charCodeAt(j);
    if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
  }
  if (j === i) throw notJson;
  return j;
}

const stringAt = (t: string, s: number, e: number): string => {
  const raw = t.slice(s + 1, e - 1);
  return raw.includes("\\") ? (JSON.parse(t.slice(s, e)) as string) : raw;
};

/**
 * Whether the key string at [s, e) is `name`, without building a string for it (a pod has
 * hundreds of keys; only an escaped key is decoded).
 */
function keyIs(t: string, s: number, e: number, name: string): boolean {
  if (e - s === name.length + 2) return t.startsWith(name, s + 1);
  // Only an escaped key can spell `name` in more characters (a key is short: look in it alone).
  for (let i = s + 1; i < e - 1; i++) if (t.charCodeAt(i) === BACKSLASH) return stringAt(t, s, e) === name;
  return false;
}

/**
 * Walks the members of the object at `i`; `onMember(keyStart, keyEnd, valueStart)` returns the
 * value's end when it walked the value itself, else -1. Returns the index after the object.
 */
function members(t: string, i: number, onMember: (keyStart: number, keyEnd: number, start: number) => number): number {
  if (t.charCodeAt(i) !== 123) throw notJson;
  i = ws(t, i + 1);
  if (t.charCodeAt(i) === 125) return i + 1;
  for (;;) {
    if (t.charCodeAt(i) !== QUOTE) throw notJson;
    const keyStart = i;
    const keyEnd = endOfString(t, i);
    i = ws(t, keyEnd);
    if (t.charCodeAt(i) !== 58) throw notJson;
    const start = ws(t, i + 1);
    const walked = onMember(keyStart, keyEnd, start);
    i = ws(t, walked >= 0 ? walked : endOfValue(t, start));
    const c = t.charCodeAt(i);
    if (c === 44) i = ws(t, i + 1);
    else if (c === 125) return i + 1;
    else throw notJson;
  }
}

/** An item's end, and whether its `spec.nodeName` is a non-empty string `keepNode` rejects. */
function scanItem(t: string, i: number, keepNode: (node: string) => boolean): { end: number; skip: boolean } {
  let skip = false;
  const end = members(t, i, (ks, ke, start) => {
    if (!keyIs(t, ks, ke, "spec")) return -1;
    // A repeated key counts as JSON.parse counts it: the last one.
    skip = false;
    if (t.charCodeAt(start) !== 123) return -1;
    return members(t, start, (ks2, ke2, s) => {
      if (!keyIs(t, ks2, ke2, "nodeName")) return -1;
      if (t.charCodeAt(s) !== QUOTE) return ((skip = false), -1);
      const e = endOfString(t, s);
      const node = stringAt(t, s, e);
      // The trim's own rule: a pod with a node another replica owns is dropped; no node, kept.
      skip = node !== "" && !keepNode(node);
      return e;
    });
  });
  return { end, skip };
}

/**
 * A list page scanned, items not parsed yet: `page` holds the other members (parsed; `items` an
 * empty array when the page has an items array), `spans` each kept item's [start, end) in `text`.
 */
interface ScannedList {
  text: string;
  page: Record<string, unknown>;
  spans: number[];
  skipped: number;
}

/** Scans a list page; null for text the scanner does not understand (give it to JSON.parse). */
function scanList(text: string, keepNode: (node: string) => boolean): ScannedList | null {
  try {
    const page: Record<string, unknown> = {};
    const spans: number[] = [];
    let skipped = 0;
    const end = members(text, ws(text, 0), (ks, ke, s) => {
      const key = stringAt(text, ks, ke);
      if (key !== "items" || text.charCodeAt(s) !== 91) {
        // A repeated "items" counts as JSON.parse counts it: the last one.
        if (key === "items") spans.length = skipped = 0;
        const e = endOfValue(text, s);
        // defineProperty, as JSON.parse does: a "__proto__" key is a member, not the prototype.
        Object.defineProperty(page, key, {
          value: JSON.parse(text.slice(s, e)),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        return e;
      }
      page.items = [];
      spans.length = 0;
      skipped = 0;
      let i = ws(text, s + 1);
      if (text.charCodeAt(i) === 93) return i + 1;
      for (;;) {
        // Not an object: kept as it is, for the list's doorway (wire.ts) to reject by name.
        const item = text.charCodeAt(i) === 123 ? scanItem(text, i, keepNode) : { end: endOfValue(text, i), skip: false };
        if (item.skip) skipped++;
        else spans.push(i, item.end);
        i = ws(text, item.end);
        const c = text.charCodeAt(i);
        if (c === 44) i = ws(text, i + 1);
        else if (c === 93) return i + 1;
        else throw notJson;
      }
    });
    if (ws(text, end) !== text.length) throw notJson;
    return { text, page, spans, skipped };
  } catch (e) {
    if (!(e instanceof NotJson) && !(e instanceof SyntaxError)) throw e;
    return null;
  }
}

/** The i-th kept item of a scanned page, parsed now (throws JSON.parse's error when it is not JSON). */
const scannedItem = (s: ScannedList, i: number): unknown => JSON.parse(s.text.slice(s.spans[2 * i], s.spans[2 * i + 1]));

/**
 * The page as JSON.parse gives it, minus the items whose `spec.nodeName` names a node `keepNode`
 * rejects (they are counted in `skipped`). Throws JSON.parse's error for text that is not JSON.
 */
export function parseListSkipping(text: string, keepNode: (node: string) => boolean): { page: unknown; skipped: number } {
  const s = scanList(text, keepNode);
  if (!s) return { page: JSON.parse(text), skipped: 0 };
  const items = s.page.items as unknown[] | undefined;
  for (let i = 0; i < s.spans.length / 2; i++) items!.push(scannedItem(s, i));
  return { page: s.page, skipped: s.skipped };
}
