import type { ClusterOverview } from "@/lib/contract/dto";

// With HEADROOM_SHARDING=lease the fleet is merged from several replicas (docs/replicas.md): say
// which ones, and which did not answer (their nodes' rows then say "owner unreachable").

/** "3 replicas: a, b, c", plus the replicas that did not answer; nothing when sharding is off. */
export function ReplicaLine({
  replicas,
  missing = "their nodes are shown as owner unreachable",
}: {
  replicas: ClusterOverview["cluster"]["replicas"];
  /** What the page lacks from a replica that did not answer. */
  missing?: string;
}) {
  if (!replicas) return null;
  const n = replicas.members.length;
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="replica-line">
      {n} {n === 1 ? "replica" : "replicas"}: {replicas.members.join(", ") || "none live"} (this page from {replicas.identity})
      {replicas.unreachable.length > 0 && (
        <span role="status" className="font-semibold text-red-700 dark:text-red-400">
          {" "}
          · not answering: {replicas.unreachable.join(", ")}; {missing}
        </span>
      )}
    </p>
  );
}
