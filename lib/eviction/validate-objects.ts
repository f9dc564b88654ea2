import { InputError, fieldPath, isObject, jsonType } from "./input-errors";
import type { Node, Pod } from "./k8s-types";
import { QuantityError, parseQuantity } from "./quantity";

function obj(v: unknown, path: string): Record<string, unknown> | undefined {
  if (v == null) return undefined;
  if (!isObject(v)) throw new InputError(`${path}: must be an object, got ${jsonType(v)}`);
  return v;
}

function arr(v: unknown, path: string): unknown[] {
  if (v == null) return [];
  if (!Array.isArray(v)) throw new InputError(`${path}: must be an array, got ${jsonType(v)}`);
  return v;
}

function str(v: unknown, path: string): void {
  if (v != null && typeof v !== "string") throw new InputError(`${path}: must be a string, got ${jsonType(v)}`);
}

/** Checks every value of a resource map is a valid Kubernetes quantity, naming the key. */
export function checkResourceList(v: unknown, path: string): void {
  const list = obj(v, path);
  if (!list) return;
  for (const [k, q] of Object.entries(list)) {
    const p = fieldPath(path, k);
    if (typeof q !== "string" && typeof q !== "number") {
      throw new InputError(`${p}: must be a quantity string, got ${jsonType(q)}`);
    }
    try {
      parseQuantity(String(q));
    } catch (e) {
      if (e instanceof QuantityError) throw new InputError(`${p}: ${JSON.stringify(q)} is not a valid quantity`);
      throw e;
    }
  }
}

function checkResources(v: unknown, path: string): void {
  const r = obj(v, path);
  checkResourceList(r?.requests, `${path}.requests`);
  checkResourceList(r?.limits, `${path}.limits`);
}

function checkContainers(v: unknown, path: string): void {
  arr(v, path).forEach((c, i) => {
    const cp = `${path}[${i}]`;
    const co = obj(c, cp);
    if (!co) throw new InputError(`${cp}: must be an object, got null`);
    str(co.name, `${cp}.name`);
    str(co.restartPolicy, `${cp}.restartPolicy`);
    checkResources(co.resources, `${cp}.resources`);
  });
}

function checkMeta(v: unknown, path: string): void {
  const m = obj(v, path);
  for (const k of ["name", "namespace", "uid"]) str(m?.[k], `${path}.${k}`);
  const ann = obj(m?.annotations, `${path}.annotations`);
  for (const [k, a] of Object.entries(ann ?? {})) str(a, fieldPath(`${path}.annotations`, k));
}

/** Checks the pod fields the engine reads (metadata, priority, containers, resources, volumes, status). */
export function validatePod(v: unknown, path: string): Pod {
  const p = obj(v, path);
  if (!p) throw new InputError(`${path}: must be an object, got null`);
  checkMeta(p.metadata, `${path}.metadata`);
  const spec = obj(p.spec, `${path}.spec`);
  if (spec?.priority != null && (typeof spec.priority !== "number" || !Number.isInteger(spec.priority))) {
    throw new InputError(`${path}.spec.priority: must be an integer, got ${JSON.stringify(spec.priority)}`);
  }
  str(spec?.priorityClassName, `${path}.spec.priorityClassName`);
  checkContainers(spec?.containers, `${path}.spec.containers`);
  checkContainers(spec?.initContainers, `${path}.spec.initContainers`);
  checkResourceList(spec?.overhead, `${path}.spec.overhead`);
  checkResources(spec?.resources, `${path}.spec.resources`);
  arr(spec?.volumes, `${path}.spec.volumes`).forEach((vol, i) => {
    const vp = `${path}.spec.volumes[${i}]`;
    str(obj(vol, vp)?.name, `${vp}.name`);
    const ed = obj(obj(vol, vp)?.emptyDir, `${vp}.emptyDir`);
    str(ed?.medium, `${vp}.emptyDir.medium`);
  });
  const status = obj(p.status, `${path}.status`);
  str(status?.phase, `${path}.status.phase`);
  str(status?.qosClass, `${path}.status.qosClass`);
  return p as Pod;
}

/** Accepts a Pod array or a PodList and checks each pod. */
export function validatePods(v: unknown, path = "pods"): Pod[] {
  if (v == null) return [];
  const items = isObject(v) ? v.items : v;
  if (!Array.isArray(items)) {
    throw new InputError(`${path}: must be an array of Pods or a PodList, got ${jsonType(v)}`);
  }
  const base = isObject(v) ? `${path}.items` : path;
  return items.map((p, i) => validatePod(p, `${base}[${i}]`));
}

/** Checks the node fields the engine reads (name, capacity, allocatable, conditions). */
export function validateNode(v: unknown, path = "node"): Node | undefined {
  const n = obj(v, path);
  if (!n) return undefined;
  checkMeta(n.metadata, `${path}.metadata`);
  const status = obj(n.status, `${path}.status`);
  checkResourceList(status?.capacity, `${path}.status.capacity`);
  checkResourceList(status?.allocatable, `${path}.status.allocatable`);
  arr(status?.conditions, `${path}.status.conditions`);
  return n as Node;
}
