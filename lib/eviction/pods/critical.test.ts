import { describe, expect, it } from "vitest";

import type { Pod } from "../k8s-types";
import { pod as newPod } from "../testing";
import { isCriticalPod, isMirrorPod, isNodeCriticalPod, isStaticPod } from "./critical";

const pod = (annotations?: Record<string, string>, priority?: number, priorityClassName?: string): Pod =>
  newPod({ name: "p", containers: [], annotations, priority, priorityClassName });

describe("isCriticalPod (pkg/kubelet/types IsCriticalPod)", () => {
  it.each([
    { name: "plain pod is not critical", p: pod(), static: false, mirror: false, critical: false },
    {
      name: "config.source file marks a static pod",
      p: pod({ "kubernetes.io/config.source": "file" }),
      static: true,
      mirror: false,
      critical: true,
    },
    {
      name: "config.source http marks a static pod",
      p: pod({ "kubernetes.io/config.source": "http" }),
      static: true,
      mirror: false,
      critical: true,
    },
    {
      name: "config.source api is not static",
      p: pod({ "kubernetes.io/config.source": "api" }),
      static: false,
      mirror: false,
      critical: false,
    },
    {
      name: "empty config.source still is not api",
      p: pod({ "kubernetes.io/config.source": "" }),
      static: true,
      mirror: false,
      critical: true,
    },
    {
      name: "config.mirror with any value marks a mirror pod",
      p: pod({ "kubernetes.io/config.mirror": "" }),
      static: false,
      mirror: true,
      critical: true,
    },
    {
      name: "priority 2000000000 (system-cluster-critical) is critical",
      p: pod(undefined, 2_000_000_000),
      static: false,
      mirror: false,
      critical: true,
    },
    {
      name: "priority 1999999999 is not critical",
      p: pod(undefined, 1_999_999_999),
      static: false,
      mirror: false,
      critical: false,
    },
    {
      name: "priority 2000001000 (system-node-critical) is critical",
      p: pod(undefined, 2_000_001_000),
      static: false,
      mirror: false,
      critical: true,
    },
    {
      name: "class name without priority is not critical",
      p: pod(undefined, undefined, "system-node-critical"),
      static: false,
      mirror: false,
      critical: false,
    },
  ])("$name", ({ p, static: isStatic, mirror, critical }) => {
    expect(isStaticPod(p)).toBe(isStatic);
    expect(isMirrorPod(p)).toBe(mirror);
    expect(isCriticalPod(p)).toBe(critical);
  });
});

describe("isNodeCriticalPod", () => {
  it.each([
    { name: "critical and system-node-critical class", p: pod(undefined, 2_000_001_000, "system-node-critical"), want: true },
    {
      name: "system-cluster-critical is not node-critical",
      p: pod(undefined, 2_000_000_000, "system-cluster-critical"),
      want: false,
    },
    {
      name: "static pod with system-node-critical class",
      p: pod({ "kubernetes.io/config.source": "file" }, undefined, "system-node-critical"),
      want: true,
    },
    { name: "class name alone, without criticality", p: pod(undefined, 0, "system-node-critical"), want: false },
    { name: "high priority without the class name", p: pod(undefined, 2_000_001_000), want: false },
  ])("$name", ({ p, want }) => {
    expect(isNodeCriticalPod(p)).toBe(want);
  });
});
