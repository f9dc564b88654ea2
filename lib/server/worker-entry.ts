import "server-only";

import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** What a thread runs: an ES module file, and the Node flags it needs. */
export interface WorkerEntry {
  file: string;
  execArgv: string[];
}

/**
 * Where a worker thread's entry is. The standalone server (`npm start`, the image) runs the
 * esbuild bundle beside server.js (scripts/bundle-fetch-worker.mjs), which makes its own directory the
 * working one: Turbopack cannot bundle a worker entry (`new Worker(new URL(...))` would copy the
 * TypeScript source as an asset). From source (vitest, tsx, `next dev`) the thread loads the
 * TypeScript entry through tsx, which also resolves the "@/" paths. The paths are marked
 * turbopackIgnore: otherwise the build's file tracer copies whole source directories, tests
 * included, into the standalone server.
 */
export function threadEntry(o: { bundle: string; sourceDir: string[]; source: string; callerUrl: string }): WorkerEntry {
  const insideNext = process.env.NEXT_RUNTIME !== undefined;
  if (insideNext) {
    const bundle = join(/* turbopackIgnore: true */ process.cwd(), o.bundle);
    if (existsSync(bundle)) return { file: bundle, execArgv: [] };
  }
  const dir = insideNext ? join(/* turbopackIgnore: true */ process.cwd(), ...o.sourceDir) : dirname(fileURLToPath(o.callerUrl));
  return { file: join(/* turbopackIgnore: true */ dir, o.source), execArgv: ["--import", "tsx"] };
}
