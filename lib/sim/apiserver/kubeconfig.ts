// The kubeconfig a user of the sim gets: HTTPS server with the sim CA inline (so neither kubectl
// nor client-node needs insecure-skip-tls-verify) and a bearer token.
import { stringify } from "yaml";

/** Renders a kubeconfig for one server, CA and token. */
export function kubeconfigYaml(opts: { server: string; caPem: string; token: string; user: string; name?: string }): string {
  const name = opts.name ?? "headroom-sim";
  return stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: [
      { name, cluster: { server: opts.server, "certificate-authority-data": Buffer.from(opts.caPem).toString("base64") } },
    ],
    users: [{ name: opts.user, user: { token: opts.token } }],
    contexts: [{ name, context: { cluster: name, user: opts.user } }],
    "current-context": name,
    preferences: {},
  });
}
