// The product's source files (app, bin, components, lib, scripts), tests left out: what the
// one-formatter and one-wording checks scan.
import { readdirSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "..");
const SCANNED = ["app", "bin", "components", "lib", "scripts"];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(path);
    return /\.(ts|tsx|mts|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every product source file, relative to the repository. */
export const productSources = (): string[] => SCANNED.flatMap(sources);
