import "server-only";

import { nodeDetail, type NodeDetail } from "@/lib/contract/dto";
import type { MissingDocument } from "@/lib/contract/node-documents";

import type { ClusterCache } from "../store/cache";
import { nodeName } from "./api";
import { buildNodeDetail } from "./node-detail";

// Several node documents from this process's cache, as GET /api/nodes/NAME builds each one: the
// unsharded answer of GET /api/nodes?names=…, and each replica's share of the sharded one.

/** Why `n` is not a node name, or null when it is one (for parseNames). */
export function notANodeName(n: string): string | null {
  const r = nodeName.safeParse(n);
  return r.success ? null : r.error.issues[0]!.message;
}

/** The documents of `names` this cache holds, in their order; the others listed as not found. */
export function localDocuments(
  cache: ClusterCache,
  names: readonly string[],
  notFound = (n: string) => `node ${JSON.stringify(n)} not found`,
): { documents: NodeDetail[]; missing: MissingDocument[] } {
  const documents: NodeDetail[] = [];
  const missing: MissingDocument[] = [];
  for (const name of names) {
    const doc = buildNodeDetail(cache, name);
    if (!doc) {
      missing.push({ name, error: notFound(name) });
      continue;
    }
    // validated as /api/nodes/NAME validates its one document
    const checked = nodeDetail.safeParse(doc);
    if (checked.success) documents.push(checked.data);
    else
      missing.push({
        name,
        error: `internal: document ${checked.error.issues[0]!.path.join(".")}: ${checked.error.issues[0]!.message}`,
      });
  }
  return { documents, missing };
}
