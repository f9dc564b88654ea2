// Pure: the workload that owns a pod, from its ownerReferences (the eviction tally's labels and the
// terminations page's groups read the same answer).

export interface OwnerRef {
  kind?: string;
  name?: string;
}

// A ReplicaSet made by a Deployment is named `<deployment>-<pod-template-hash>`; the hash uses
// apimachinery's SafeEncodeString alphabet (no vowels, no 0/1/3), 1-10 characters.
const TEMPLATE_HASH = /^(.+)-[bcdfghjklmnpqrstvwxz2456789]{1,10}$/;
// A Job made by a CronJob is named `<cronjob>-<scheduled time in minutes>`.
const CRONJOB_SUFFIX = /^(.+)-\d{8,}$/;

/** The workload that owns a pod: a Deployment for a hashed ReplicaSet, a CronJob for its Jobs, else the owner itself. */
export function owningWorkload(owners: readonly OwnerRef[] | undefined): { kind: string; name: string } {
  const o = owners?.[0];
  if (!o?.kind || !o.name) return { kind: "", name: "" };
  if (o.kind === "ReplicaSet") {
    const m = TEMPLATE_HASH.exec(o.name);
    if (m) return { kind: "Deployment", name: m[1]! };
  }
  if (o.kind === "Job") {
    const m = CRONJOB_SUFFIX.exec(o.name);
    if (m) return { kind: "CronJob", name: m[1]! };
  }
  return { kind: o.kind, name: o.name };
}
