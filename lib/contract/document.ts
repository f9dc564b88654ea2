import { parse as parseYaml } from "yaml";

import { InputError } from "@/lib/eviction";

/** The largest input document, JSON or YAML (the HTTP body cap and the CLI's input cap). */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
/**
 * The largest YAML document. The YAML parser reads ~0.5 MB a second (JSON ~100 MB), so a 32 MiB
 * YAML document would take a minute of CPU; 8 MiB is ~15 s, in its own thread (analyze-thread.ts).
 * Larger documents must be sent as JSON (`yq -o json`).
 */
export const MAX_YAML_BYTES = 8 * 1024 * 1024;

/** A document past a size limit: HTTP 413, CLI exit 2. */
export class DocumentTooLarge extends InputError {}

/** Parses an input document given as JSON or YAML text; errors name the input, never throw raw. */
export function parseDocumentText(text: string, what = "input"): unknown {
  const trimmed = text.trim();
  if (trimmed === "") throw new InputError(`${what}: is empty`);
  if (Buffer.byteLength(trimmed) > MAX_DOCUMENT_BYTES)
    throw new DocumentTooLarge(`${what}: larger than ${MAX_DOCUMENT_BYTES} bytes`);
  // JSON first: it is what kubectl -o json gives, and the YAML parser is ~10x slower on big inputs.
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.parse(trimmed);
    } catch (e) {
      throw new InputError(`${what}: not valid JSON (${(e as Error).message})`);
    }
  }
  if (Buffer.byteLength(trimmed) > MAX_YAML_BYTES) {
    throw new DocumentTooLarge(
      `${what}: YAML larger than ${MAX_YAML_BYTES} bytes (YAML parses ~200x slower than JSON; send larger documents as JSON)`,
    );
  }
  try {
    // logLevel "error": YAML warnings (unknown tags) would otherwise go to the process's stderr,
    // letting any client write unstructured lines into the server log. uniqueKeys false: the
    // duplicate-key check compares every key with every other (17 000 labels took 21 s instead of
    // 4, issue 29); a repeated key then keeps its last value, as JSON.parse does.
    return parseYaml(trimmed, { maxAliasCount: 100, logLevel: "error", uniqueKeys: false });
  } catch (e) {
    const first = (e as Error).message.split("\n")[0];
    throw new InputError(`${what}: not valid JSON or YAML (${first})`);
  }
}
