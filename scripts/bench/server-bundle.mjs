// Imports the benches' server bundle (bundleServerParts in scripts/bundle-fetch-worker.mjs): the
// server's code built as it ships, without tsx's keepNames, so the benches' main-thread CPU is the
// server's, not tsx's.
import { pathToFileURL } from "node:url";

/**
 * Imports a bundle written by bundleServerParts (register bin/register-server-only.mjs first).
 * @param {string} file
 * @returns {Promise<typeof import("./server-parts")>}
 */
export function importServerParts(file) {
  return import(pathToFileURL(file).href);
}
