// `npm run sim -- --scenario NAME --kubeconfig FILE [--port N] [--token-scope full|least-privilege]
// [--param nodes=5000]`: runs one simulated cluster on loopback in real time, writes a kubeconfig,
// and prints a line containing "ready" once it serves.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

import { startSim } from "./sim";
import { scenarioNames } from "./state/scenario";

const { values } = parseArgs({
  options: {
    scenario: { type: "string", default: "healthy" },
    kubeconfig: { type: "string" },
    port: { type: "string", default: "0" },
    "token-scope": { type: "string", default: "full" },
    param: { type: "string", multiple: true, default: [] },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.log(
    `usage: npm run sim -- --scenario NAME --kubeconfig FILE [--port N] [--token-scope full|least-privilege|objects-only] [--param k=v]\nscenarios: ${scenarioNames().join(", ")}`,
  );
  process.exit(0);
}

const params = Object.fromEntries(
  values.param.map((p) => {
    const [k, v] = p.split("=");
    return [k!, Number(v)];
  }),
);

const sim = await startSim({
  scenario: values.scenario,
  port: Number(values.port),
  clock: "realtime",
  params,
  tokenScope: values["token-scope"],
});
if (values.kubeconfig) writeFileSync(values.kubeconfig, sim.kubeconfigYaml, { mode: 0o600 });
console.log(
  `headroom sim ready: scenario=${values.scenario} server=${sim.url} kubelets=127.1.x.y:${sim.kubeletPort} nodes=${sim.cluster.nodes.length} pods=${sim.cluster.stores.pods.size}${values.kubeconfig ? ` kubeconfig=${values.kubeconfig}` : ""}`,
);

const stop = () => {
  sim.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
