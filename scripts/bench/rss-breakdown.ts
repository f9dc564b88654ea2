// Where a process's resident memory sits, from /proc/self/smaps: the V8 heaps (as V8 reports their
// physical size), the rest of the anonymous memory (malloc's arenas, Buffers, thread stacks), and
// files mapped in (the node binary's code, shared with every other Node process on the machine).
// The RSS rows of issue 27 move with the V8 heap's size and with malloc's, which need different
// remedies; this tells them apart.
import { readFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";

export interface RssBreakdown {
  rss: number;
  /** The main isolate's heap, physical bytes. */
  mainHeap: number;
  /** Worker isolates' heaps, physical bytes, as the caller measured them. */
  workerHeaps: number;
  /** Anonymous memory that is not a V8 heap: malloc (brk and mmap), Buffers, stacks. */
  otherAnonymous: number;
  /** glibc's main arena (the "[heap]" mapping), part of otherAnonymous. */
  brkHeap: number;
  /** File-backed pages: the node binary and shared libraries. */
  files: number;
}

/** Reads /proc/self/smaps (Linux); null elsewhere. */
export function rssBreakdown(workerHeaps: number): RssBreakdown | null {
  let text: string;
  try {
    text = readFileSync("/proc/self/smaps", "utf8");
  } catch {
    return null;
  }
  let name = "";
  let anonymous = 0;
  let files = 0;
  let brkHeap = 0;
  let rss = 0;
  for (const line of text.split("\n")) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      name = mapping[1] ?? "";
      continue;
    }
    if (!line.startsWith("Rss:")) continue;
    const kib = Number(line.slice(4).trim().split(/\s+/)[0]) * 1024;
    rss += kib;
    if (name.startsWith("/")) files += kib;
    else {
      anonymous += kib;
      if (name === "[heap]") brkHeap += kib;
    }
  }
  const mainHeap = getHeapStatistics().total_physical_size;
  return { rss, mainHeap, workerHeaps, otherAnonymous: anonymous - mainHeap - workerHeaps, brkHeap, files };
}

export function formatRssBreakdown(b: RssBreakdown): string {
  const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)}`;
  return `${mib(b.rss)} MiB = V8 heaps ${mib(b.mainHeap + b.workerHeaps)} (main ${mib(b.mainHeap)}, collection thread ${mib(b.workerHeaps)}) + other anonymous ${mib(b.otherAnonymous)} (malloc's main arena ${mib(b.brkHeap)}) + files ${mib(b.files)}`;
}
