// deploy/overlays/ha: three replicas sharing the collection through Leases (docs/replicas.md).
// Renders with kubectl's kustomize; checks the replicas' settings, the PDB and anti-affinity, the
// Lease RBAC (own namespace, no delete), the Lease renewals' FlowSchema, the headless peers Service
// and the scrape of every pod.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";

import { requireBinary } from "../test-binaries.mjs";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Doc = Record<string, any>;
const ROOT = join(import.meta.dirname, "..", "..");
const docs: Doc[] = parseAllDocuments(
  execFileSync(requireBinary("kubectl"), ["kustomize", join(ROOT, "deploy", "overlays", "ha")], { encoding: "utf8" }),
).map((d) => d.toJS() as Doc);
const find = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata.name === name)!;
const deployment = find("Deployment", "headroom");
const pod = deployment.spec.template;
const container = pod.spec.containers[0];
const env = Object.fromEntries((container.env as Doc[]).map((e) => [e.name, e.value ?? e.valueFrom]));
const podLabels = pod.metadata.labels as Record<string, string>;
const selects = (sel: Record<string, string>) => Object.entries(sel).every(([k, v]) => podLabels[k] === v);

describe("deploy/overlays/ha", () => {
  it("runs three replicas spread over nodes, with a PodDisruptionBudget of two", () => {
    expect(deployment.spec.replicas).toBe(3);
    const term = pod.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm;
    expect(term.topologyKey).toBe("kubernetes.io/hostname");
    expect(selects(term.labelSelector.matchLabels)).toBe(true);
    const pdb = find("PodDisruptionBudget", "headroom");
    expect(pdb.spec.minAvailable).toBe(2);
    expect(selects(pdb.spec.selector.matchLabels)).toBe(true);
  });

  it("turns sharding on with every replica setting, the peer token from a mounted Secret", () => {
    expect(env).toMatchObject({
      HEADROOM_SHARDING: "lease",
      HEADROOM_REPLICA_NAME: { fieldRef: { fieldPath: "metadata.name" } },
      HEADROOM_PEER_URL: "http://$(POD_IP):3000",
      HEADROOM_LEASE_NAMESPACE: { fieldRef: { fieldPath: "metadata.namespace" } },
      HEADROOM_PEER_TOKEN_FILE: "/var/run/headroom-peer/token",
    });
    // $(POD_IP) expands only when POD_IP is defined earlier in the list.
    const names = (container.env as Doc[]).map((e) => e.name);
    expect(names.indexOf("POD_IP")).toBeLessThan(names.indexOf("HEADROOM_PEER_URL"));
    const mount = (container.volumeMounts as Doc[]).find((m) => m.mountPath === "/var/run/headroom-peer")!;
    expect(mount.readOnly).toBe(true);
    expect((pod.spec.volumes as Doc[]).find((v) => v.name === mount.name)!.secret.secretName).toBe("headroom-peer");
    // The token is created by the operator, never shipped in the manifests.
    expect(docs.filter((d) => d.kind === "Secret")).toEqual([]);
  });

  it("grants Leases in Headroom's namespace only: create, get, update, list, watch (no delete)", () => {
    const role = find("Role", "headroom-replica-leases");
    expect(role.metadata.namespace).toBe("headroom");
    expect(role.rules).toEqual([
      { apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: ["create", "get", "update", "list", "watch"] },
    ]);
    const binding = find("RoleBinding", "headroom-replica-leases");
    expect(binding.metadata.namespace).toBe("headroom");
    expect(binding.subjects).toEqual([{ kind: "ServiceAccount", name: "headroom", namespace: "headroom" }]);
    // Still no ClusterRole with write verbs.
    for (const r of docs.filter((d) => d.kind === "ClusterRole"))
      for (const rule of r.rules) expect(rule.verbs.filter((v: string) => !["get", "list", "watch"].includes(v))).toEqual([]);
  });

  it("puts the replicas' Lease renewals, and nothing else, in the leader-election priority level", () => {
    const fs = find("FlowSchema", "headroom-replica-leases");
    expect(fs.apiVersion).toBe("flowcontrol.apiserver.k8s.io/v1");
    expect(fs.spec.priorityLevelConfiguration).toEqual({ name: "leader-election" });
    // Matched before the built-in "service-accounts" schema (9000, workload-low) that would take them
    // otherwise; after the built-in leader-election schemas (100, 200), which never match Headroom.
    expect(fs.spec.matchingPrecedence).toBeGreaterThan(200);
    expect(fs.spec.matchingPrecedence).toBeLessThan(9000);
    // The Deployment's own service account, in the namespace its Leases live in.
    expect(fs.spec.rules).toEqual([
      {
        subjects: [
          {
            kind: "ServiceAccount",
            serviceAccount: { name: pod.spec.serviceAccountName, namespace: deployment.metadata.namespace },
          },
        ],
        resourceRules: [
          {
            apiGroups: ["coordination.k8s.io"],
            resources: ["leases"],
            verbs: ["get", "create", "update"],
            namespaces: [find("Role", "headroom-replica-leases").metadata.namespace],
          },
        ],
      },
    ]);
  });

  it("has a headless peers Service and scrapes every pod once", () => {
    const peers = find("Service", "headroom-peers");
    expect(peers.spec).toMatchObject({ clusterIP: "None", publishNotReadyAddresses: true });
    expect(selects(peers.spec.selector)).toBe(true);
    const monitor = docs.find((d) => d.kind === "ServiceMonitor")!;
    const scraped = docs.filter(
      (d) =>
        d.kind === "Service" &&
        Object.entries(monitor.spec.selector.matchLabels as Record<string, string>).every(
          ([k, v]) => d.metadata.labels?.[k] === v,
        ),
    );
    // One Service: a second would make Prometheus scrape each pod twice.
    expect(scraped.map((s) => s.metadata.name)).toEqual(["headroom"]);
    expect(docs.some((d) => d.kind === "PrometheusRule")).toBe(true);
  });
});
