// Container cgroup settings the kubelet derives from requests and limits
// (pkg/kubelet/cm/helpers_others.go (!windows); cgroup v2 weight conversion from runc's libcontainer).
import type { Container } from "../k8s-types";
import { containerLimit, containerRequest } from "./pod-resources";

const MIN_SHARES = 2;
const MAX_SHARES = 262_144;
const QUOTA_PERIOD_US = 100_000;
const MIN_QUOTA_PERIOD_US = 1_000;

/** Converts millicores to cpu.shares: 1024 per core, floored at 2 and capped at 262144 (kubelet MilliCPUToShares). */
export function milliCpuToShares(milliCpu: number): number {
  if (milliCpu <= 0) return MIN_SHARES;
  const shares = Math.trunc((milliCpu * 1024) / 1000);
  return Math.min(MAX_SHARES, Math.max(MIN_SHARES, shares));
}

/** Converts cpu.shares to the cgroup v2 cpu.weight: 1 + (shares − 2) × 9999 / 262142, truncated. */
export function sharesToWeight(shares: number): number {
  return 1 + Math.trunc(((shares - 2) * 9999) / 262_142);
}

/** Converts a millicore limit to a CFS quota for the 100 ms period; null means unlimited ("max") (kubelet MilliCPUToQuota). */
export function milliCpuToQuota(milliCpu: number, periodUs = QUOTA_PERIOD_US): number | null {
  if (milliCpu <= 0) return null;
  return Math.max(MIN_QUOTA_PERIOD_US, Math.trunc((milliCpu * periodUs) / 1000));
}

export interface ContainerCgroup {
  name: string;
  cpuShares: number;
  cpuWeight: number;
  /** cgroup v2 cpu.max, e.g. "50000 100000" or "max 100000". */
  cpuMax: string;
  /** memory.max in bytes, null = "max". */
  memoryMax: number | null;
}

/** Derives a container's cpu.shares/weight, cpu.max and memory.max from its requests and limits. */
export function containerCgroup(container: Container): ContainerCgroup {
  const shares = milliCpuToShares(containerRequest(container, "cpu"));
  const quota = milliCpuToQuota(containerLimit(container, "cpu"));
  const mem = containerLimit(container, "memory");
  return {
    name: container.name,
    cpuShares: shares,
    cpuWeight: sharesToWeight(shares),
    cpuMax: `${quota ?? "max"} ${QUOTA_PERIOD_US}`,
    memoryMax: mem > 0 ? mem : null,
  };
}
