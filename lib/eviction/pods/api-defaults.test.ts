import { describe, expect, it } from "vitest";

import type { Pod, ResourceRequirements } from "../k8s-types";
import { applyApiDefaults } from "./api-defaults";
import type { FeatureGates } from "./pod-resources";

const ON: FeatureGates = { PodLevelResources: true };
const OFF: FeatureGates = { PodLevelResources: false };

const withContainer = (resources: ResourceRequirements, podLevel?: ResourceRequirements): Pod => ({
  spec: {
    containers: [{ name: "c", resources }],
    ...(podLevel && { resources: podLevel }),
  },
});

describe("applyApiDefaults: container requests (SetDefaults_Pod)", () => {
  it.each([
    {
      name: "limit without request becomes the request",
      pod: withContainer({ limits: { cpu: "1", memory: "1Gi" } }),
      want: { cpu: "1", memory: "1Gi" },
    },
    {
      name: "an explicit request is kept, even when zero",
      pod: withContainer({ requests: { cpu: "0" }, limits: { cpu: "1", memory: "1Gi" } }),
      want: { cpu: "0", memory: "1Gi" },
    },
    {
      name: "every limited resource is defaulted, not just cpu and memory",
      pod: withContainer({ limits: { "ephemeral-storage": "1Gi" } }),
      want: { "ephemeral-storage": "1Gi" },
    },
    { name: "no limits: requests untouched", pod: withContainer({ requests: { cpu: "1" } }), want: { cpu: "1" } },
  ])("$name", ({ pod, want }) => {
    expect(applyApiDefaults(pod, ON).spec?.containers?.[0]?.resources?.requests).toEqual(want);
  });

  it("defaults init containers too and leaves the input untouched", () => {
    const pod: Pod = { spec: { containers: [], initContainers: [{ name: "i", resources: { limits: { memory: "5Mi" } } }] } };
    const out = applyApiDefaults(pod, OFF);
    expect(out.spec?.initContainers?.[0]?.resources?.requests).toEqual({ memory: "5Mi" });
    expect(pod.spec?.initContainers?.[0]?.resources?.requests).toBeUndefined();
  });
});

describe("applyApiDefaults: pod-level requests (defaultPodRequests)", () => {
  it.each([
    {
      name: "no container requests: pod-level requests copy the pod-level limits",
      pod: withContainer({}, { limits: { cpu: "1", memory: "1Gi" } }),
      gates: ON,
      want: { cpu: "1", memory: "1Gi" },
    },
    {
      name: "container requests: pod-level request is their sidecar-aware aggregate",
      pod: {
        spec: {
          containers: [{ name: "c", resources: { requests: { cpu: "100m" } } }],
          initContainers: [{ name: "s", restartPolicy: "Always", resources: { requests: { cpu: "50m" } } }],
          resources: { limits: { cpu: "1", memory: "1Gi" } },
        },
      } satisfies Pod,
      gates: ON,
      want: { cpu: "150m", memory: "1Gi" },
    },
    {
      name: "a container limit is first defaulted to a container request, then aggregated",
      pod: withContainer({ limits: { memory: "512Mi" } }, { limits: { memory: "1Gi" } }),
      gates: ON,
      want: { memory: `${512 * 1024 * 1024}` },
    },
    {
      name: "an explicit pod-level request is kept",
      pod: withContainer({}, { requests: { cpu: "500m" }, limits: { cpu: "1" } }),
      gates: ON,
      want: { cpu: "500m" },
    },
    {
      name: "hugepages default from the pod-level limit, never from containers",
      pod: withContainer({ requests: { "hugepages-2Mi": "2Mi" } }, { limits: { "hugepages-2Mi": "4Mi" } }),
      gates: ON,
      want: { "hugepages-2Mi": "4Mi" },
    },
    {
      name: "unsupported pod-level limit keys are not copied",
      pod: withContainer({}, { limits: { memory: "1Gi", "ephemeral-storage": "1Gi" } }),
      gates: ON,
      want: { memory: "1Gi" },
    },
    {
      name: "no pod-level limits: nothing to default",
      pod: withContainer({ requests: { cpu: "1" } }, { requests: {} }),
      gates: ON,
      want: {},
    },
    {
      name: "gate off: pod-level requests untouched",
      pod: withContainer({}, { limits: { cpu: "1" } }),
      gates: OFF,
      want: undefined,
    },
  ])("$name", ({ pod, gates, want }) => {
    expect(applyApiDefaults(pod, gates).spec?.resources?.requests).toEqual(want);
  });

  it("is idempotent", () => {
    const pod = withContainer({ limits: { cpu: "2" } }, { limits: { cpu: "4", memory: "1Gi" } });
    const once = applyApiDefaults(pod, ON);
    expect(applyApiDefaults(once, ON)).toEqual(once);
  });

  it("returns a pod without spec unchanged", () => {
    const pod: Pod = { metadata: { name: "p" } };
    expect(applyApiDefaults(pod, ON)).toBe(pod);
  });
});
