// The Lease each replica holds, as it goes over the wire, and how a watched Lease becomes a member.
// Leases are told apart from other Leases in the namespace by a label, so one namespace can hold
// Headroom's and anything else's (leader elections, other apps).

const REPLICA_LABEL = "headroom.dev/replica";
const PEER_URL_ANNOTATION = "headroom.dev/peer-url";
/** Lease names are `headroom-replica-<identity>`: identities are hostnames, valid in a name. */
export const LEASE_PREFIX = "headroom-replica-";

export interface ReplicaLease {
  apiVersion: "coordination.k8s.io/v1";
  kind: "Lease";
  metadata: {
    name: string;
    namespace?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  // A Date: client-node's serializer writes Dates as RFC 3339 (a MicroTime the server accepts).
  spec: { holderIdentity: string; leaseDurationSeconds: number; renewTime: Date };
}

/** What membership keeps of a watched Lease (null for Leases that are not a replica's). */
export interface PeerLease {
  name: string;
  identity: string;
  peerUrl: string;
  renewTime: string;
  durationMs: number;
  resourceVersion: string;
}

type Wire = {
  metadata?: { name?: string; resourceVersion?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: { holderIdentity?: string; renewTime?: string; leaseDurationSeconds?: number };
};

/** Trims a watched Lease to a peer (a released Lease, holderIdentity "", is no peer). */
export function trimReplicaLease(l: Wire): PeerLease | null {
  if (l.metadata?.labels?.[REPLICA_LABEL] !== "true") return null;
  const identity = l.spec?.holderIdentity ?? "";
  if (!identity) return null;
  return {
    name: l.metadata.name ?? "",
    identity,
    peerUrl: l.metadata.annotations?.[PEER_URL_ANNOTATION] ?? "",
    renewTime: l.spec?.renewTime ?? "",
    durationMs: (l.spec?.leaseDurationSeconds ?? 0) * 1000,
    resourceVersion: l.metadata.resourceVersion ?? "",
  };
}

/** Builds this replica's Lease body (an empty identity releases it, as client-go's ReleaseOnCancel does). */
export function replicaLease(identity: string, peerUrl: string, durationS: number, at: number, rv?: string): ReplicaLease {
  return {
    apiVersion: "coordination.k8s.io/v1",
    kind: "Lease",
    metadata: {
      name: LEASE_PREFIX + identity,
      ...(rv ? { resourceVersion: rv } : {}),
      labels: { [REPLICA_LABEL]: "true" },
      annotations: { [PEER_URL_ANNOTATION]: peerUrl },
    },
    spec: { holderIdentity: identity, leaseDurationSeconds: durationS, renewTime: new Date(at) },
  };
}
