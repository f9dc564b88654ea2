// Legacy (non-aggregated) discovery documents. kubectl asks for aggregated discovery first and
// falls back to these when the response's Content-Type is plain application/json, as with any
// API server that predates aggregated discovery.

const RO = ["get", "list", "watch"];

/** The served resources, in the shape of metav1.APIResource. */
const CORE = [
  { name: "events", singularName: "event", namespaced: true, kind: "Event", verbs: RO, shortNames: ["ev"] },
  { name: "namespaces", singularName: "namespace", namespaced: false, kind: "Namespace", verbs: RO, shortNames: ["ns"] },
  { name: "nodes", singularName: "node", namespaced: false, kind: "Node", verbs: RO, shortNames: ["no"] },
  { name: "nodes/proxy", singularName: "", namespaced: false, kind: "NodeProxyOptions", verbs: ["get"] },
  { name: "nodes/status", singularName: "", namespaced: false, kind: "Node", verbs: ["get"] },
  { name: "pods", singularName: "pod", namespaced: true, kind: "Pod", verbs: RO, shortNames: ["po"], categories: ["all"] },
  { name: "pods/status", singularName: "", namespaced: true, kind: "Pod", verbs: ["get"] },
];

const GROUPS: Record<string, { version: string; resources: object[] }> = {
  "coordination.k8s.io": {
    version: "v1",
    resources: [{ name: "leases", singularName: "lease", namespaced: true, kind: "Lease", verbs: RO }],
  },
  "events.k8s.io": {
    version: "v1",
    resources: [{ name: "events", singularName: "event", namespaced: true, kind: "Event", verbs: RO, shortNames: ["ev"] }],
  },
};

/** Returns the /version document of a v1.33 API server. */
export function versionInfo(): object {
  return {
    major: "1",
    minor: "33",
    emulationMajor: "1",
    emulationMinor: "33",
    minCompatibilityMajor: "1",
    minCompatibilityMinor: "32",
    gitVersion: "v1.33.4",
    gitCommit: "74cdb426d5fe4bb5ee4d1dd5a4ba1eb3d3e2bd3f",
    gitTreeState: "clean",
    buildDate: "2025-08-12T17:45:27Z",
    goVersion: "go1.24.5",
    compiler: "gc",
    platform: "linux/amd64",
  };
}

/** Returns the discovery document for a path, or undefined when the path is not a discovery path. */
export function discovery(path: string, serverAddress: string): object | undefined {
  if (path === "/api") {
    return { kind: "APIVersions", versions: ["v1"], serverAddressByClientCIDRs: [{ clientCIDR: "0.0.0.0/0", serverAddress }] };
  }
  if (path === "/api/v1") return { kind: "APIResourceList", groupVersion: "v1", resources: CORE };
  if (path === "/apis") {
    return {
      kind: "APIGroupList",
      apiVersion: "v1",
      groups: Object.entries(GROUPS).map(([name, g]) => {
        const gv = { groupVersion: `${name}/${g.version}`, version: g.version };
        return { name, versions: [gv], preferredVersion: gv };
      }),
    };
  }
  const m = /^\/apis\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  const g = m ? GROUPS[m[1]!] : undefined;
  if (!m || !g) return undefined;
  const gv = { groupVersion: `${m[1]}/${g.version}`, version: g.version };
  if (!m[2]) return { kind: "APIGroup", apiVersion: "v1", name: m[1], versions: [gv], preferredVersion: gv };
  if (m[2] !== g.version) return undefined;
  return { kind: "APIResourceList", apiVersion: "v1", groupVersion: gv.groupVersion, resources: g.resources };
}
