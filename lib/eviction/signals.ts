// The kubelet's nine eviction signals (pkg/kubelet/eviction/api/types.go) and what each maps to.

export const SIGNALS = [
  "memory.available",
  "allocatableMemory.available",
  "nodefs.available",
  "nodefs.inodesFree",
  "imagefs.available",
  "imagefs.inodesFree",
  "containerfs.available",
  "containerfs.inodesFree",
  "pid.available",
] as const;

export type Signal = (typeof SIGNALS)[number];

export type SignalResource = "memory" | "ephemeral-storage" | "inodes" | "pids";

export type PressureCondition = "MemoryPressure" | "DiskPressure" | "PIDPressure";

const SIGNAL_SET: ReadonlySet<string> = new Set(SIGNALS);

/** Tells whether a string is one of the nine signal names the kubelet accepts (case-sensitive). */
export function isSignal(s: unknown): s is Signal {
  return typeof s === "string" && SIGNAL_SET.has(s);
}

/** Maps a signal to its starved resource: memory signals → memory, `*.available` disk → ephemeral-storage, `*.inodesFree` → inodes, pid → pids. */
export function signalResource(signal: Signal): SignalResource {
  if (signal === "memory.available" || signal === "allocatableMemory.available") return "memory";
  if (signal === "pid.available") return "pids";
  return signal.endsWith(".inodesFree") ? "inodes" : "ephemeral-storage";
}

/** Maps a signal to the node condition it raises: memory → MemoryPressure, filesystems → DiskPressure, pid → PIDPressure. */
export function signalCondition(signal: Signal): PressureCondition {
  const r = signalResource(signal);
  if (r === "memory") return "MemoryPressure";
  return r === "pids" ? "PIDPressure" : "DiskPressure";
}
