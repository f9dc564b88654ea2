import { describe, expect, it } from "vitest";

import type { Pod, PodSpec, ResourceList } from "../k8s-types";
import { container as c } from "../testing";
import { containerOomScoreAdj } from "./oom-score";
import type { FeatureGates } from "./pod-resources";

const ON: FeatureGates = { PodLevelResources: true };
const OFF: FeatureGates = { PodLevelResources: false };

const pod = (spec: PodSpec): Pod => ({ spec });
const mem = (memory: string): ResourceList => ({ memory });
// Pod-level memory request 2e9 with a larger limit: Burstable, as in policy_test.go.
const podLevel = { requests: { memory: "2000000000", cpu: "5m" }, limits: { memory: "2000001000", cpu: "5m" } };

describe("containerOomScoreAdj: rules beyond the upstream table", () => {
  const burstable = pod({ containers: [c("b", mem("1Gi"))] });
  it.each([
    {
      name: "Burstable with unknown capacity is null",
      got: containerOomScoreAdj(burstable, c("b", mem("1Gi")), null, ON),
      want: null,
    },
    { name: "zero capacity counts as unknown", got: containerOomScoreAdj(burstable, c("b", mem("1Gi")), 0, ON), want: null },
    { name: "Guaranteed needs no capacity", got: containerOomScoreAdj(burstable, c("b"), null, ON, "Guaranteed"), want: -997 },
    { name: "BestEffort needs no capacity", got: containerOomScoreAdj(burstable, c("b"), null, ON, "BestEffort"), want: 1000 },
    {
      name: "recorded status.qosClass is honoured",
      got: containerOomScoreAdj({ ...burstable, status: { qosClass: "Guaranteed" } }, c("b", mem("1Gi")), 4e9, ON),
      want: -997,
    },
    {
      name: "gate off: pod-level extra share is not added",
      got: containerOomScoreAdj(pod({ resources: podLevel, containers: [c("x"), c("y")] }), c("x"), 4e9, OFF, "Burstable"),
      want: 999,
    },
    {
      name: "an ordinary init container is not capped like a sidecar",
      got: containerOomScoreAdj(
        pod({ initContainers: [c("i", mem("400000000"))], containers: [c("m", mem("1000000000"))] }),
        c("i", mem("400000000")),
        8e9,
        ON,
      ),
      want: 950, // a sidecar with this request would be capped at 875
    },
    {
      // the exact quotient truncates to 335; float64 rounds 1000*req/cap up to 336
      name: "1000*req beyond 2^53 truncates exactly (float would give 664)",
      got: containerOomScoreAdj(
        pod({ containers: [c("x", mem("1647122999870221"))] }),
        c("x", mem("1647122999870221")),
        4902151785328039,
        ON,
      ),
      want: 665,
    },
  ])("$name", ({ got, want }) => {
    expect(got).toBe(want);
  });
});
