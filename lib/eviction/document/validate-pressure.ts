// Checks the PSI and swap fields of a Summary (pressure-types.ts) wherever the engine reads them:
// node and pod `cpu.psi`, `memory.psi`, `io.psi` and `swap`. A null or absent field is "not
// reported", as the kubelet means by leaving it out; anything else that is not the kubelet's
// shape is an error naming the field.
import { describeValue, InputError } from "./input-errors";
import { expectObject, FieldPath } from "./validate-util";

type Fields = Record<string, unknown>;
const PSI_FIELDS = ["total", "avg10", "avg60", "avg300"] as const;
const SWAP_FIELDS = ["swapUsageBytes", "swapAvailableBytes"] as const;

const okNumber = (n: unknown): boolean => n == null || (typeof n === "number" && Number.isFinite(n) && n >= 0);

function checkFields(obj: Fields, fields: readonly string[], path: FieldPath): void {
  for (const f of fields) {
    const n = obj[f];
    if (!okNumber(n)) {
      const what = typeof n === "number" && Number.isFinite(n) ? "must not be negative" : "must be a number";
      throw new InputError(`${path.at(f)}: ${what}, got ${describeValue(n)}`);
    }
  }
}

function checkPsi(holder: unknown, key: string, path: FieldPath): void {
  const res = expectObject(holder, path, key);
  if (!res) return;
  path.enter(key);
  const psi = expectObject(res.psi, path, "psi");
  if (psi) {
    path.enter("psi");
    for (const kind of ["some", "full"]) {
      const data = expectObject(psi[kind], path, kind);
      if (!data) continue;
      path.enter(kind);
      checkFields(data, PSI_FIELDS, path);
      path.leave();
    }
    path.leave();
  }
  path.leave();
}

/** Checks one node or pod stats object's PSI and swap; `path` points at it. */
export function checkPressure(stats: Fields, path: FieldPath): void {
  if (stats.cpu != null) checkPsi(stats.cpu, "cpu", path);
  if (stats.memory != null) checkPsi(stats.memory, "memory", path);
  if (stats.io != null) checkPsi(stats.io, "io", path);
  if (stats.swap != null) {
    const swap = expectObject(stats.swap, path, "swap");
    if (swap) {
      path.enter("swap");
      checkFields(swap, SWAP_FIELDS, path);
      path.leave();
    }
  }
}
