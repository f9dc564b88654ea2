// Node allocatable and the kubepods cgroup limit (pkg/kubelet/cm/node_container_manager_linux.go,
// pkg/kubelet/nodestatus/setters.go, cmd/kubelet/app/server.go parseResourceList). Spec §10.
import {
  ConfigError,
  DEFAULT_EVICTION_HARD,
  getOwn,
  putOwn,
  toNamer,
  type EvictionConfig,
  type FieldNamer,
} from "../config/config-types";
import { parseHardThresholds, resolveThreshold } from "../config/thresholds";
import { fieldPath } from "../document/input-errors";
import type { ResourceList } from "../k8s-types";
import {
  formatMilli,
  formatQuantity,
  parseBytes,
  parseMillis,
  parseQuantity,
  QuantityError,
  type QuantityFormat,
} from "../quantities/quantity";

type Amounts = Record<string, number>;

export interface Reservation {
  kubeReserved: Amounts;
  systemReserved: Amounts;
  evictionHard: Amounts;
  /** system + kube + eviction per capacity resource; zero sums are omitted, as the kubelet does. */
  total: Amounts;
}

const RESERVABLE = new Set(["cpu", "memory", "ephemeral-storage", "pid"]);

function amount(resource: string, v: string | number, path: string): number {
  try {
    return resource === "cpu" ? parseMillis(String(v)) : parseBytes(v);
  } catch (e) {
    if (e instanceof QuantityError) throw new ConfigError(`${path}: ${e.message}`);
    throw e;
  }
}

/** Reads a capacity list in engine units: cpu in millicores, everything else (bytes, pods, pid, hugepages) as a plain count. */
export function parseCapacity(capacity: ResourceList, field = "node.status.capacity"): Amounts {
  const out: Amounts = {};
  for (const [k, v] of Object.entries(capacity)) if (v !== undefined) putOwn(out, k, amount(k, v, fieldPath(field, k)));
  return out;
}

/** Parses kubeReserved/systemReserved like parseResourceList: only cpu, memory, ephemeral-storage, pid; negatives rejected. */
function parseReserved(
  config: EvictionConfig,
  key: "kubeReserved" | "systemReserved",
  field: string | FieldNamer = "kubeletConfig",
): Amounts {
  const name = toNamer(field);
  const out: Amounts = {};
  for (const [k, v] of Object.entries(config[key])) {
    const path = name(key, k);
    if (!RESERVABLE.has(k)) throw new ConfigError(`${path}: cannot reserve ${JSON.stringify(k)} resource`);
    out[k] = amount(k, v, path);
    const q = parseQuantity(v);
    if (q.num < 0n) {
      throw new ConfigError(`${path}: resource quantity for ${JSON.stringify(k)} cannot be negative: ${v}`);
    }
  }
  return out;
}

/** Computes the hard-eviction reservation: memory.available → memory, nodefs.available → ephemeral-storage, % against capacity. */
function evictionReservation(capacity: Amounts, config: EvictionConfig, field: string | FieldNamer = "kubeletConfig"): Amounts {
  if (config.experimentalAllocatableIgnoreEviction) return {};
  const out: Amounts = {};
  for (const t of parseHardThresholds(config, field)) {
    const resource = t.signal === "memory.available" ? "memory" : t.signal === "nodefs.available" ? "ephemeral-storage" : null;
    if (!resource || !t.value) continue;
    out[resource] = resolveThreshold(t.value, capacity[resource] ?? 0);
  }
  return out;
}

function only(amounts: Amounts, capacity: Amounts): Amounts {
  return Object.fromEntries(Object.entries(amounts).filter(([k]) => Object.hasOwn(capacity, k)));
}

/**
 * Computes Node.status.allocatable as capacity − (system + kube + hard-eviction reservation), floored at 0.
 *
 * Only resources in capacity count; memory then loses all hugepages-* capacity (floored at 0); pods and extended
 * resources pass through. Over-reservation is not an error here: see {@link validateReservation}.
 */
export function computeAllocatable(
  capacity: ResourceList,
  config: EvictionConfig,
  field: string | FieldNamer = "kubeletConfig",
): { reservation: Reservation; allocatable: Amounts } {
  const cap = parseCapacity(capacity);
  const kubeReserved = only(parseReserved(config, "kubeReserved", field), cap);
  const systemReserved = only(parseReserved(config, "systemReserved", field), cap);
  const evictionHard = only(evictionReservation(cap, config, field), cap);
  const total: Amounts = {};
  const allocatable: Amounts = {};
  for (const [r, c] of Object.entries(cap)) {
    const sum = (getOwn(systemReserved, r) ?? 0) + (getOwn(kubeReserved, r) ?? 0) + (getOwn(evictionHard, r) ?? 0);
    if (sum !== 0) putOwn(total, r, sum);
    putOwn(allocatable, r, Math.max(0, c - sum));
  }
  for (const [r, c] of Object.entries(cap)) {
    if (r.startsWith("hugepages-")) allocatable.memory = Math.max(0, (allocatable.memory ?? 0) - c);
  }
  return { reservation: { kubeReserved, systemReserved, evictionHard, total }, allocatable };
}

/**
 * Computes the kubepods cgroup limits as capacity − system − kube per resource, floored at 0, without the eviction reserve.
 *
 * Like GetNodeAllocatableAbsolute; include `pid` (e.g. the summary's rlimit.maxpid) in capacity to get the pids limit.
 */
