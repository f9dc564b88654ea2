import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** shared/fixtures/real beside the checkout (CI clones main with shared/ next to it). */
const FIXTURES = resolve(process.env.HEADROOM_FIXTURES ?? join(import.meta.dirname, "..", "..", "shared", "fixtures", "real"));

if (!existsSync(FIXTURES)) {
  throw new Error(`real fixtures not found at ${FIXTURES}; set HEADROOM_FIXTURES to shared/fixtures/real`);
}

/** Reads one fixture as JSON. */
export function fixture<T = unknown>(rel: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, rel), "utf8")) as T;
}

/** Lists the JSON fixtures in a folder, relative to FIXTURES. */
export function fixtureFiles(dir: string): string[] {
  return readdirSync(join(FIXTURES, dir))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => `${dir}/${f}`);
}

/** Returns the items of a NodeList, a bare array of Nodes, or a single Node. */
export function nodesOf(doc: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(doc)) return doc;
  const d = doc as { items?: unknown[] };
  return (d.items ?? [doc]) as Array<Record<string, unknown>>;
}
