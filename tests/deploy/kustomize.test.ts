// The manifests in deploy/ render with kubectl's built-in kustomize, and the default RBAC is
// exactly the least-privilege set: read nodes, pods, events and node Leases; get nodes/stats and
// nodes/configz. Nothing else: no secrets, no nodes/proxy, no writes.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";

import { requireBinary } from "../test-binaries.mjs";

const KUBECTL = requireBinary("kubectl");
const ROOT = join(import.meta.dirname, "..", "..");

/* eslint-disable @typescript-eslint/no-explicit-any */
type Doc = Record<string, any>;
const render = (dir: string): Doc[] =>
  parseAllDocuments(execFileSync(KUBECTL, ["kustomize", join(ROOT, "deploy", dir)], { encoding: "utf8" })).map(
    (d) => d.toJS() as Doc,
  );
const find = (docs: Doc[], kind: string, name = "headroom") => docs.find((d) => d.kind === kind && d.metadata.name === name)!;
const grants = (rules: Doc[]) =>
  rules
    .flatMap((r) =>
      (r.apiGroups as string[]).flatMap((g) =>
        (r.resources as string[]).flatMap((res) => (r.verbs as string[]).map((v) => `${g || "core"}/${res}:${v}`)),
      ),
    )
    .sort();
const container = (docs: Doc[]) => find(docs, "Deployment").spec.template.spec.containers[0];
const envOf = (docs: Doc[]) => Object.fromEntries((container(docs).env as Doc[]).map((e) => [e.name, e.value ?? e.valueFrom]));

