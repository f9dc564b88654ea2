// A bench's child and everything it started, from /proc (Linux). The benches start Headroom's
// processes and the simulator through tsx, whose launcher runs the script in a node process of its
// own: the child's pid is the launcher's, so its CPU and a SIGSTOP must reach the whole tree.
import { readdirSync, readFileSync } from "node:fs";

import { cpuSecondsFromStat, statFieldsAfterName } from "./thread-cpu";

/** The direct children of `pid` (every thread's), or [] when it has gone. */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const tid of tasks) {
    try {
      for (const c of readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ")) if (c) out.push(Number(c));
    } catch {
      // the thread ended while being read
    }
  }
  return out;
}

/** `pid` and its descendants, parents first. */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...childrenOf(out[i]!));
  return out;
}

/** CPU seconds (user + system, every thread) the tree of `pid` has used so far; a process that has gone counts 0. */
export function treeCpuSeconds(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      total += cpuSecondsFromStat(readFileSync(`/proc/${p}/stat`, "utf8"));
    } catch {
      // gone between the listing and the read
    }
  }
  return total;
}

/**
 * Sends `signal` to every process of the tree. SIGSTOP goes children first, so no parent notices
 * a stopped child while it still runs; SIGCONT parents first, for the same reason the other way.
 */
export function signalTree(pid: number, signal: "SIGSTOP" | "SIGCONT"): void {
  const tree = processTree(pid);
  if (signal === "SIGSTOP") tree.reverse();
  for (const p of tree) {
    try {
      process.kill(p, signal);
    } catch {
      // gone meanwhile
    }
  }
}

/** The state letter of /proc/PID/stat ("R", "S", "T" for stopped, …), or null when it has gone. */
export function processState(pid: number): string | null {
  try {
    return statFieldsAfterName(readFileSync(`/proc/${pid}/stat`, "utf8"))[0]!;
  } catch {
    return null;
  }
}
