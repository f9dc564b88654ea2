// Runs in the browser before any of the app's modules (Next.js's instrumentation-client convention).
//
// zod compiles object parsers with `new Function` unless told not to, and probes whether it may when
// each object schema is built, at module load. Under our CSP (no 'unsafe-eval') that probe is a
// script-src violation on every page. zod reads its settings from this global object whichever of
// the two loads first, so setting the flag here, before any schema module runs, turns the probe off.
// The browser parses small documents; the interpreter costs nothing there. The server keeps the JIT.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