describe("deploy/", () => {
  const base = render("base");

  it.each(["base", "overlays/proxy-mode", "overlays/embed", "overlays/auth-proxy", "overlays/network-policy"])(
    "%s renders",
    (dir) => {
      expect(render(dir).length).toBeGreaterThanOrEqual(8);
    },
  );

  it("grants exactly the least-privilege set", () => {
    const read = ["get", "list", "watch"];
    expect(grants(find(base, "ClusterRole").rules)).toEqual(
      [
        ...["nodes", "pods", "events"].flatMap((r) => read.map((v) => `core/${r}:${v}`)),
        "core/nodes/stats:get",
        "core/nodes/configz:get",
      ].sort(),
    );
    const leases = find(base, "Role", "headroom-node-leases");
    expect(leases.metadata.namespace).toBe("kube-node-lease");
    expect(grants(leases.rules)).toEqual(read.map((v) => `coordination.k8s.io/leases:${v}`).sort());
    const roles = base.filter((d) => d.kind === "ClusterRole" || d.kind === "Role");
    expect(roles).toHaveLength(2);
    const all = roles.flatMap((r) => grants(r.rules));
    expect(all.filter((g) => /secrets|nodes\/proxy|:(create|update|patch|delete|deletecollection|\*)$|\*/.test(g))).toEqual([]);
  });

  it("binds the roles to Headroom's service account only", () => {
    for (const [kind, name] of [
      ["ClusterRoleBinding", "headroom"],
      ["RoleBinding", "headroom-node-leases"],
    ] as const) {
      expect(find(base, kind, name).subjects).toEqual([{ kind: "ServiceAccount", name: "headroom", namespace: "headroom" }]);
    }
  });

  it("runs non-root, read-only, without capabilities, with probes and resources", () => {
    const pod = find(base, "Deployment").spec.template.spec;
    const c = container(base);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: "RuntimeDefault" } });
    expect(c.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
    expect(c.readinessProbe.httpGet.path).toBe("/api/readyz");
    expect(c.livenessProbe.httpGet.path).toBe("/api/healthz");
    expect(c.resources.requests).toBeDefined();
    expect(c.resources.limits.memory).toBeDefined();
    expect(envOf(base)).toMatchObject({
      HOSTNAME: "0.0.0.0",
      HEADROOM_AUTH_MODE: "token",
      HEADROOM_AUTH_TOKEN: { secretKeyRef: { name: "headroom-auth", key: "token" } },
    });
    expect(find(base, "Service").spec.type ?? "ClusterIP").toBe("ClusterIP");
  });

  it("proxy-mode adds nodes/proxy (get) and nothing else", () => {
    const docs = render("overlays/proxy-mode");
    expect(grants(find(docs, "ClusterRole").rules).filter((g) => !grants(find(base, "ClusterRole").rules).includes(g))).toEqual([
      "core/nodes/proxy:get",
    ]);
    expect(envOf(docs).HEADROOM_COLLECTION_MODE).toBe("proxy");
    expect(readFileSync(join(ROOT, "deploy/overlays/proxy-mode/kustomization.yaml"), "utf8")).toMatch(
      /DANGER: nodes\/proxy is not read-only/,
    );
  });

  it("embed sets the frame origins", () => {
    expect(envOf(render("overlays/embed")).HEADROOM_EMBED_ORIGINS).toBe("https://portal.example.com");
  });

  it("auth-proxy trusts only the loopback sidecar and keeps Headroom off the pod network", () => {
    const docs = render("overlays/auth-proxy");
    const env = envOf(docs);
    expect(env).toMatchObject({
      HOSTNAME: "127.0.0.1",
      HEADROOM_AUTH_MODE: "trusted-header",
      HEADROOM_TRUSTED_PROXIES: "127.0.0.1/32,::1/128",
    });
    expect(env.HEADROOM_AUTH_TOKEN).toBeUndefined();
    const containers = find(docs, "Deployment").spec.template.spec.containers as Doc[];
    expect(containers.map((c) => c.name)).toEqual(["headroom", "oauth2-proxy"]);
    expect(containers[1]!.args).toContain("--upstream=http://127.0.0.1:3000");
    expect(find(docs, "Service").spec.ports[0].targetPort).toBe("oauth2");
  });

  it("gives every probe an explicit timeout (the 1 s default is too short on a busy node)", () => {
    for (const dir of ["base", "overlays/auth-proxy"]) {
      const c = container(render(dir));
      for (const probe of ["readinessProbe", "livenessProbe", "startupProbe"])
        expect(c[probe].timeoutSeconds, `${dir} ${probe}`).toBeGreaterThanOrEqual(2);
    }
  });

  it("states its CPU limit choice (none, with the reason) and pins the image by digest", () => {
    expect(container(base).resources.limits.cpu).toBeUndefined();
    expect(readFileSync(join(ROOT, "deploy/base/deployment.yaml"), "utf8")).toMatch(
      /No CPU limit, on purpose: a CFS quota stalls/,
    );
    for (const dir of ["base", "overlays/network-policy", "overlays/embed"])
      expect(container(render(dir)).image).toMatch(/^ghcr\.io\/example\/headroom@sha256:[0-9a-f]{64}$/);
  });

  it("network-policy lets in only the namespace and the ingress controller, and out only DNS, the API server and kubelets", () => {
    const docs = render("overlays/network-policy");
    const np = find(docs, "NetworkPolicy");
    expect(np.metadata.namespace).toBe("headroom");
    expect(np.spec.podSelector.matchLabels).toEqual(find(docs, "Deployment").spec.template.metadata.labels);
    expect(np.spec.policyTypes).toEqual(["Ingress", "Egress"]);
    expect(np.spec.ingress).toHaveLength(1);
    expect(np.spec.ingress[0].from).toEqual([
      { podSelector: {} },
      { namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "ingress-nginx" } } },
    ]);
    const egress = (np.spec.egress as Doc[]).map((r) => ({
      ports: (r.ports as Doc[]).map((p) => `${p.protocol}/${p.port}`),
      to: r.to,
    }));
    expect(egress.map((e) => e.ports)).toEqual([["UDP/53", "TCP/53"], ["TCP/443", "TCP/6443"], ["TCP/10250"]]);
    expect(egress[0]!.to[0].podSelector.matchLabels).toEqual({ "k8s-app": "kube-dns" });
    for (const e of egress.slice(1)) expect(Object.keys(e.to[0])).toEqual(["ipBlock"]);
  });
});
