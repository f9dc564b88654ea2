import type { Node, Pod } from "../k8s-types";
import { quantityValue } from "../pods/pod-resources";
import { parseQuantity, QuantityError, QuantityRangeError } from "../quantities/quantity";
import { describeValue, InputError, isObject, jsonType } from "./input-errors";
import { eachObject, expectArray, expectObject, FieldPath } from "./validate-util";

const obj = expectObject;
const arr = expectArray;

// Each check takes the path of the object holding the field and the field's key, so a path is
// only formatted when the check fails.
function str(v: unknown, path: FieldPath, key: string | number): void {
  if (v != null && typeof v !== "string") throw new InputError(`${path.at(key)}: must be a string, got ${jsonType(v)}`);
}

// The map at `key` below `path` (or at `path` itself without a key).
function resourceList(v: unknown, path: FieldPath, key?: string): void {
  const list = obj(v, path, key);
  if (!list) return;
  for (const k in list) {
    const q = list[k];
    if (typeof q !== "string" && typeof q !== "number") {
      if (key !== undefined) path.enter(key);
      throw new InputError(`${path.at(k)}: must be a quantity string, got ${jsonType(q)}`);
    }
    try {
      // A string goes through the exact parser once: quantityValue parses it on a memo miss and
      // throws the same errors (issue 27: a second lookup per quantity of every pod). A number
      // is checked as its decimal text first, as the kubelet would read it.
      if (typeof q === "number") parseQuantity(String(q));
      // In range for the int64 the kubelet reads it into (bytes, counts, or millicores for cpu).
      quantityValue(k, q);
    } catch (e) {
      if (e instanceof QuantityError) {
        if (key !== undefined) path.enter(key);
        throw new InputError(
          `${path.at(k)}: ${e instanceof QuantityRangeError ? e.message : `${describeValue(q)} is not a valid quantity`}`,
        );
      }
      throw e;
    }
  }
}

function checkResources(v: unknown, path: FieldPath, key: string): void {
  const r = obj(v, path, key);
  if (!r) return;
  path.enter(key);
  resourceList(r.requests, path, "requests");
  resourceList(r.limits, path, "limits");
  path.leave();
}

function checkContainer(co: Record<string, unknown>, path: FieldPath): void {
  str(co.name, path, "name");
  str(co.restartPolicy, path, "restartPolicy");
  checkResources(co.resources, path, "resources");
}

const checkContainers = (v: unknown, path: FieldPath, key: string) => eachObject(v, path, key, checkContainer, true);

function checkMeta(v: unknown, path: FieldPath, key: string): void {
  const m = obj(v, path, key);
  if (!m) return;
  path.enter(key);
  str(m.name, path, "name");
  str(m.namespace, path, "namespace");
  str(m.uid, path, "uid");
  const ann = obj(m.annotations, path, "annotations");
  if (ann) {
    path.enter("annotations");
    for (const k in ann) str(ann[k], path, k);
    path.leave();
  }
  path.leave();
}

function checkVolume(vol: Record<string, unknown>, path: FieldPath): void {
  str(vol.name, path, "name");
  const emptyDir = obj(vol.emptyDir, path, "emptyDir");
  if (emptyDir) {
    path.enter("emptyDir");
    str(emptyDir.medium, path, "medium");
    path.leave();
  }
}

function checkPodCondition(c: Record<string, unknown>, path: FieldPath): void {
  str(c.type, path, "type");
  str(c.status, path, "status");
  str(c.reason, path, "reason");
  str(c.message, path, "message");
}

// In-place resize: the allocated requests and the applied resources (allocated.ts).
function checkContainerStatus(cs: Record<string, unknown>, path: FieldPath): void {
  str(cs.name, path, "name");
  resourceList(cs.allocatedResources, path, "allocatedResources");
  checkResources(cs.resources, path, "resources");
}

// `path` points at the pod.
function validatePodAt(v: unknown, path: FieldPath): Pod {
  const p = obj(v, path);
  if (!p) throw new InputError(`${path}: must be an object, got null`);
  checkMeta(p.metadata, path, "metadata");
  const spec = obj(p.spec, path, "spec");
  if (spec) {
    path.enter("spec");
    if (spec.priority != null && (typeof spec.priority !== "number" || !Number.isInteger(spec.priority))) {
      throw new InputError(`${path}.priority: must be an integer, got ${describeValue(spec.priority)}`);
    }
    str(spec.priorityClassName, path, "priorityClassName");
    checkContainers(spec.containers, path, "containers");
    checkContainers(spec.initContainers, path, "initContainers");
    resourceList(spec.overhead, path, "overhead");
    checkResources(spec.resources, path, "resources");
    eachObject(spec.volumes, path, "volumes", checkVolume);
    path.leave();
  }
  const status = obj(p.status, path, "status");
  if (status) {
    path.enter("status");
    str(status.phase, path, "phase");
    str(status.qosClass, path, "qosClass");
    eachObject(status.conditions, path, "conditions", checkPodCondition);
    eachObject(status.containerStatuses, path, "containerStatuses", checkContainerStatus);
    eachObject(status.initContainerStatuses, path, "initContainerStatuses", checkContainerStatus);
    path.leave();
  }
  return p as Pod;
}

/** Accepts a Pod array or a PodList and checks each pod. */
export function validatePods(v: unknown, path = "pods"): Pod[] {
  if (v == null) return [];
  const items = isObject(v) ? v.items : v;
  if (!Array.isArray(items)) {
    throw new InputError(`${path}: must be an array of Pods or a PodList, got ${jsonType(v)}`);
  }
  const base = new FieldPath(isObject(v) ? `${path}.items` : path);
  for (let i = 0; i < items.length; i++) {
    base.enter(i);
    validatePodAt(items[i], base);
    base.leave();
  }
  return items as Pod[];
}

/** Checks the node fields the engine reads (name, capacity, allocatable, conditions). */
export function validateNode(v: unknown, path = "node"): Node | undefined {
  const base = new FieldPath(path);
  const n = obj(v, base);
  if (!n) return undefined;
  // `kubectl get node NAME -o json` gives a Node, `kubectl get nodes -o json` a List of them: a list
  // here would read as a node without status and silently drop allocatable.
  if (Array.isArray(n.items))
    throw new InputError(
      `${path}: is a ${typeof n.kind === "string" ? n.kind : "list"} of ${n.items.length} item(s), not a Node; give the Node itself, e.g. jq '{${path}: .items[0]}'`,
    );
  checkMeta(n.metadata, base, "metadata");
  const status = obj(n.status, base, "status");
  if (status) {
    base.enter("status");
    resourceList(status.capacity, base, "capacity");
    resourceList(status.allocatable, base, "allocatable");
    arr(status.conditions, base, "conditions");
    base.leave();
  }
  return n as Node;
}
