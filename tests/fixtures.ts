import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Real captures (kubelet Summaries, configz, Nodes, Events…) kept in the repository; SOURCES.md says where each came from. */
const FIXTURES = join(import.meta.dirname, "fixtures", "real");

if (!existsSync(join(FIXTURES, "SOURCES.md"))) {
  throw new Error(
    `real fixtures not found at ${FIXTURES}: they are part of the repository; restore tests/fixtures/real with git`,
  );
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
