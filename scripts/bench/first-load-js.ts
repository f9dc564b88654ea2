// How the benches count first-load JS: every script a page requests while it loads and answers its
// first interaction (framework, layout, page and any chunk loaded on the way), each gzipped at
// level 6 (zlib's default, what a plain server sends). Shared by scripts/bench-ui.ts (the 5 000-node
// overview) and scripts/first-load-js.ts (one build, no simulated fleet), so both print one figure.
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";

/** Adds the URL of every script `page` requests to `into`, from now on. */
export function recordScripts(page: Page, into: Set<string>): void {
  page.on("request", (req) => {
    if (req.resourceType() === "script") into.add(req.url());
  });
}

export interface ScriptSize {
  url: string;
  bytes: number;
  gzip: number;
}

/** Each script fetched again and gzipped at level 6; largest first. */
export async function gzippedSizes(urls: Iterable<string>): Promise<ScriptSize[]> {
  const sizes: ScriptSize[] = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    sizes.push({ url, bytes: body.length, gzip: gzipSync(body).length });
  }
  return sizes.sort((a, b) => b.gzip - a.gzip);
}

/** The first-load figure in KiB. */
export const totalKiB = (sizes: readonly ScriptSize[]) => sizes.reduce((a, s) => a + s.gzip, 0) / 1024;