export function kubepodsLimit(
  capacity: ResourceList,
  config: EvictionConfig,
  field: string | FieldNamer = "kubeletConfig",
): Amounts {
  const cap = parseCapacity(capacity);
  const kube = parseReserved(config, "kubeReserved", field);
  const system = parseReserved(config, "systemReserved", field);
  return Object.fromEntries(
    Object.entries(cap).map(([r, c]) => [r, Math.max(0, c - (getOwn(system, r) ?? 0) - (getOwn(kube, r) ?? 0))]),
  );
}

const EVICTION_SIGNAL: Record<string, string> = { memory: "memory.available", "ephemeral-storage": "nodefs.available" };

// Go's Quantity.Add adopts the addend's format while the sum is still zero, so the kubelet prints the
// reservation in the format of its first non-zero part (system, kube, eviction; a percentage is BinarySI).
function reservationString(r: string, total: number, config: EvictionConfig, evictionAmount: number): string {
  // Every part was read through parseBytes/parseMillis (at most int64 each), so the total is finite.
  if (r === "cpu") return formatMilli(total);
  const formatOf = (raw: string | undefined): QuantityFormat | null => {
    if (raw === undefined) return null;
    if (raw.endsWith("%")) return "BinarySI";
    const q = parseQuantity(raw);
    return q.num === 0n ? null : q.format;
  };
  const signal = getOwn(EVICTION_SIGNAL, r);
  const evictionRaw = signal && evictionAmount !== 0 ? (config.evictionHard ?? DEFAULT_EVICTION_HARD)[signal] : undefined;
  const format =
    formatOf(getOwn(config.systemReserved, r)) ??
    formatOf(getOwn(config.kubeReserved, r)) ??
    formatOf(evictionRaw) ??
    "DecimalSI";
  return formatQuantity(BigInt(total), format);
}

/** Rejects a reservation larger than capacity for any resource, with the kubelet's "invalid Node Allocatable configuration" message; equal is allowed. */
export function validateReservation(
  capacity: ResourceList,
  config: EvictionConfig,
  field: string | FieldNamer = "kubeletConfig",
): void {
  checkReservation(capacity, config, field, computeAllocatable(capacity, config, field).reservation);
}

type Allocatable = ReturnType<typeof computeAllocatable>;

// A fleet's nodes share a handful of (kubelet configuration, capacity) pairs: each distinct pair
// is parsed and checked once. Results are copied out, so callers may keep or change them.
const allocatableMemo = new WeakMap<EvictionConfig, Map<string, Allocatable>>();
const ALLOCATABLE_MEMO_LIMIT = 256;

const copyAllocatable = (a: Allocatable): Allocatable => ({
  reservation: {
    kubeReserved: { ...a.reservation.kubeReserved },
    systemReserved: { ...a.reservation.systemReserved },
    evictionHard: { ...a.reservation.evictionHard },
    total: { ...a.reservation.total },
  },
  allocatable: { ...a.allocatable },
});

/** validateReservation, then computeAllocatable: the same errors and results, computed once per distinct configuration and capacity. */
export function checkedAllocatable(
  capacity: ResourceList,
  config: EvictionConfig,
  field: string | FieldNamer = "kubeletConfig",
): Allocatable {
  let byCapacity = allocatableMemo.get(config);
  const key = JSON.stringify(capacity);
  const hit = byCapacity?.get(key);
  if (hit) return copyAllocatable(hit);
  const computed = computeAllocatable(capacity, config, field);
  checkReservation(capacity, config, field, computed.reservation);
  if (!byCapacity) allocatableMemo.set(config, (byCapacity = new Map()));
  if (byCapacity.size >= ALLOCATABLE_MEMO_LIMIT) byCapacity.clear();
  byCapacity.set(key, copyAllocatable(computed));
  return computed;
}

function checkReservation(
  capacity: ResourceList,
  config: EvictionConfig,
  field: string | FieldNamer,
  reservation: Reservation,
): void {
  const cap = parseCapacity(capacity);
  const name = toNamer(field);
  const problems: string[] = [];
  const fields: string[] = [];
  for (const [r, reserved] of Object.entries(reservation.total)) {
    if ((getOwn(cap, r) ?? 0) - reserved >= 0) continue;
    problems.push(
      `Resource ${JSON.stringify(r)} has a reservation of ${reservationString(r, reserved, config, getOwn(reservation.evictionHard, r) ?? 0)} but capacity of ${getOwn(capacity, r)}. Expected capacity >= reservation.`,
    );
    fields.push(...reservingFields(r, reservation, name));
  }
  if (problems.length === 0) return;
  // The error names the settings that reserve the resource: the first one as the field, the
  // others beside it, so the operator sees which knobs to turn (and a what-if sees its own).
  const [first = name("kubeReserved"), ...others] = [...new Set(fields)];
  const label = others.length ? `${first} (with ${others.join(" and ")})` : first;
  throw new ConfigError(`${label}: invalid Node Allocatable configuration. ${problems.join(" ")}`);
}

// The settings that reserve some of `r`, the largest share first (so a 20Gi evictionHard on a 16Gi
// node is named before a 1Gi systemReserved), ties in the kubelet's order: system, kube, eviction.
function reservingFields(r: string, reservation: Reservation, name: FieldNamer): string[] {
  const parts: [string, number][] = [];
  const system = getOwn(reservation.systemReserved, r);
  if (system) parts.push([name("systemReserved", r), system]);
  const kube = getOwn(reservation.kubeReserved, r);
  if (kube) parts.push([name("kubeReserved", r), kube]);
  const signal = getOwn(EVICTION_SIGNAL, r);
  const hard = getOwn(reservation.evictionHard, r);
  if (signal && hard) parts.push([name("evictionHard", signal), hard]);
  return parts.sort((a, b) => b[1] - a[1]).map(([field]) => field);
}
