// Bearer-token authentication and an RBAC-like authorizer driven by the scenario. The same
// rules answer for the API server (resource + subresource + verb) and for the kubelet, which asks
// about `nodes/<subresource>` as the real kubelet's SubjectAccessReview does.
import { randomBytes } from "node:crypto";

export interface Rule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
  resourceNames?: string[];
}

export interface Identity {
  /** Short handle used by tests and the CLI (`full`, `least-privilege`, ...). */
  name: string;
  user: string;
  groups: string[];
  token: string;
  rules: Rule[];
}

export interface RequestAttrs {
  verb: string;
  group: string;
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
}

const READ = ["get", "list", "watch"];

/** The built-in identities: cluster-admin, a least-privilege dashboard account, and one with no kubelet rights. */
export function defaultIdentityRules(): Record<string, { user: string; rules: Rule[] }> {
  const readObjects: Rule[] = [
    { apiGroups: [""], resources: ["nodes", "pods", "events", "namespaces"], verbs: READ },
    { apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: READ },
    { apiGroups: ["events.k8s.io"], resources: ["events"], verbs: READ },
  ];
  return {
    full: { user: "kubernetes-admin", rules: [{ apiGroups: ["*"], resources: ["*"], verbs: ["*"] }] },
    "least-privilege": {
      user: "system:serviceaccount:headroom:headroom",
      rules: [...readObjects, { apiGroups: [""], resources: ["nodes/stats", "nodes/configz"], verbs: ["get"] }],
    },
    "objects-only": { user: "system:serviceaccount:headroom:viewer", rules: readObjects },
  };
}

/** Creates identities with fresh random tokens (or the given fixed ones). */
export function makeIdentities(defs: Record<string, { user: string; rules: Rule[]; token?: string }>): Identity[] {
  return Object.entries(defs).map(([name, d]) => ({
    name,
    user: d.user,
    groups: ["system:authenticated"],
    token: d.token ?? randomBytes(24).toString("base64url"),
    rules: d.rules,
  }));
}

export class Authenticator {
  private readonly byToken: Map<string, Identity>;
  constructor(readonly identities: Identity[]) {
    this.byToken = new Map(identities.map((i) => [i.token, i]));
  }

  /** Resolves an Authorization header to an identity; undefined means 401. */
  authenticate(header: string | undefined): Identity | undefined {
    const m = /^Bearer\s+(\S+)$/i.exec(header ?? "");
    return m ? this.byToken.get(m[1]!) : undefined;
  }

  /** Returns the identity registered under a handle. */
  byName(name: string): Identity | undefined {
    return this.identities.find((i) => i.name === name);
  }
}

const matches = (list: string[], v: string) => list.includes("*") || list.includes(v);

/** Tells whether any rule grants the request, with RBAC's matching of `*` and `resource/subresource`. */
export function authorize(id: Identity, a: RequestAttrs): boolean {
  const res = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  return id.rules.some(
    (r) =>
      matches(r.verbs, a.verb) &&
      matches(r.apiGroups, a.group) &&
      (r.resources.includes("*") ||
        r.resources.includes(res) ||
        (a.subresource !== "" && r.resources.includes(`${a.resource}/*`))) &&
      (!r.resourceNames?.length || (a.name !== "" && r.resourceNames.includes(a.name))),
  );
}

/**
 * Maps a kubelet path to the subresources the kubelet checks, in order (KEP-2862 fine-grained
 * authorization, GA in 1.36): /stats -> stats, /configz and /healthz -> their own or proxy,
 * everything else -> proxy.
 */
export function kubeletSubresources(path: string): string[] {
  if (path === "/stats" || path.startsWith("/stats/")) return ["stats"];
  if (path.startsWith("/metrics")) return ["metrics"];
  if (path.startsWith("/logs")) return ["log"];
  if (path.startsWith("/spec")) return ["spec"];
  if (path === "/configz") return ["configz", "proxy"];
  if (path.startsWith("/healthz")) return ["healthz", "proxy"];
  if (path === "/pods" || path === "/runningpods") return ["pods", "proxy"];
  return ["proxy"];
}
