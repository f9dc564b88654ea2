// startSim: builds the cluster from a scenario, starts the HTTPS API server and the kubelets on
// loopback, wires the clock jobs, and hands back what tests and the app's start-up switch need.
import { startApiServer, type ApiContext } from "./apiserver/api-server";
import { Authenticator, defaultIdentityRules, makeIdentities, type Identity } from "./apiserver/auth";
import { issueServing, makeCa } from "./apiserver/certs";
import { kubeconfigYaml } from "./apiserver/kubeconfig";
import { resourceDefs } from "./apiserver/resources";
import type { KubeletContext } from "./kubelet/kubelet-handler";
import { imageGc, kubeletCycle } from "./kubelet/kubelet-loop";
import { startKubelets } from "./kubelet/kubelet-server";
import { oomKills } from "./kubelet/oom-kills";
import { SimClock } from "./state/clock";
import { Cluster } from "./state/cluster";
import { nodeLifecycle, replaceEvicted } from "./state/controllers";
import { Counters } from "./state/counters";
import { Faults } from "./state/faults";
import { Incidents } from "./state/incidents";
import { nodeObject } from "./state/node-object";
import { loadScenario, type Scenario } from "./state/scenario";

export interface StartSimOptions {
  /** Bundled scenario name, a YAML path, or a parsed Scenario. */
  scenario: string | Scenario;
  /** API server port on 127.0.0.1 (0 = any free port). */
  port?: number;
  /** A clock to drive; default: manual clock at the scenario's start time. "realtime" follows the wall clock from now. */
  clock?: SimClock | "realtime";
  /** "$name" values for the scenario (e.g. {nodes: 5000, replicas: 28} for `large`). */
  params?: Record<string, number>;
  /** Identity the returned kubeconfigYaml uses: "full" (default) or "least-privilege". */
  tokenScope?: string;
  /** Preferred kubelet port (default 10250; any free port if taken). */
  kubeletPort?: number;
  /** Wall-clock ms between watch BOOKMARKs (default 5000). */
  bookmarkEveryMs?: number;
}

export interface Sim {
  url: string;
  kubeconfigYaml: string;
  /** Kubeconfig for each identity handle ("full", "least-privilege", "objects-only"). */
  kubeconfigFor: (scope: string) => string;
  caPem: string;
  tokens: Record<string, string>;
  identities: Identity[];
  kubeletPort: number;
  clock: SimClock;
  cluster: Cluster;
  advance: (seconds: number) => void;
  faults: Faults;
  counters: Counters;
  close: () => Promise<void>;
}

/** Starts a simulated cluster on loopback. */
export async function startSim(opts: StartSimOptions): Promise<Sim> {
  const scenario = typeof opts.scenario === "string" ? loadScenario(opts.scenario, opts.params) : opts.scenario;
  // The demo runs on wall-clock time so kubectl's client-side ages (describe) agree with the server's.
  const clock =
    opts.clock === "realtime"
      ? new SimClock({ start: Math.floor(Date.now() / 1000) * 1000, mode: "realtime" })
      : (opts.clock ?? new SimClock({ start: scenario.start }));
  const now = () => clock.now();
  const cluster = new Cluster(scenario, now);
  const identities = makeIdentities(defaultIdentityRules());
  const auth = new Authenticator(identities);
  const faults = new Faults(scenario.seed, scenario.faults);
  const counters = new Counters();
  const ca = await makeCa();
  const apiPem = await issueServing(ca, "kube-apiserver", ["127.0.0.1"], ["localhost", "kubernetes", "kubernetes.default.svc"]);
  const kubelet: KubeletContext = {
    auth,
    faults,
    counters,
    summary: (n) => cluster.summary(n),
    configz: (n) => cluster.configz(n),
  };
  const kubelets = await startKubelets(kubelet, ca, cluster.nodes, opts.kubeletPort ?? 10250);
  if (kubelets.port !== 10250) {
    for (const n of cluster.nodes) n.kubeletPort = kubelets.port;
    cluster.stores.nodes.load(cluster.nodes.map((n) => nodeObject(n, now())));
    cluster.stores.nodes.seal();
  }
  let address = "";
  const ctx: ApiContext = {
    defs: resourceDefs(cluster.stores),
    auth,
    faults,
    counters,
    now,
    kubelet,
    node: (name) => cluster.byName.get(name),
    bookmarkEveryMs: opts.bookmarkEveryMs ?? 5000,
    serverAddress: () => address,
  };
  const api = await startApiServer(ctx, apiPem, opts.port ?? 0);
  address = `127.0.0.1:${api.port}`;
  const url = `https://${address}`;

  const incidents = new Incidents(cluster, now());
  // Kubelets are not in lock-step: node i runs its 10 s cycle at second (i mod 10).
  clock.every(1, (t) => {
    oomKills(cluster, cluster.oomable, t);
    incidents.tick(t);
    const slot = Math.round(t / 1000) % 10;
    for (const n of cluster.nodes) if (n.index % 10 === slot) kubeletCycle(cluster, n, t);
    replaceEvicted(cluster, t);
  });
  clock.every(5, (t) => nodeLifecycle(cluster, t));
  clock.every(60, () => cluster.recorder.expire());
  clock.every(300, () => cluster.nodes.forEach((n) => imageGc(cluster, n)));
  clock.start();

  const tokens = Object.fromEntries(identities.map((i) => [i.name, i.token]));
  const kubeconfigFor = (scope: string) => {
    const id = identities.find((i) => i.name === scope);
    if (!id) throw new Error(`unknown token scope ${scope}`);
    return kubeconfigYaml({ server: url, caPem: ca.cert, token: id.token, user: id.user });
  };
  return {
    url,
    caPem: ca.cert,
    tokens,
    identities,
    kubeletPort: kubelets.port,
    clock,
    cluster,
    faults,
    counters,
    kubeconfigYaml: kubeconfigFor(opts.tokenScope ?? "full"),
    kubeconfigFor,
    advance: (s) => clock.advance(s),
    close: async () => {
      clock.stop();
      faults.dropWatches();
      api.server.closeAllConnections();
      await new Promise<void>((r) => api.server.close(() => r()));
      await kubelets.close();
    },
  };
}
