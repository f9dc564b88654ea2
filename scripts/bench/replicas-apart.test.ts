import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";

import { processState, signalTree } from "./process-tree";
import { apartWindows, type Windowed } from "./replicas-apart";

// Stand-ins for the replicas' process trees: each an idle node process.
let children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children) {
    signalTree(c.pid!, "SIGCONT");
    c.kill("SIGKILL");
  }
  children = [];
});

function idleProcess(): ChildProcess {
  const c = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(c);
  return c;
}

describe("apartWindows", () => {
  it("runs each window with the others stopped, and resumes them after it, also when a window fails", async () => {
    const procs = [idleProcess(), idleProcess(), idleProcess()];
    const seen: string[][] = [];
    const replicas: Windowed<number>[] = procs.map((p, i) => ({
      pid: p.pid!,
      window: async () => {
        // what each process's state is while this one's window runs
        seen.push(procs.map((q) => processState(q.pid!) ?? "gone"));
        return i * 10;
      },
    }));
    const sim = idleProcess();
    let loads = 0;
    const out = await apartWindows(replicas, sim.pid!, () => ++loads, 100, 50);

    expect(out.map((w) => w.figures)).toEqual([0, 10, 20]);
    expect(out.map((w) => w.load1)).toEqual([1, 2, 3]);
    for (const w of out) expect(w.simCpuSeconds).toBeGreaterThanOrEqual(0);
    for (const [i, states] of seen.entries()) {
      // the window's own process runs (or sleeps); the other two are stopped
      expect(states[i]).toMatch(/^[RS]$/);
      expect(states.filter((s, j) => j !== i)).toEqual(["T", "T"]);
    }
    for (const p of procs) expect(processState(p.pid!)).not.toBe("T");

    // a window that throws still resumes the others
    const failing: Windowed<number>[] = [
      { pid: procs[0]!.pid!, window: () => Promise.reject(new Error("replica exited")) },
      replicas[1]!,
    ];
    await expect(apartWindows(failing, sim.pid!, () => 0, 50, 50)).rejects.toThrow("replica exited");
    expect(processState(procs[1]!.pid!)).not.toBe("T");
  });
});
