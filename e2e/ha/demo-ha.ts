import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

// `npm run demo:ha` for the e2e/ha tests: node scripts/demo-ha.mjs at `port` (replica-1 on it,
// replica-2 and replica-3 on the next two), resolved once it prints that it is ready, with each
// replica's pid as it printed it (the tests SIGKILL one as an operator would).

export interface DemoHa {
  pids: Map<string, number>;
  stop: () => Promise<void>;
}

export async function startDemoHa(port: number): Promise<DemoHa> {
  const pids = new Map<string, number>();
  const demo: ChildProcess = spawn(process.execPath, ["scripts/demo-ha.mjs"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    demo.on("exit", (code) => reject(new Error(`demo:ha exited (${code}) before it was ready`)));
    createInterface({ input: demo.stdout! }).on("line", (line) => {
      const m = /^demo:ha: (replica-\d) pid (\d+) /.exec(line);
      if (m) pids.set(m[1]!, Number(m[2]));
      if (line.startsWith("demo:ha ready")) resolve();
    });
  });
  return {
    pids,
    stop: async () => {
      if (demo.exitCode !== null) return;
      const exited = new Promise((r) => demo.once("exit", r));
      demo.kill("SIGTERM");
      await exited;
    },
  };
}
