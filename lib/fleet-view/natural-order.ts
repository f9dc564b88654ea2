// Pure: the fleet table's natural name order (fleet-2 before fleet-10), fast for node names.
//
// The order is Intl.Collator("en", { numeric: true, sensitivity: "base" }), ties broken by code
// point. Sorting 5 000 rows called the collator ~60 000 times (most rows tie on the sorted column
// and fall back to the name): 15–32 ms a warm sort in Node, on every sort click and every 10 s
// refetch of the overview (docs/benchmark-rounds.md, "Round thirteen"). A node name is a DNS subdomain: lowercase letters,
// digits, "-" and ".". For such a string the collator's order is a plain rule, so each name gets a
// key once, and keys compare as ordinary strings:
//   - "-" sorts before ".", both before any digit, digits before letters (the root collation's
//     primary order, punctuation not ignored);
//   - a run of digits compares by its value, leading zeros ignored ("01" ties with "1");
//   - a string that is a prefix of another sorts first.
// Anything else (a pool label with capitals or "_", another script) goes to the collator.
// natural-order.test.ts holds the keys to the collator on random names.

const natural = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

// "\x01" and "\x02" sort below "\x03" (a digit run), which sorts below "a"–"z". A digit run is
// "\x03", its length without leading zeros as one code unit, then its digits: a longer number
// sorts later, numbers of one length compare digit by digit. Null for a character outside the
// DNS alphabet. One pass over the characters: this runs for every name of a 5 000-node fleet on a
// page that has just loaded, before V8 has optimised anything.
function keyOf(s: string): string | null {
  let key = "";
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c >= 0x61 && c <= 0x7a) {
      let j = i + 1;
      while (j < s.length && s.charCodeAt(j) >= 0x61 && s.charCodeAt(j) <= 0x7a) j++;
      key += s.slice(i, j);
      i = j;
    } else if (c >= 0x30 && c <= 0x39) {
      let j = i;
      while (j < s.length - 1 && s.charCodeAt(j) === 0x30 && isDigit(s.charCodeAt(j + 1))) j++;
      const start = j;
      while (j < s.length && isDigit(s.charCodeAt(j))) j++;
      key += `\x03${String.fromCharCode(0x20 + j - start)}${s.slice(start, j)}`;
      i = j;
    } else if (c === 0x2d || c === 0x2e) {
      key += c === 0x2d ? "\x01" : "\x02";
      i++;
    } else return null;
  }
  return key;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

const keys = new Map<string, string | null>();
const MAX_KEYS = 100_000;

/** The string whose code-unit order is the collator's order, or null when `s` is not in the DNS alphabet. */
export function naturalKey(s: string): string | null {
  let key = keys.get(s);
  if (key !== undefined) return key;
  key = keyOf(s);
  if (keys.size >= MAX_KEYS) keys.clear();
  keys.set(s, key);
  return key;
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Compares two names naturally (digit runs by value), then by code point; the keys are naturalKey's. */
export function compareNatural(a: string, b: string, ka = naturalKey(a), kb = naturalKey(b)): number {
  const primary = ka !== null && kb !== null ? byCodePoint(ka, kb) : natural.compare(a, b);
  return primary || byCodePoint(a, b);
}
