// Server-side printing (meta.k8s.io/v1 Table), which `kubectl get` asks for. Columns and cell
// formats follow the API server's printers (pkg/printers/internalversion/printers.go).
import type { KObj } from "./store";

type Col = { name: string; type: string; format: string; description: string; priority: number };
type Printer = { columns: Col[]; row: (o: KObj, now: number) => unknown[] };

// The parts of each wire object the printers read. The objects come from the sim's own stores,
// so these are views, not validation.
type Meta = KObj["metadata"] & { creationTimestamp?: string; deletionTimestamp?: string };
type NodeWire = KObj & {
  metadata: Meta;
  spec?: { unschedulable?: boolean };
  status?: {
    conditions?: { type: string; status: string }[];
    addresses?: { type: string; address: string }[];
    nodeInfo?: { kubeletVersion?: string; osImage?: string; kernelVersion?: string; containerRuntimeVersion?: string };
  };
};
type PodWire = KObj & {
  metadata: Meta;
  spec?: { containers?: unknown[]; nodeName?: string };
  status?: { phase?: string; reason?: string; podIP?: string; containerStatuses?: { ready?: boolean }[] };
};
type LeaseWire = KObj & { metadata: Meta; spec?: { holderIdentity?: string } };
type NamespaceWire = KObj & { metadata: Meta; status?: { phase?: string } };
type Ref = { kind?: string; name?: string; fieldPath?: string };
type Source = { component?: string; host?: string };
/** A core v1 Event or an events.k8s.io/v1 one (same printer, as in the API server). */
type EventWire = KObj & {
  metadata: Meta;
  type?: string;
  reason?: string;
  message?: string;
  note?: string;
  involvedObject?: Ref;
  regarding?: Ref;
  source?: Source;
  deprecatedSource?: Source;
  firstTimestamp?: string;
  lastTimestamp?: string;
  deprecatedFirstTimestamp?: string;
  deprecatedLastTimestamp?: string;
  eventTime?: string | null;
  series?: { lastObservedTime?: string };
  count?: number;
  deprecatedCount?: number;
};

/** Builds a printer whose row function reads objects of one kind. */
function printer<T extends KObj>(columns: Col[], row: (o: T, now: number) => unknown[]): Printer {
  return { columns, row: (o, now) => row(o as T, now) };
}

const col = (name: string, type = "string", priority = 0, format = ""): Col => ({
  name,
  type,
  format: name === "Name" ? "name" : format,
  description: name === "Name" ? "Name must be unique within a namespace." : "",
  priority,
});

