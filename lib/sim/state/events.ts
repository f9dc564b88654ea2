// core/v1 Events as the kubelet and node controller record them: node events live in "default"
// with involvedObject.uid = node name (what `kubectl describe node` searches for); repeats of the
// same reason and message on the same object bump `count` like client-go's event correlator.
// Events older than the API server's default TTL (1 h) are deleted.
import type { KObj, ResourceStore } from "../apiserver/store";
import { rfc3339 } from "./clock";
import { seededUid } from "./units";

export interface InvolvedObject {
  kind: string;
  namespace?: string;
  name: string;
  uid: string;
  apiVersion?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface RecordOptions {
  type: "Normal" | "Warning";
  reason: string;
  message: string;
  component: string;
  host?: string;
  annotations?: Record<string, string>;
}

const TTL_MS = 3600_000;

export class EventRecorder {
  private seq = 0;
  private readonly recent = new Map<string, { ns: string; name: string; count: number; first: number }>();

  constructor(
    private readonly store: ResourceStore<KObj>,
    private readonly now: () => number,
  ) {}

  /** Records (or aggregates) an event about an object. */
  record(obj: InvolvedObject, o: RecordOptions): void {
    const now = this.now();
    const ns = obj.namespace || "default";
    const key = `${obj.uid}|${o.reason}|${o.message}|${o.component}`;
    const prev = this.recent.get(key);
    const existing = prev && this.store.get(prev.ns, prev.name);
    const count = existing ? prev.count + 1 : 1;
    const first = existing ? prev.first : now;
    const name = existing ? prev.name : `${obj.name}.${(BigInt(now) * 1_000_000n + BigInt(this.seq++ % 1_000_000)).toString(16)}`;
    this.recent.set(key, { ns, name, count, first });
    this.store.put({
      apiVersion: "v1",
      kind: "Event",
      metadata: {
        name,
        namespace: ns,
        uid: seededUid(`event/${ns}/${name}`),
        creationTimestamp: rfc3339(first),
        ...(o.annotations ? { annotations: o.annotations } : {}),
      },
      involvedObject: { apiVersion: "v1", ...obj },
      reason: o.reason,
      message: o.message,
      source: { component: o.component, ...(o.host ? { host: o.host } : {}) },
      firstTimestamp: rfc3339(first),
      lastTimestamp: rfc3339(now),
      count,
      type: o.type,
      eventTime: null,
      reportingComponent: o.component,
      reportingInstance: o.host ?? "",
    });
  }

  /** Deletes events whose last occurrence is older than the TTL. */
  expire(): void {
    const cutoff = this.now() - TTL_MS;
    for (const e of [...this.store.values()]) {
      const last = Date.parse(String((e.src as { lastTimestamp?: string }).lastTimestamp));
      if (last < cutoff) this.store.delete(e.namespace, e.name);
    }
    for (const [k, v] of this.recent) if (!this.store.get(v.ns, v.name)) this.recent.delete(k);
  }
}
