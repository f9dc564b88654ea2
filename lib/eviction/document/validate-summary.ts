import type { Summary } from "../k8s-types";
import { describeValue, InputError, jsonType } from "./input-errors";
import { checkPressure } from "./validate-pressure";
import { eachObject, expectArray, expectObject, FieldPath } from "./validate-util";

const FS_FIELDS = ["availableBytes", "capacityBytes", "usedBytes", "inodesFree", "inodes", "inodesUsed"];
const MEMORY_FIELDS = ["availableBytes", "usageBytes", "workingSetBytes", "rssBytes"];

// A kubelet serves uint64 counters; anything else would turn arithmetic into string concatenation.
const isCounter = (n: unknown): boolean => n == null || (typeof n === "number" && Number.isFinite(n));

// The usual shapes, checked field by field without a loop (every pod has several of these).
type Fields = Record<string, unknown>;
const fsOk = (o: Fields) =>
  isCounter(o.availableBytes) &&
  isCounter(o.capacityBytes) &&
  isCounter(o.usedBytes) &&
  isCounter(o.inodesFree) &&
  isCounter(o.inodes) &&
  isCounter(o.inodesUsed);
const memoryOk = (o: Fields) =>
  isCounter(o.availableBytes) && isCounter(o.usageBytes) && isCounter(o.workingSetBytes) && isCounter(o.rssBytes);

// Checks the numeric fields of the object at `key` below `path` (absent: nothing to check).
function checkNumbers(v: unknown, fields: string[], path: FieldPath, key: string | number): void {
  const obj = expectObject(v, path, key);
  if (!obj) return;
  if (fields === FS_FIELDS ? fsOk(obj) : fields === MEMORY_FIELDS ? memoryOk(obj) : false) return;
  for (const f of fields) {
    const n = obj[f];
    if (!isCounter(n)) {
      path.enter(key);
      throw new InputError(`${path.at(f)}: must be a number, got ${describeValue(n)}`);
    }
  }
}

const checkFs = (v: unknown, path: FieldPath, key: string | number) => checkNumbers(v, FS_FIELDS, path, key);
const checkMemory = (v: unknown, path: FieldPath, key: string) => checkNumbers(v, MEMORY_FIELDS, path, key);

function checkName(v: unknown, path: FieldPath, key: string): void {
  if (typeof v !== "string") throw new InputError(`${path.at(key)}: must be a string, got ${jsonType(v)}`);
}

// `path` points at the pod's entry (summary.pods[i]).
function checkContainerStats(co: Fields, path: FieldPath): void {
  checkMemory(co.memory, path, "memory");
  checkFs(co.rootfs, path, "rootfs");
  checkFs(co.logs, path, "logs");
}

const checkSystemContainer = (c: Fields, path: FieldPath) => checkMemory(c.memory, path, "memory");

function checkPodStats(v: unknown, path: FieldPath): void {
  const ps = expectObject(v, path);
  if (!ps) throw new InputError(`${path}: must be an object, got null`);
  const ref = expectObject(ps.podRef, path, "podRef");
  if (!ref) throw new InputError(`${path}.podRef: is required`);
  if (typeof ref.uid !== "string") {
    path.enter("podRef");
    checkName(ref.uid, path, "uid");
  }
  checkMemory(ps.memory, path, "memory");
  eachObject(ps.containers, path, "containers", checkContainerStats);
  const volumes = expectArray(ps.volume, path, "volume");
  if (volumes.length) {
    path.enter("volume");
    for (let i = 0; i < volumes.length; i++) {
      checkFs(volumes[i], path, i);
      const vol = volumes[i] as Record<string, unknown> | null | undefined;
      if (typeof vol?.name !== "string") {
        path.enter(i);
        checkName(vol?.name, path, "name");
      }
    }
    path.leave();
  }
  checkFs(ps["ephemeral-storage"], path, "ephemeral-storage");
  checkNumbers(ps.process_stats, ["process_count"], path, "process_stats");
  checkPressure(ps, path);
}

/** Checks every Summary field the engine reads, naming the first broken one; returns the summary typed. */
export function validateSummary(v: unknown, field = "summary"): Summary | undefined {
  const path = new FieldPath(field);
  const s = expectObject(v, path);
  if (!s) return undefined;
  const node = expectObject(s.node, path, "node");
  if (node) {
    path.enter("node");
    checkMemory(node.memory, path, "memory");
    checkFs(node.fs, path, "fs");
    const rt = expectObject(node.runtime, path, "runtime");
    if (rt) {
      path.enter("runtime");
      checkFs(rt.imageFs, path, "imageFs");
      checkFs(rt.containerFs, path, "containerFs");
      path.leave();
    }
    checkNumbers(node.rlimit, ["maxpid", "curproc"], path, "rlimit");
    eachObject(node.systemContainers, path, "systemContainers", checkSystemContainer);
    checkPressure(node, path);
    path.leave();
  }
  const pods = expectArray(s.pods, path, "pods");
  path.enter("pods");
  for (let i = 0; i < pods.length; i++) {
    path.enter(i);
    checkPodStats(pods[i], path);
    path.leave();
  }
  return s as Summary;
}
