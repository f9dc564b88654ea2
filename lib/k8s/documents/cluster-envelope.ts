import "server-only";

import { getCache } from "../store/runtime";
import { cached, type ApiResult } from "./api";
import { overviewSlices } from "./overview";

/**
 * The fleet overview without its rows (`"nodes": []`): the cluster's context, mode and summary,
 * for pages that show only those (the site header on a node page) and must not download and parse
 * the 5 000-row document for them. The envelope is the overview's first slice, validated there.
 */
export function clusterEnvelopeJson(): ApiResult<string> {
  return cached(() => {
    const { cache, info } = getCache();
    const slices = overviewSlices(cache, info);
    const head = slices.next();
    slices.return();
    return { ok: true, data: `${head.done ? "{" : head.value}]}` };
  });
}
