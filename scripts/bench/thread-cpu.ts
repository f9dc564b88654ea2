// The main thread's own CPU time, from /proc (Linux). process.cpuUsage() counts every thread of the
// process: the collection thread, V8's GC helpers and libuv's pool move it by more between two runs
// of the same code than a change to the main thread's work does, so the data bench prints this
// beside it (Node 22 has no per-thread call for the main thread).
import { readFileSync } from "node:fs";

/** Kernel clock ticks a second (USER_HZ): 100 on every Linux that Node supports. */
const TICKS_PER_SECOND = 100;

/** The fields of a /proc stat line after the command name: the state (field 3) first. */
export function statFieldsAfterName(stat: string): string[] {
  // the command name (field 2) may hold spaces and parentheses: the fields after it start at the last ")"
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** utime + stime in seconds from the text of /proc/PID/task/TID/stat. */
export function cpuSecondsFromStat(stat: string): number {
  const fields = statFieldsAfterName(stat);
  // fields 14 and 15 of the line (utime, stime) are the 12th and 13th after the name
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`not a /proc stat line: ${stat.slice(0, 80)}`);
  return (utime + stime) / TICKS_PER_SECOND;
}

/** The main thread's CPU seconds so far, or null where /proc is not there. */
export function mainThreadCpuSeconds(): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
  } catch {
    return null;
  }
  return cpuSecondsFromStat(stat);
}
