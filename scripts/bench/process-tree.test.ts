import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";

import { processState, processTree, signalTree, treeCpuSeconds } from "./process-tree";

// A parent node that starts a busy grandchild and prints its pid, as tsx's launcher runs a script.
const PARENT = `
const { spawn } = require("node:child_process");
const c = spawn(process.execPath, ["-e", "for (;;) Math.sqrt(Math.random())"], { stdio: "ignore" });
console.log(c.pid);
setInterval(() => {}, 1000);
`;

let parent: ChildProcess | undefined;
afterEach(() => {
  if (parent?.pid) {
    signalTree(parent.pid, "SIGCONT");
    for (const p of processTree(parent.pid).reverse()) process.kill(p, "SIGKILL");
  }
  parent = undefined;
});

/** Starts PARENT; resolves with its pid and its busy child's. */
function startTree(): Promise<{ pid: number; child: number }> {
  parent = spawn(process.execPath, ["-e", PARENT], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    parent!.stdout!.once("data", (d) => resolve({ pid: parent!.pid!, child: Number(String(d).trim()) }));
    parent!.once("exit", (code) => reject(new Error(`parent exited ${code}`)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (up to 10 s: a loaded machine gives the busy child less than the wall clock) until `ok`. */
async function eventually(ok: () => boolean): Promise<boolean> {
  for (const until = Date.now() + 10_000; Date.now() < until; await sleep(50)) if (ok()) return true;
  return ok();
}

describe("process tree (Linux /proc)", () => {
  it("lists the grandchild, counts its CPU, and stops and resumes it", async () => {
    const { pid, child } = await startTree();
    expect(processTree(pid)).toEqual([pid, child]);

    const cpu0 = treeCpuSeconds(pid);
    // the busy grandchild's time is in the tree's, though the parent itself idles
    expect(await eventually(() => treeCpuSeconds(pid) - cpu0 > 0.1)).toBe(true);

    signalTree(pid, "SIGSTOP");
    // each stops when its signal is delivered, not when signalTree returns (the parent may first
    // be woken by the SIGCHLD of its child's stop): wait for both
    expect(await eventually(() => processState(child) === "T" && processState(pid) === "T")).toBe(true);
    const stopped = treeCpuSeconds(pid);
    await sleep(500);
    expect(treeCpuSeconds(pid) - stopped).toBeLessThan(0.03);

    signalTree(pid, "SIGCONT");
    expect(await eventually(() => processState(child) !== "T")).toBe(true);
    expect(await eventually(() => treeCpuSeconds(pid) - stopped > 0.1)).toBe(true);
  });

  it("gives an empty tree's CPU and state for a process that has gone", () => {
    expect(processTree(2 ** 22 + 17)).toEqual([2 ** 22 + 17]);
    expect(treeCpuSeconds(2 ** 22 + 17)).toBe(0);
    expect(processState(2 ** 22 + 17)).toBeNull();
  });
});
