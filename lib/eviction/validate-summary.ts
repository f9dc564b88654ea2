import { InputError, fieldPath, jsonType } from "./input-errors";
import type { Summary } from "./k8s-types";
import { type Path, at, expectArray, expectObject } from "./validate-util";

const FS_FIELDS = ["availableBytes", "capacityBytes", "usedBytes", "inodesFree", "inodes", "inodesUsed"];
const MEMORY_FIELDS = ["availableBytes", "usageBytes", "workingSetBytes", "rssBytes"];

function checkNumbers(obj: Record<string, unknown> | undefined, fields: string[], path: Path): void {
  if (!obj) return;
  for (const f of fields) {
    const v = obj[f];
    // A kubelet serves uint64 counters; anything else would turn arithmetic into string concatenation.
    if (v != null && (typeof v !== "number" || !Number.isFinite(v))) {
      throw new InputError(`${fieldPath(path(), f)}: must be a number, got ${JSON.stringify(v)}`);
    }
  }
}

const checkFs = (v: unknown, path: Path) => checkNumbers(expectObject(v, path), FS_FIELDS, path);
const checkMemory = (v: unknown, path: Path) => checkNumbers(expectObject(v, path), MEMORY_FIELDS, path);

function checkName(v: unknown, path: Path): void {
  if (typeof v !== "string") throw new InputError(`${path()}: must be a string, got ${jsonType(v)}`);
}

function checkPodStats(v: unknown, path: Path): void {
  const ps = expectObject(v, path);
  if (!ps) throw new InputError(`${path()}: must be an object, got null`);
  const ref = expectObject(ps.podRef, at(path, "podRef"));
  if (!ref) throw new InputError(`${path()}.podRef: is required`);
  checkName(ref.uid, at(at(path, "podRef"), "uid"));
  checkMemory(ps.memory, at(path, "memory"));
  const containers = expectArray(ps.containers, at(path, "containers"));
  for (let i = 0; i < containers.length; i++) {
    const cp = at(at(path, "containers"), i);
    const co = expectObject(containers[i], cp);
    checkMemory(co?.memory, at(cp, "memory"));
    checkFs(co?.rootfs, at(cp, "rootfs"));
    checkFs(co?.logs, at(cp, "logs"));
  }
  const volumes = expectArray(ps.volume, at(path, "volume"));
  for (let i = 0; i < volumes.length; i++) {
    const vp = at(at(path, "volume"), i);
    checkFs(volumes[i], vp);
    checkName(expectObject(volumes[i], vp)?.name, at(vp, "name"));
  }
  checkFs(ps["ephemeral-storage"], at(path, "ephemeral-storage"));
  checkNumbers(expectObject(ps.process_stats, at(path, "process_stats")), ["process_count"], at(path, "process_stats"));
}

/** Checks every Summary field the engine reads, naming the first broken one; returns the summary typed. */
export function validateSummary(v: unknown, field = "summary"): Summary | undefined {
  const path: Path = () => field;
  const s = expectObject(v, path);
  if (!s) return undefined;
  const np = at(path, "node");
  const node = expectObject(s.node, np);
  if (node) {
    checkMemory(node.memory, at(np, "memory"));
    checkFs(node.fs, at(np, "fs"));
    const rp = at(np, "runtime");
    const rt = expectObject(node.runtime, rp);
    checkFs(rt?.imageFs, at(rp, "imageFs"));
    checkFs(rt?.containerFs, at(rp, "containerFs"));
    checkNumbers(expectObject(node.rlimit, at(np, "rlimit")), ["maxpid", "curproc"], at(np, "rlimit"));
    const sys = expectArray(node.systemContainers, at(np, "systemContainers"));
    for (let i = 0; i < sys.length; i++) {
      const cp = at(at(np, "systemContainers"), i);
      checkMemory(expectObject(sys[i], cp)?.memory, at(cp, "memory"));
    }
  }
  const pods = expectArray(s.pods, at(path, "pods"));
  for (let i = 0; i < pods.length; i++) checkPodStats(pods[i], at(at(path, "pods"), i));
  return s as Summary;
}