/** Formats an age like duration.HumanDuration ("5m30s", "3h", "12d"). */
function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < -1) return "<invalid>";
  if (seconds < 0) return "0s";
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) return hours % 24 === 0 ? `${Math.floor(hours / 24)}d` : `${Math.floor(hours / 24)}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  const years = Math.floor(hours / 24 / 365);
  const dy = Math.floor(hours / 24) % 365;
  if (hours < 24 * 365 * 8) return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  return `${years}y`;
}

const since = (t: string | undefined | null, now: number) => (t ? humanDuration(now - Date.parse(t)) : "<unknown>");

function nodeStatus(n: NodeWire): string {
  const ready = (n.status?.conditions ?? []).find((c) => c.type === "Ready");
  const s = ready?.status === "True" ? "Ready" : ready ? "NotReady" : "Unknown";
  return n.spec?.unschedulable ? `${s},SchedulingDisabled` : s;
}

function nodeRoles(n: NodeWire): string {
  const roles = Object.keys(n.metadata.labels ?? {})
    .filter((k) => k.startsWith("node-role.kubernetes.io/"))
    .map((k) => k.slice("node-role.kubernetes.io/".length));
  return roles.length ? roles.sort().join(",") : "<none>";
}

function podStatus(p: PodWire): string {
  if (p.metadata.deletionTimestamp) return "Terminating";
  return p.status?.reason ?? p.status?.phase ?? "Unknown";
}

function podReady(p: PodWire): string {
  const cs = p.status?.containerStatuses ?? [];
  return `${cs.filter((c) => c.ready).length}/${(p.spec?.containers ?? []).length}`;
}

const addr = (n: NodeWire, type: string) => (n.status?.addresses ?? []).find((a) => a.type === type)?.address ?? "<none>";

const PRINTERS: Record<string, Printer> = {
  Node: printer<NodeWire>(
    [
      col("Name"),
      col("Status"),
      col("Roles"),
      col("Age"),
      col("Version"),
      col("Internal-IP", "string", 1),
      col("External-IP", "string", 1),
      col("OS-Image", "string", 1),
      col("Kernel-Version", "string", 1),
      col("Container-Runtime", "string", 1),
    ],
    (n, now) => [
      n.metadata.name,
      nodeStatus(n),
      nodeRoles(n),
      since(n.metadata.creationTimestamp, now),
      n.status?.nodeInfo?.kubeletVersion ?? "",
      addr(n, "InternalIP"),
      addr(n, "ExternalIP"),
      n.status?.nodeInfo?.osImage ?? "",
      n.status?.nodeInfo?.kernelVersion ?? "",
      n.status?.nodeInfo?.containerRuntimeVersion ?? "",
    ],
  ),
  Pod: printer<PodWire>(
    [
      col("Name"),
      col("Ready"),
      col("Status"),
      col("Restarts", "string"),
      col("Age"),
      col("IP", "string", 1),
      col("Node", "string", 1),
      col("Nominated Node", "string", 1),
      col("Readiness Gates", "string", 1),
    ],
    (p, now) => [
      p.metadata.name,
      podReady(p),
      podStatus(p),
      "0",
      since(p.metadata.creationTimestamp, now),
      p.status?.podIP ?? "<none>",
      p.spec?.nodeName ?? "<none>",
      "<none>",
      "<none>",
    ],
  ),
  Lease: printer<LeaseWire>([col("Name"), col("Holder"), col("Age")], (l, now) => [
    l.metadata.name,
    l.spec?.holderIdentity ?? "",
    since(l.metadata.creationTimestamp, now),
  ]),
  Namespace: printer<NamespaceWire>([col("Name"), col("Status"), col("Age")], (n, now) => [
    n.metadata.name,
    n.status?.phase ?? "Active",
    since(n.metadata.creationTimestamp, now),
  ]),
  Event: printer<EventWire>(
    [
      col("Last Seen"),
      col("Type"),
      col("Reason"),
      col("Object"),
      col("Subobject", "string", 1),
      col("Source", "string", 1),
      col("Message"),
      col("First Seen", "string", 1),
      col("Count", "string", 1),
      col("Name", "string", 1),
    ],
    (e, now) => {
      const io = e.involvedObject ?? e.regarding ?? {};
      const last = e.lastTimestamp ?? e.deprecatedLastTimestamp ?? e.eventTime ?? e.series?.lastObservedTime;
      const first = e.firstTimestamp ?? e.deprecatedFirstTimestamp ?? e.eventTime;
      const src = e.source ?? e.deprecatedSource ?? {};
      return [
        since(last, now),
        e.type ?? "",
        e.reason ?? "",
        `${String(io.kind ?? "").toLowerCase()}/${io.name ?? ""}`,
        io.fieldPath ?? "",
        [src.component, src.host].filter(Boolean).join(", "),
        e.message ?? e.note ?? "",
        since(first, now),
        String(e.count ?? e.deprecatedCount ?? 1),
        e.metadata.name,
      ];
    },
  ),
};

/** Returns true when the Accept header asks for meta.k8s.io Table output. */
export function wantsTable(accept: string | undefined): boolean {
  return !!accept && /as=Table/.test(accept);
}

/** Converts objects of one kind into a Table; `includeObject` is None, Metadata (default) or Object. */
export function toTable(
  kind: string,
  objs: KObj[],
  now: number,
  includeObject: string | null,
  listMeta: object,
  withColumns = true,
): object {
  const p = PRINTERS[kind];
  if (!p) throw new Error(`no printer for ${kind}`);
  const mode = includeObject ?? "Metadata";
  return {
    kind: "Table",
    apiVersion: "meta.k8s.io/v1",
    metadata: listMeta,
    columnDefinitions: withColumns ? p.columns : [],
    rows: objs.map((o) => ({
      cells: p.row(o, now),
      ...(mode === "None"
        ? {}
        : {
            object: mode === "Object" ? o : { kind: "PartialObjectMetadata", apiVersion: "meta.k8s.io/v1", metadata: o.metadata },
          }),
    })),
  };
}
