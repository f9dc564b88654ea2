// Each replica's steady window read with the two others stopped, for scripts/bench-replicas.ts.
// Three replicas and the simulator on two cores starve one another: every step of a replica's
// collection costs more CPU than the same step in the single process, which shares the cores with
// the simulator alone (docs/replicas.md, "CPU share"), and no replica keeps up with its Summaries,
// so the share cannot be read. The deployment runs one replica per machine. Here the other
// two are held with SIGSTOP (their Leases outlive it: the bench writes them with a long duration,
// so the membership and the assignment do not change) while one replica's window runs, then
// resumed, and given time to catch up before the next one's.
import { signalTree, treeCpuSeconds } from "./process-tree";

export interface Windowed<T> {
  /** The replica's process (tsx's launcher: its tree is stopped and resumed whole). */
  pid: number;
  /** Runs one steady window in the replica and resolves with its figures. */
  window: () => Promise<T>;
}

export interface ApartWindow<T> {
  figures: T;
  /** The simulator's CPU seconds over the window (its kubelets answer this replica alone). */
  simCpuSeconds: number;
  /** The 1-minute load average when the window ended. */
  load1: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One window of `r`, with the simulator's CPU over it and the load when it ended. */
export async function windowBesideSim<T>(r: Windowed<T>, simPid: number, loadAverage: () => number): Promise<ApartWindow<T>> {
  const sim0 = treeCpuSeconds(simPid);
  const figures = await r.window();
  return { figures, simCpuSeconds: treeCpuSeconds(simPid) - sim0, load1: loadAverage() };
}

/**
 * One window for each replica in turn, the others stopped. `quietMs` after stopping them (their
 * requests in flight end), `catchUpMs` after resuming them (their overdue Summaries are asked).
 */
export async function apartWindows<T>(
  replicas: Windowed<T>[],
  simPid: number,
  loadAverage: () => number,
  quietMs = 5_000,
  catchUpMs = 20_000,
): Promise<ApartWindow<T>[]> {
  const out: ApartWindow<T>[] = [];
  for (const [i, r] of replicas.entries()) {
    const others = replicas.filter((_, j) => j !== i);
    for (const o of others) signalTree(o.pid, "SIGSTOP");
    try {
      await sleep(quietMs);
      out.push(await windowBesideSim(r, simPid, loadAverage));
    } finally {
      for (const o of others) signalTree(o.pid, "SIGCONT");
    }
    if (i < replicas.length - 1) await sleep(catchUpMs);
  }
  return out;
}
