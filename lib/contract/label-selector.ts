// Label selectors as the API server and `kubectl -l` parse them (k8s.io/apimachinery labels):
// equality (=, ==), inequality (!=), set-based (in, notin) and existence (key, !key). Shared by the
// simulated API server (labelSelector on lists and watches) and the fleet overview's label filter.

export type Labels = Record<string, string> | undefined;
export type Matcher<T> = (x: T) => boolean;

export class SelectorError extends Error {}

interface LabelReq {
  key: string;
  op: "=" | "!=" | "in" | "notin" | "exists" | "!exists";
  values: string[];
}

/** Splits on commas that are outside parentheses. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of s) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out.map((x) => x.trim()).filter((x) => x !== "");
}

function parseLabelReq(part: string): LabelReq {
  let m = /^([^\s!=(),]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(part);
  if (m) return { key: m[1]!, op: m[2] as "in" | "notin", values: m[3]!.split(",").map((v) => v.trim()) };
  m = /^([^\s!=(),]+)\s*(==|=|!=)\s*([^\s!=(),]*)$/.exec(part);
  if (m) return { key: m[1]!, op: m[2] === "!=" ? "!=" : "=", values: [m[3]!] };
  m = /^(!?)\s*([^\s!=(),]+)$/.exec(part);
  if (m) return { key: m[2]!, op: m[1] ? "!exists" : "exists", values: [] };
  throw new SelectorError(`unable to parse requirement: ${JSON.stringify(part)}`);
}

/** Parses a labelSelector into a predicate over an object's labels; throws SelectorError naming the bad requirement. */
export function parseLabelSelector(sel: string | null | undefined): Matcher<Labels> {
  if (!sel || !sel.trim()) return () => true;
  const reqs = splitTop(sel).map(parseLabelReq);
  return (labels) =>
    reqs.every((r) => {
      const has = labels !== undefined && Object.hasOwn(labels, r.key);
      const v = has ? labels![r.key]! : undefined;
      switch (r.op) {
        case "=":
          return v === r.values[0];
        case "!=":
          return v !== r.values[0];
        case "in":
          return v !== undefined && r.values.includes(v);
        case "notin":
          return v === undefined || !r.values.includes(v);
        case "exists":
          return has;
        case "!exists":
          return !has;
      }
    });
}

/** The reason a selector cannot be parsed, or null when it can. */
export function labelSelectorError(sel: string): string | null {
  try {
    parseLabelSelector(sel);
    return null;
  } catch (e) {
    if (e instanceof SelectorError) return e.message;
    throw e;
  }
}
