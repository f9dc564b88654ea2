import { queryOptions } from "@tanstack/react-query";

import { getJson } from "@/lib/client/cluster-query";
import { findingsDocument, type FindingsDocument } from "@/lib/contract/findings";

/** The fleet's findings (or one node's), refreshed every 30 s: settings change rarely, history slowly. */
export function findingsOptions(node?: string) {
  return queryOptions({
    queryKey: ["findings", node ?? null] as const,
    queryFn: async (): Promise<FindingsDocument> =>
      findingsDocument.parse(
        await getJson(node === undefined ? "/api/findings" : `/api/findings?node=${encodeURIComponent(node)}`),
      ),
    refetchInterval: 30_000,
  });
}
