// What the data-layer benches (scripts/bench-data.ts, scripts/bench/replica-process.ts) run of
// Headroom's server, in one module for bundleServerParts (scripts/bundle-fetch-worker.mjs, which
// says why they run a bundle): through tsx, every named closure would pay a defineProperty of its
// name, about 5 % of the main thread's CPU (docs/benchmark-rounds.md, round eleven).
export { clusterOverview } from "../../lib/contract/dto";
export { installRequestActivity } from "../../lib/http/request-activity";
export { sliceStream } from "../../lib/http/slice-stream";
export { refreshFindings } from "../../lib/k8s/documents/findings";
export { localDocuments } from "../../lib/k8s/documents/node-documents";
export { buildOverview, overviewJson } from "../../lib/k8s/documents/overview";
export { ClusterClient, loadKubeConfig } from "../../lib/k8s/io/client";
export { renderCacheMetricsBytes } from "../../lib/k8s/metrics/exposition";
export { mergedDocuments, peerDocuments } from "../../lib/k8s/replicas/merge/documents-merge";
export { mergedStream } from "../../lib/k8s/replicas/merge/fleet-merge";
export { Membership } from "../../lib/k8s/replicas/membership";
export { peerOverview } from "../../lib/k8s/replicas/peer/peer-overview";
export { peerRows } from "../../lib/k8s/replicas/peer/peer-rows";
export { Shard } from "../../lib/k8s/replicas/shard";
export { ClusterCache } from "../../lib/k8s/store/cache";
