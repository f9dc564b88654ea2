// The start-up switch, run once per server process from instrumentation.ts: a configured cluster
// (KUBECONFIG, ~/.kube/config, or the in-cluster service account) when there is one, otherwise
// the simulated cluster of lib/sim as a visible "demo cluster". Outside lib/sim and tests, only this
// file and scripts/bench-sim.ts import lib/sim (ESLint bars app/, components/ and lib/k8s/ from it);
// lib/k8s receives a kubeconfig and cannot tell the difference.
import { join } from "node:path";
import { readEnv } from "@/lib/k8s/env";
import { configureCluster, detectClusterSource, getCache } from "@/lib/k8s/runtime";
import { SimClock, startSim } from "@/lib/sim";

/** Configures lib/k8s for this process and starts the shared cache. */
export async function startup(): Promise<{ demo: boolean }> {
  const env = readEnv();
  const source = detectClusterSource(env);
  if (source) {
    await configureCluster({ source });
    getCache();
    return { demo: false };
  }
  const ff = env.HEADROOM_SIM_FAST_FORWARD_SECONDS;
  // Start the sim `ff` seconds in the past and fast-forward, so its clock lands on "now" with
  // the scenario's first minutes already played (e2e tests use this to see pressure at once).
  // A frozen scenario starts on a 10 s boundary, the phase of the simulated kubelets' cycles, so a
  // fast-forward lands in the same place of the scenario on every run (e2e pages are exact).
  const frozen = env.HEADROOM_SIM_SPEED === 0;
  const start = frozen ? Math.floor((Date.now() - ff * 1000) / 10_000) * 10_000 : Math.floor(Date.now() / 1000) * 1000 - ff * 1000;
  const clock = new SimClock({ start, mode: frozen ? "manual" : "realtime", speed: env.HEADROOM_SIM_SPEED });
  // By path, not name: in a server bundle lib/sim cannot find its scenarios next to itself.
  const scenario = join(process.cwd(), "lib", "sim", "scenarios", `${env.HEADROOM_SIM_SCENARIO}.yaml`);
  const sim = await startSim({ scenario, clock, params: env.HEADROOM_SIM_PARAMS });
  if (ff > 0) sim.advance(ff);
  await configureCluster({
    source: { kind: "text", yaml: sim.kubeconfigYaml, demo: true },
    demo: true,
    now: () => sim.clock.now(),
    onClose: () => sim.close(),
  });
  getCache();
  return { demo: true };
}
