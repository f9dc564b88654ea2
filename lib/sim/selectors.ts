// labelSelector and fieldSelector as the API server parses them (k8s.io/apimachinery labels and
// fields packages): equality, inequality, set-based and existence for labels; =, ==, != with
// backslash escapes for fields.

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

/** Parses a labelSelector into a predicate over an object's labels. */
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

interface FieldReq {
  key: string;
  neg: boolean;
  value: string;
}

/** Splits a field selector on unescaped commas and unescapes each side, as fields.ParseSelector does. */
function parseFieldReqs(sel: string): FieldReq[] {
  const parts: string[] = [];
  let cur = "";
  for (let i = 0; i < sel.length; i++) {
    const ch = sel[i]!;
    if (ch === "\\" && i + 1 < sel.length) {
      cur += ch + sel[++i];
    } else if (ch === ",") {
      parts.push(cur);
      cur = "";
    } else cur += ch;
  }
  parts.push(cur);
  return parts
    .filter((p) => p !== "")
    .map((p) => {
      const m = /^((?:[^\\=!]|\\.)*)(!=|==|=)(.*)$/.exec(p);
      if (!m) throw new SelectorError(`invalid selector: '${sel}'; can't understand '${p}'`);
      const unesc = (x: string) => x.replace(/\\(.)/g, "$1");
      return { key: unesc(m[1]!.trim()), neg: m[2] === "!=", value: unesc(m[3]!) };
    });
}

/** Parses a fieldSelector against the fields a resource supports; unknown fields are an error. */
export function parseFieldSelector(
  sel: string | null | undefined,
  supported: readonly string[],
): Matcher<Record<string, string>> {
  if (!sel || !sel.trim()) return () => true;
  const reqs = parseFieldReqs(sel);
  for (const r of reqs) if (!supported.includes(r.key)) throw new SelectorError(`field label not supported: ${r.key}`);
  return (fields) => reqs.every((r) => ((fields[r.key] ?? "") === r.value) !== r.neg);
}
