// The resources the sim serves and how each maps onto a store. events.k8s.io/v1 Events are a
// view over the core Event store (as in the real API server, both read the same objects).
import type { InvolvedObject } from "../state/events";
import { POD_FIELDS, podFields, podObject } from "../state/pod-object";
import type { PodRecord } from "../state/world";
import { ResourceStore, Revision, type Codec, type KObj, type StoreView } from "./store";

function plain(namespaced: boolean, fields: (o: KObj) => Record<string, string>): Codec<KObj> {
  return {
    namespaced,
    materialize: (o) => ({ ...o, metadata: { ...o.metadata } }),
    nameOf: (o) => ({ namespace: o.metadata.namespace ?? "", name: o.metadata.name }),
    labelsOf: (o) => o.metadata.labels,
    fieldsOf: fields,
  };
}

const meta = (o: KObj) => ({ "metadata.name": o.metadata.name, "metadata.namespace": o.metadata.namespace ?? "" });

const EVENT_FIELDS = [
  "metadata.name",
  "metadata.namespace",
  "involvedObject.kind",
  "involvedObject.namespace",
  "involvedObject.name",
  "involvedObject.uid",
  "involvedObject.apiVersion",
  "involvedObject.resourceVersion",
  "involvedObject.fieldPath",
  "reason",
  "reportingComponent",
  "source",
  "type",
];

/** The core v1 Event fields read here (events.ts writes them). */
interface CoreEvent extends KObj {
  involvedObject?: Partial<InvolvedObject>;
  reason?: string;
  message?: string;
  type?: string;
  source?: { component?: string; host?: string };
  firstTimestamp?: string;
  lastTimestamp?: string;
  count?: number;
  eventTime?: string | null;
  action?: string;
  reportingComponent?: string;
  reportingInstance?: string;
}

function eventFields(o: KObj): Record<string, string> {
  const e = o as CoreEvent;
  const io = e.involvedObject ?? {};
  return {
    ...meta(e),
    "involvedObject.kind": io.kind ?? "",
    "involvedObject.namespace": io.namespace ?? "",
    "involvedObject.name": io.name ?? "",
    "involvedObject.uid": io.uid ?? "",
    "involvedObject.apiVersion": io.apiVersion ?? "",
    "involvedObject.resourceVersion": io.resourceVersion ?? "",
    "involvedObject.fieldPath": io.fieldPath ?? "",
    reason: e.reason ?? "",
    reportingComponent: e.reportingComponent ?? "",
    source: e.source?.component ?? "",
    type: e.type ?? "",
  };
}

/** Converts a core v1 Event to events.k8s.io/v1, as the API server's conversion does. */
function toEventsV1(o: KObj): KObj {
  const e = o as CoreEvent;
  return {
    apiVersion: "events.k8s.io/v1",
    kind: "Event",
    metadata: e.metadata,
    eventTime: e.eventTime ?? null,
    reportingController: e.reportingComponent ?? "",
    reportingInstance: e.reportingInstance ?? "",
    action: e.action,
    reason: e.reason,
    regarding: e.involvedObject,
    note: e.message,
    type: e.type,
    deprecatedSource: e.source,
    deprecatedFirstTimestamp: e.firstTimestamp,
    deprecatedLastTimestamp: e.lastTimestamp,
    deprecatedCount: e.count,
  };
}

export interface ResourceDef {
  group: string;
  version: string;
  plural: string;
  kind: string;
  namespaced: boolean;
  store: StoreView;
  fields: readonly string[];
  /** Maps this API's field names onto the store's (events.k8s.io regarding.* -> involvedObject.*). */
  fieldAlias?: (f: string) => string;
  convert?: (o: KObj) => KObj;
  /** The counters' path class for gets and lists. */
  counterClass: string;
}

export interface Stores {
  rev: Revision;
  namespaces: ResourceStore<KObj>;
  nodes: ResourceStore<KObj>;
  pods: ResourceStore<PodRecord>;
  leases: ResourceStore<KObj>;
  events: ResourceStore<KObj>;
}

/** Creates the empty stores sharing one revision counter. */
export function makeStores(): Stores {
  const rev = new Revision();
  return {
    rev,
    namespaces: new ResourceStore(
      "namespaces",
      plain(false, (o) => ({ ...meta(o), "status.phase": "Active" })),
      rev,
    ),
    nodes: new ResourceStore(
      "nodes",
      plain(false, (o) => ({
        ...meta(o),
        "spec.unschedulable": String(!!(o.spec as { unschedulable?: boolean } | undefined)?.unschedulable),
      })),
      rev,
    ),
    pods: new ResourceStore<PodRecord>(
      "pods",
      {
        namespaced: true,
        materialize: podObject,
        nameOf: (p) => ({ namespace: p.t.namespace, name: p.name }),
        labelsOf: (p) => p.t.labels,
        fieldsOf: podFields,
      },
      rev,
    ),
    leases: new ResourceStore("leases", plain(true, meta), rev),
    events: new ResourceStore("events", plain(true, eventFields), rev, 5000),
  };
}

/** Lists the served resources keyed by "group/plural" (core group is ""). */
export function resourceDefs(s: Stores): Map<string, ResourceDef> {
  const defs: ResourceDef[] = [
    {
      group: "",
      version: "v1",
      plural: "namespaces",
      kind: "Namespace",
      namespaced: false,
      store: s.namespaces,
      fields: ["metadata.name", "status.phase"],
      counterClass: "namespaces",
    },
    {
      group: "",
      version: "v1",
      plural: "nodes",
      kind: "Node",
      namespaced: false,
      store: s.nodes,
      fields: ["metadata.name", "spec.unschedulable"],
      counterClass: "nodes",
    },
    {
      group: "",
      version: "v1",
      plural: "pods",
      kind: "Pod",
      namespaced: true,
      store: s.pods,
      fields: POD_FIELDS,
      counterClass: "pods",
    },
    {
      group: "",
      version: "v1",
      plural: "events",
      kind: "Event",
      namespaced: true,
      store: s.events,
      fields: EVENT_FIELDS,
      counterClass: "events",
    },
    {
      group: "coordination.k8s.io",
      version: "v1",
      plural: "leases",
      kind: "Lease",
      namespaced: true,
      store: s.leases,
      fields: ["metadata.name", "metadata.namespace"],
      counterClass: "leases",
    },
    {
      group: "events.k8s.io",
      version: "v1",
      plural: "events",
      kind: "Event",
      namespaced: true,
      store: s.events,
      counterClass: "events",
      fields: [
        "metadata.name",
        "metadata.namespace",
        "regarding.kind",
        "regarding.namespace",
        "regarding.name",
        "regarding.uid",
        "regarding.apiVersion",
        "regarding.resourceVersion",
        "regarding.fieldPath",
        "reason",
        "reportingController",
        "type",
      ],
      fieldAlias: (f) =>
        f.startsWith("regarding.") ? `involvedObject.${f.slice(10)}` : f === "reportingController" ? "reportingComponent" : f,
      convert: toEventsV1,
    },
  ];
  return new Map(defs.map((d) => [`${d.group}/${d.plural}`, d]));
}
