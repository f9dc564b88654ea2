import { parse as parseYaml } from "yaml";
import { InputError } from "./eviction/input-errors";

/** Parses an input document given as JSON or YAML text; errors name the input, never throw raw. */
export function parseDocumentText(text: string, what = "input"): unknown {
  const trimmed = text.trim();
  if (trimmed === "") throw new InputError(`${what}: is empty`);
  // JSON first: it is what kubectl -o json gives, and the YAML parser is ~10x slower on big inputs.
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.parse(trimmed);
    } catch (e) {
      throw new InputError(`${what}: not valid JSON (${(e as Error).message})`);
    }
  }
  try {
    // logLevel "error": YAML warnings (unknown tags) would otherwise go to the process's stderr,
    // letting any client write unstructured lines into the server log.
    return parseYaml(trimmed, { maxAliasCount: 100, logLevel: "error" });
  } catch (e) {
    const first = (e as Error).message.split("\n")[0];
    throw new InputError(`${what}: not valid JSON or YAML (${first})`);
  }
}
