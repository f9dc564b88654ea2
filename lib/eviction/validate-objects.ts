import { InputError, fieldPath, isObject, jsonType } from "./input-errors";
import type { Node, Pod } from "./k8s-types";
import { QuantityError, parseQuantity } from "./quantity";
import { type Path, at, expectArray, expectObject } from "./validate-util";

const obj = expectObject;
const arr = expectArray;

function str(v: unknown, path: Path): void {
  if (v != null && typeof v !== "string") throw new InputError(`${path()}: must be a string, got ${jsonType(v)}`);
}

function resourceList(v: unknown, path: Path): void {
  const list = obj(v, path);
  if (!list) return;
  for (const k in list) {
    const q = list[k];
    if (typeof q !== "string" && typeof q !== "number") {
      throw new InputError(`${fieldPath(path(), k)}: must be a quantity string, got ${jsonType(q)}`);
    }
    try {
      parseQuantity(String(q));
    } catch (e) {
      if (e instanceof QuantityError) throw new InputError(`${fieldPath(path(), k)}: ${JSON.stringify(q)} is not a valid quantity`);
      throw e;
    }
  }
}

/** Checks every value of a resource map is a valid Kubernetes quantity, naming the key. */
export function checkResourceList(v: unknown, path: string): void {
  resourceList(v, () => path);
}

function checkResources(v: unknown, path: Path): void {
  const r = obj(v, path);
  if (!r) return;
  resourceList(r.requests, at(path, "requests"));
  resourceList(r.limits, at(path, "limits"));
}

function checkContainers(v: unknown, path: Path): void {
  const list = arr(v, path);
  for (let i = 0; i < list.length; i++) {
    const cp = at(path, i);
    const co = obj(list[i], cp);
    if (!co) throw new InputError(`${cp()}: must be an object, got null`);
    str(co.name, at(cp, "name"));
    str(co.restartPolicy, at(cp, "restartPolicy"));
    checkResources(co.resources, at(cp, "resources"));
  }
}

function checkMeta(v: unknown, path: Path): void {
  const m = obj(v, path);
  if (!m) return;
  str(m.name, at(path, "name"));
  str(m.namespace, at(path, "namespace"));
  str(m.uid, at(path, "uid"));
  const ann = obj(m.annotations, at(path, "annotations"));
  for (const k in ann) str(ann[k], at(at(path, "annotations"), k));
}

function checkVolumes(v: unknown, path: Path): void {
  const list = arr(v, path);
  for (let i = 0; i < list.length; i++) {
    const vp = at(path, i);
    const vol = obj(list[i], vp);
    str(vol?.name, at(vp, "name"));
    str(obj(vol?.emptyDir, at(vp, "emptyDir"))?.medium, at(at(vp, "emptyDir"), "medium"));
  }
}

function validatePodAt(v: unknown, path: Path): Pod {
  const p = obj(v, path);
  if (!p) throw new InputError(`${path()}: must be an object, got null`);
  checkMeta(p.metadata, at(path, "metadata"));
  const sp = at(path, "spec");
  const spec = obj(p.spec, sp);
  if (spec) {
    if (spec.priority != null && (typeof spec.priority !== "number" || !Number.isInteger(spec.priority))) {
      throw new InputError(`${sp()}.priority: must be an integer, got ${JSON.stringify(spec.priority)}`);
    }
    str(spec.priorityClassName, at(sp, "priorityClassName"));
    checkContainers(spec.containers, at(sp, "containers"));
    checkContainers(spec.initContainers, at(sp, "initContainers"));
    resourceList(spec.overhead, at(sp, "overhead"));
    checkResources(spec.resources, at(sp, "resources"));
    checkVolumes(spec.volumes, at(sp, "volumes"));
  }
  const status = obj(p.status, at(path, "status"));
  str(status?.phase, at(at(path, "status"), "phase"));
  str(status?.qosClass, at(at(path, "status"), "qosClass"));
  return p as Pod;
}

/** Checks the pod fields the engine reads (metadata, priority, containers, resources, volumes, status). */
export function validatePod(v: unknown, path: string): Pod {
  return validatePodAt(v, () => path);
}

/** Accepts a Pod array or a PodList and checks each pod. */
export function validatePods(v: unknown, path = "pods"): Pod[] {
  if (v == null) return [];
  const items = isObject(v) ? v.items : v;
  if (!Array.isArray(items)) {
    throw new InputError(`${path}: must be an array of Pods or a PodList, got ${jsonType(v)}`);
  }
  const base: Path = isObject(v) ? () => `${path}.items` : () => path;
  for (let i = 0; i < items.length; i++) validatePodAt(items[i], at(base, i));
  return items as Pod[];
}

/** Checks the node fields the engine reads (name, capacity, allocatable, conditions). */
export function validateNode(v: unknown, path = "node"): Node | undefined {
  const base: Path = () => path;
  const n = obj(v, base);
  if (!n) return undefined;
  checkMeta(n.metadata, at(base, "metadata"));
  const sp = at(base, "status");
  const status = obj(n.status, sp);
  resourceList(status?.capacity, at(sp, "capacity"));
  resourceList(status?.allocatable, at(sp, "allocatable"));
  arr(status?.conditions, at(sp, "conditions"));
  return n as Node;
}
