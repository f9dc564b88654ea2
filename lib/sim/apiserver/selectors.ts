// fieldSelector as the API server parses it (k8s.io/apimachinery fields): =, ==, != with
// backslash escapes. Label selectors live in lib/contract/label-selector (the dashboard filters with them
// too) and are re-exported here for the simulated API server.

import { SelectorError, type Matcher } from "../../contract/label-selector";

export { type Matcher, SelectorError, parseLabelSelector } from "../../contract/label-selector";

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
