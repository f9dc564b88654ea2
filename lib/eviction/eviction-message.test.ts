import { describe, expect, it } from "vitest";

import { evictionMessage, parseEvictionMessage, thresholdQuantityString } from "./eviction-message";

const pod = {
  metadata: { name: "w", uid: "u" },
  spec: {
    containers: [
      { name: "controller", resources: { requests: { memory: "0" } } },
      { name: "quiet", resources: { requests: { memory: "1Gi" } } },
    ],
  },
};
const stats = {
  podRef: { name: "w", namespace: "d", uid: "u" },
  containers: [
    { name: "controller", memory: { workingSetBytes: 21576 * 1024 }, rootfs: { usedBytes: 4096 }, logs: { usedBytes: 4096 } },
    { name: "quiet", memory: { workingSetBytes: 1024 }, rootfs: { usedBytes: 1 } },
  ],
};

describe("evictionMessage", () => {
  it("writes the kubelet's text (k0s #3830 capture)", () => {
    const { message, offending } = evictionMessage(pod, stats, "memory", {
      quantity: thresholdQuantityString(104857600, "100Mi", false),
      available: 76700 * 1024,
    });
    expect(message).toBe(
      "The node was low on resource: memory. Threshold quantity: 100Mi, available: 76700Ki. Container controller was using 21576Ki, request is 0, has larger consumption of memory. ",
    );
    expect(offending).toEqual([{ name: "controller", usage: "21576Ki" }]);
    expect(parseEvictionMessage(message)?.containers).toEqual([{ name: "controller", usage: 21576 * 1024, request: 0 }]);
  });

  it("prints percentage thresholds resolved, in BinarySI or plain bytes (GitLab runner capture)", () => {
    expect(thresholdQuantityString(16023864137, "10%", true)).toBe("16023864137");
    expect(thresholdQuantityString(2 * 1024 ** 3, undefined, true)).toBe("2Gi");
    expect(thresholdQuantityString(1e9, "1G", false)).toBe("1G");
  });

  it("names no container for ephemeral-storage when rootfs or logs is missing", () => {
    const { message } = evictionMessage(pod, stats, "ephemeral-storage", null);
    expect(message).toBe(
      "The node was low on resource: ephemeral-storage. Container controller was using 8Ki, request is 0, has larger consumption of ephemeral-storage. ",
    );
  });
});
