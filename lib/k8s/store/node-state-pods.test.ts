import { describe, expect, it } from "vitest";

import { NodeState } from "./node-state";
import type { TrimmedPod } from "./trim";

const podOf = (name: string, phase = "Running"): TrimmedPod =>
  ({
    metadata: { name, namespace: "team", uid: `uid-${name}` },
    spec: { nodeName: "n1", containers: [] },
    status: { phase },
  }) as unknown as TrimmedPod;
const names = (pods: readonly TrimmedPod[]) => pods.map((p) => p.metadata.name);

describe("a node's active pods", () => {
  it("are one array until a pod of the node is set or deleted, then the pods as they are", () => {
    const s = new NodeState("n1", 4);
    s.pods.set("team/a", podOf("a"));
    s.pods.set("team/b", podOf("b", "Succeeded"));
    s.pods.set("team/c", podOf("c", "Pending"));
    const first = s.activePods();
    expect(names(first)).toEqual(["a", "c"]);
    expect(s.activePods()).toBe(first);

    s.pods.set("team/c", podOf("c", "Failed"));
    const second = s.activePods();
    expect(second).not.toBe(first);
    expect(names(second)).toEqual(["a"]);
    // the array handed out before is left as it was
    expect(names(first)).toEqual(["a", "c"]);

    s.pods.delete("team/a");
    expect(names(s.activePods())).toEqual([]);
    s.pods.set("team/d", podOf("d"));
    expect(names(s.activePods())).toEqual(["d"]);
    s.pods.clear();
    expect(s.activePods()).toEqual([]);
  });
});
