// The bytes a kubelet writes for a JSON answer (/stats/summary, /configz). The kubelet answers
// through go-restful, whose writeJSON pretty-prints by default with json.MarshalIndent(v, " ", " "):
// every line after the first starts with one space of prefix, then one space per level, and Go's
// encoder writes <, > and & (and U+2028, U+2029) in strings as \u escapes. That is
// `JSON.stringify(v, null, 1)` with a space after each newline, which V8 wrote 1.6–2× faster than
// the two-space indent the simulator sent before (a microbench: docs/benchmark-rounds.md, round
// sixteen), and the answer is ~17 % smaller (116 against 139 KB for a 30-pod PSI-on Summary). The
// test holds it to two real kubelets' answers byte for byte.
//
// The result is a Buffer, not a string: Node's HTTPS server spends 4–5× the CPU writing a 139 KB
// string as writing the same bytes as a Buffer, encoding included (docs/simulator.md, "What
// serving costs the simulator").

const GO_ESCAPED = /[<>&\u2028\u2029]/;
const GO_ESCAPED_ALL = new RegExp(GO_ESCAPED.source, "g");
const goEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** `json.MarshalIndent(v, " ", " ")` as go-restful writes it, as UTF-8 bytes. */
export function kubeletJson(v: unknown): Buffer {
  let text = JSON.stringify(v, null, 1).replaceAll("\n", "\n ");
  // Outside strings JSON has none of these characters, so replacing them anywhere escapes strings only.
  if (GO_ESCAPED.test(text)) text = text.replace(GO_ESCAPED_ALL, goEscape);
  return Buffer.from(text);
}
