// Large but valid analyze documents (issue 14): a node with many pods, as JSON or YAML, padded to
// a size when asked, built as text directly (no YAML library: the point is what the server does).

const GI = 1024 ** 3;

function podYaml(i: number): string {
  return `- metadata:
    name: pod-${i}
    namespace: ns-${i % 50}
    uid: uid-${i}
    annotations:
      note: "${"x".repeat(40)}"
  spec:
    priority: ${i % 3}
    containers:
    - name: app
      resources:
        requests: {memory: "${(i % 64) + 1}Mi", cpu: "10m"}
  status: {phase: Running}
`;
}

/** A YAML document with `pods` pods (about 330 bytes each). */
export function bigYaml(pods: number): string {
  const head = `node:
  metadata: {name: big-node}
  status:
    capacity: {cpu: "64", memory: "512Gi", pods: "100000"}
summary:
  node:
    memory: {availableBytes: ${GI}, workingSetBytes: ${200 * GI}}
  pods: []
kubeletConfig:
  evictionHard: {memory.available: 100Mi}
pods:
`;
  const parts = [head];
  for (let i = 0; i < pods; i++) parts.push(podYaml(i));
  return parts.join("");
}

/** A JSON document whose one annotation pads it to about `bytes` bytes, with `pods` pods. */
export function bigJson(bytes: number, pods = 10): string {
  const list = Array.from({ length: pods }, (_, i) => ({
    metadata: { name: `pod-${i}`, namespace: "ns", uid: `uid-${i}`, annotations: {} as Record<string, string> },
    spec: { containers: [{ name: "app", resources: { requests: { memory: "64Mi" } } }] },
    status: { phase: "Running" },
  }));
  const doc = {
    node: { metadata: { name: "big-node" }, status: { capacity: { cpu: "8", memory: "32Gi", pods: "110" } } },
    summary: { node: { memory: { availableBytes: GI, workingSetBytes: 30 * GI } }, pods: [] },
    pods: list,
  };
  const base = JSON.stringify(doc).length;
  list[pods - 1]!.metadata.annotations.padding = "p".repeat(Math.max(0, bytes - base - 20));
  return JSON.stringify(doc);
}
