// Imports the benches' server bundle, written by bundleServerParts (scripts/bundle-fetch-worker.mjs).
import { pathToFileURL } from "node:url";

/**
 * Imports a bundle written by bundleServerParts (register bin/register-server-only.mjs first).
 * @param {string} file
 * @returns {Promise<typeof import("./server-parts")>}
 */
export function importServerParts(file) {
  return import(pathToFileURL(file).href);
}
