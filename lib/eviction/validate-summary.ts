import { InputError, fieldPath, isObject, jsonType } from "./input-errors";
import type { Summary } from "./k8s-types";

const FS_FIELDS = ["availableBytes", "capacityBytes", "usedBytes", "inodesFree", "inodes", "inodesUsed"];
const MEMORY_FIELDS = ["availableBytes", "usageBytes", "workingSetBytes", "rssBytes"];

function expectObject(v: unknown, path: string): Record<string, unknown> | undefined {
  if (v == null) return undefined;
  if (!isObject(v)) throw new InputError(`${path}: must be an object, got ${jsonType(v)}`);
  return v;
}

function expectArray(v: unknown, path: string): unknown[] {
  if (v == null) return [];
  if (!Array.isArray(v)) throw new InputError(`${path}: must be an array, got ${jsonType(v)}`);
  return v;
}

function checkNumbers(obj: Record<string, unknown> | undefined, fields: string[], path: string): void {
  if (!obj) return;
  for (const f of fields) {
    const v = obj[f];
    // A kubelet serves uint64 counters; anything else would turn arithmetic into string concatenation.
    if (v != null && (typeof v !== "number" || !Number.isFinite(v))) {
      throw new InputError(`${fieldPath(path, f)}: must be a number, got ${JSON.stringify(v)}`);
    }
  }
}

function checkFs(v: unknown, path: string): void {
  checkNumbers(expectObject(v, path), FS_FIELDS, path);
}

function checkMemory(v: unknown, path: string): void {
  checkNumbers(expectObject(v, path), MEMORY_FIELDS, path);
}

function checkName(v: unknown, path: string): void {
  if (typeof v !== "string") throw new InputError(`${path}: must be a string, got ${jsonType(v)}`);
}

function checkPodStats(v: unknown, path: string): void {
  const ps = expectObject(v, path);
  if (!ps) throw new InputError(`${path}: must be an object, got null`);
  const ref = expectObject(ps.podRef, `${path}.podRef`);
  if (!ref) throw new InputError(`${path}.podRef: is required`);
  checkName(ref.uid, `${path}.podRef.uid`);
  checkMemory(ps.memory, `${path}.memory`);
  expectArray(ps.containers, `${path}.containers`).forEach((c, i) => {
    const cp = `${path}.containers[${i}]`;
    const co = expectObject(c, cp);
    checkMemory(co?.memory, `${cp}.memory`);
    checkFs(co?.rootfs, `${cp}.rootfs`);
    checkFs(co?.logs, `${cp}.logs`);
  });
  expectArray(ps.volume, `${path}.volume`).forEach((vol, i) => {
    checkFs(vol, `${path}.volume[${i}]`);
    checkName(expectObject(vol, `${path}.volume[${i}]`)?.name, `${path}.volume[${i}].name`);
  });
  checkFs(ps["ephemeral-storage"], fieldPath(path, "ephemeral-storage"));
  checkNumbers(expectObject(ps.process_stats, `${path}.process_stats`), ["process_count"], `${path}.process_stats`);
}

/** Checks every Summary field the engine reads, naming the first broken one; returns the summary typed. */
export function validateSummary(v: unknown, path = "summary"): Summary | undefined {
  const s = expectObject(v, path);
  if (!s) return undefined;
  const node = expectObject(s.node, `${path}.node`);
  if (node) {
    checkMemory(node.memory, `${path}.node.memory`);
    checkFs(node.fs, `${path}.node.fs`);
    const rt = expectObject(node.runtime, `${path}.node.runtime`);
    checkFs(rt?.imageFs, `${path}.node.runtime.imageFs`);
    checkFs(rt?.containerFs, `${path}.node.runtime.containerFs`);
    checkNumbers(expectObject(node.rlimit, `${path}.node.rlimit`), ["maxpid", "curproc"], `${path}.node.rlimit`);
    expectArray(node.systemContainers, `${path}.node.systemContainers`).forEach((c, i) => {
      const cp = `${path}.node.systemContainers[${i}]`;
      checkMemory(expectObject(c, cp)?.memory, `${cp}.memory`);
    });
  }
  expectArray(s.pods, `${path}.pods`).forEach((p, i) => checkPodStats(p, `${path}.pods[${i}]`));
  return s as Summary;
}
