// `headroom analyze --server URL` and `kubectl headroom nodes --server URL`: read a running Headroom
// instead of the cluster. Any replica answers with every replica's part merged, so a CI pipeline
// adds no kubelet load. The node documents come in batches (GET /api/nodes?names=…), and each is
// analyzed here exactly as the node page analyzes it. The token (HEADROOM_AUTH_MODE=token) comes
// from --token-file or HEADROOM_TOKEN, never from the URL or a flag value `ps` would show, and is
// sent as the bearer header the server's auth gate reads.
import { readFileSync } from "node:fs";

import { analyzeNode, InputError } from "@/lib/eviction";

import { clusterOverviewInBrowser, type NodeDetail } from "../lib/contract/dto";
import { MAX_DOCUMENT_NAMES, nodeDocuments, type MissingDocument } from "../lib/contract/node-documents";
import type { NodeResult } from "../lib/k8s/io/oneshot";
import { detailInput } from "../lib/whatif/node";

export interface ServerSource {
  /** The base URL, without a trailing slash. */
  base: string;
  token: string | null;
}

/** What was read: each node's result, and whether some owner replica did not answer (exit 3). */
export interface ServerResults {
  results: NodeResult[];
  incomplete: boolean;
}

const REQUEST_TIMEOUT_MS = 30_000;
const BATCHES_IN_FLIGHT = 4;

/** Checks --server and finds the token; bad input throws an InputError naming the flag (exit 2). */
export function serverSource(url: string, tokenFile: string | undefined, env = process.env): ServerSource {
  if (!URL.canParse(url))
    throw new InputError(`--server must be a URL such as https://headroom.example:3000, got ${JSON.stringify(url)}`);
  const u = new URL(url);
  if (u.protocol !== "http:" && u.protocol !== "https:")
    throw new InputError(`--server must be an http:// or https:// URL, got ${JSON.stringify(u.protocol)}`);
  // A password in a URL ends up in shell history and `ps`; refuse it without repeating it.
  if (u.username || u.password)
    throw new InputError("--server must not carry credentials: give the token with --token-file FILE or HEADROOM_TOKEN");
  if (u.search || u.hash) throw new InputError("--server takes the server's base URL, without ?query or #fragment");
  let token: string | null = null;
  if (tokenFile !== undefined) {
    try {
      token = readFileSync(tokenFile, "utf8").trim();
    } catch (e) {
      throw new InputError(
        `--token-file ${tokenFile}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      );
    }
    if (!token) throw new InputError(`--token-file ${tokenFile}: the file is empty`);
  } else if (env.HEADROOM_TOKEN) token = env.HEADROOM_TOKEN.trim();
  if (token !== null && !/^[\x21-\x7e]+$/.test(token))
    throw new InputError(
      `${tokenFile !== undefined ? `--token-file ${tokenFile}` : "HEADROOM_TOKEN"}: the token must be one word of printable ASCII`,
    );
  return { base: `${u.origin}${u.pathname.replace(/\/+$/, "")}`, token };
}

class ServerError extends Error {}

async function getJson(s: ServerSource, path: string): Promise<unknown> {
  const where = `--server ${s.base}`;
  let res: Response;
  try {
    res = await fetch(`${s.base}${path}`, {
      headers: { accept: "application/json", ...(s.token ? { authorization: `Bearer ${s.token}` } : {}) },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      // never follow a redirect: it would carry the bearer token to wherever it points
      redirect: "manual",
    });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    const why =
      err.name === "TimeoutError"
        ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`
        : (err.cause?.code ?? err.cause?.message ?? err.message);
    throw new ServerError(`${where}: cannot reach it (${why})`);
  }
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  const said = typeof body?.error === "string" ? `: ${body.error}` : "";
  if (res.status === 401)
    throw new ServerError(
      `${where}: 401 Unauthorized${said} (${s.token ? "the token was refused" : "give the token with --token-file FILE or HEADROOM_TOKEN"})`,
    );
  if (res.status >= 300 && res.status < 400)
    throw new ServerError(`${where}: redirected (${res.status}) to ${res.headers.get("location") ?? "?"}; give that URL instead`);
  if (!res.ok) throw new ServerError(`${where}: HTTP ${res.status}${said} (GET ${path.split("?")[0]})`);
  if (body === null) throw new ServerError(`${where}: not a Headroom server (GET ${path.split("?")[0]} did not answer JSON)`);
  return body;
}

/** A node's result from its document: analyzed as the node page does, its collection state as the server saw it. */
function resultOf(d: NodeDetail): NodeResult {
  const c = d.row.collection;
  const collectionError = c.state === "ok" ? null : `${c.state}${c.error ? `: ${c.error}` : ""}`;
  try {
    return { node: d.row.name, configSource: c.configSource, collectionError, analysis: analyzeNode(detailInput(d)) };
  } catch (e) {
    const err = [collectionError, `bad data: ${(e as Error).message}`].filter(Boolean).join("; ");
    return { node: d.row.name, configSource: c.configSource, collectionError: err, analysis: null };
  }
}

const missingResult = (m: MissingDocument): NodeResult => ({
  node: m.name,
  configSource: "defaults",
  collectionError: m.error,
  analysis: null,
});

/** Reads one node or every node from a Headroom server; null after printing why nothing could be read. */
export async function readServer(
  s: ServerSource,
  node: string | undefined,
  stderr: NodeJS.WritableStream,
): Promise<ServerResults | null> {
  try {
    let names: string[];
    if (node !== undefined) names = [node];
    else {
      const parsed = clusterOverviewInBrowser.safeParse(await getJson(s, "/api/cluster?rows=table"));
      if (!parsed.success)
        throw new ServerError(`--server ${s.base}: not a Headroom server (GET /api/cluster: not a fleet document)`);
      names = parsed.data.nodes.map((r) => r.name);
    }
    const batches: string[][] = [];
    for (let i = 0; i < names.length; i += MAX_DOCUMENT_NAMES) batches.push(names.slice(i, i + MAX_DOCUMENT_NAMES));
    const results: NodeResult[] = [];
    let incomplete = false;
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const doc = nodeDocuments.safeParse(await getJson(s, `/api/nodes?names=${batch.map(encodeURIComponent).join(",")}`));
        if (!doc.success)
          throw new ServerError(`--server ${s.base}: not a Headroom server (GET /api/nodes: not a documents answer)`);
        results.push(...doc.data.documents.map(resultOf), ...doc.data.missing.map(missingResult));
        if ((doc.data.replicas?.unreachable.length ?? 0) > 0) incomplete = true;
      }
    };
    await Promise.all(Array.from({ length: Math.min(BATCHES_IN_FLIGHT, batches.length) }, worker));
    return { results: results.sort((a, b) => a.node.localeCompare(b.node)), incomplete };
  } catch (e) {
    if (!(e instanceof ServerError)) throw e;
    stderr.write(`headroom: ${e.message}\n`);
    return null;
  }
}
