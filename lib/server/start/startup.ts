import "server-only";

// The start-up switch, run once per server process from instrumentation.ts: a configured cluster
// (KUBECONFIG, ~/.kube/config, or the in-cluster service account) when there is one, otherwise
// the simulated cluster of lib/sim as a visible "demo cluster". Outside lib/sim and tests, only this
// file and the benches (scripts/bench-sim.ts, scripts/bench/sim-process.ts) import lib/sim (ESLint
// bars app/, components/ and lib/k8s/ from it); lib/k8s receives a kubeconfig and cannot tell the
// difference.
import { join } from "node:path";

import { readEnv } from "@/lib/k8s/io/env";
import { replicaSettings } from "@/lib/k8s/replicas/settings";
import { configureCluster, detectClusterSource, getCache } from "@/lib/k8s/store/runtime";
import { loadScenario, SimClock, startSim } from "@/lib/sim";

const WARMUP_STEP_SECONDS = 10;

/** Configures lib/k8s for this process and starts the shared cache. */
export async function startup(env = readEnv()): Promise<{ demo: boolean }> {
  // The replica settings stop start-up here, naming the bad one, rather than at the first request.
  replicaSettings(process.env);
  const source = detectClusterSource(env);
  if (source) {
    await configureCluster({ source });
    getCache();
    return { demo: false };
  }
  // By path, not name: in a server bundle lib/sim cannot find its scenarios next to itself.
  // Loaded here first so a parameter the scenario does not take stops the start-up, naming it.
  const scenario = loadScenario(
    join(process.cwd(), "lib", "sim", "scenarios", `${env.HEADROOM_SIM_SCENARIO}.yaml`),
    env.HEADROOM_SIM_PARAMS,
  );
  const ff = env.HEADROOM_SIM_FAST_FORWARD_SECONDS;
  const warmup = env.HEADROOM_SIM_WARMUP_SECONDS ?? scenario.warmup;
  // Start the sim in the past and play it forward so its clock lands on "now": the first `ff`
  // seconds at once (e2e tests use this to see pressure at once), then `warmup` seconds in
  // 10 s steps, each collected by the cache as a real kubelet poll would be, so the charts and
  // the eviction history are full when the first page is served.
  // A frozen scenario starts on a 10 s boundary, the phase of the simulated kubelets' cycles, so a
  // fast-forward lands in the same place of the scenario on every run (e2e pages are exact).
  const frozen = env.HEADROOM_SIM_SPEED === 0;
  const played = (ff + warmup) * 1000;
  const start = frozen ? Math.floor((Date.now() - played) / 10_000) * 10_000 : Math.floor(Date.now() / 1000) * 1000 - played;
  const clock = new SimClock({ start, mode: "manual" });
  const sim = await startSim({ scenario, clock });
  if (ff > 0) sim.advance(ff);
  await configureCluster({
    source: { kind: "text", yaml: sim.kubeconfigYaml, demo: true },
    demo: true,
    now: () => sim.clock.now(),
    onClose: () => sim.close(),
  });
  const { cache } = getCache();
  if (warmup > 0) {
    await cache.whenReady(10_000);
    for (let played = 0; played < warmup; played += WARMUP_STEP_SECONDS) {
      sim.advance(Math.min(WARMUP_STEP_SECONDS, warmup - played));
      await cache.collectNow();
    }
  }
  // The warm-up took real time: catch up with the wall clock, then follow it (or stay frozen).
  if (env.HEADROOM_SIM_SPEED > 0) {
    if (warmup > 0) clock.advanceTo(Date.now());
    clock.follow(env.HEADROOM_SIM_SPEED);
  }
  return { demo: true };
}
