// Every way a kubeconfig authenticates, through the bundled client-node ("@headroom/client-node",
// a tree-shaken esbuild bundle: lib/k8s/io/client-node.ts): static tokens, token files, basic auth, client certificates, exec
// plugins (a spawned process), in-cluster token files and OIDC (openid-client, inlined in the bundle). Each request goes to a
// loopback server that records the Authorization header it got.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer as createHttp, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ClusterClient, loadKubeConfig } from "@/lib/k8s/io/client";

let api: Server;
let server = "";
let last: IncomingHttpHeaders = {};
const dir = mkdtempSync(join(tmpdir(), "headroom-auth-"));

beforeAll(async () => {
  api = createHttp((req, res) => {
    last = req.headers;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ kind: "NodeList", apiVersion: "v1", metadata: {}, items: [] }));
  });
  await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
  server = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => api?.close());

const kubeconfig = (user: object) =>
  JSON.stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: [{ name: "c", cluster: { server, "insecure-skip-tls-verify": true } }],
    users: [{ name: "u", user }],
    contexts: [{ name: "c", context: { cluster: "c", user: "u" } }],
    "current-context": "c",
  });

/** The Authorization header one list request carried. */
async function authorizationFor(user: object): Promise<string | undefined> {
  const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: kubeconfig(user) }));
  try {
    last = {};
    await client.get("/api/v1/nodes", "nodes");
    return last.authorization;
  } finally {
    client.close();
  }
}

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
const jwt = (exp: number) => `${b64url({ alg: "none" })}.${b64url({ sub: "me", exp })}.sig`;

describe("kubeconfig authentication through the bundled client-node", () => {
  it("sends a static token, a token file's token and basic credentials", async () => {
    expect(await authorizationFor({ token: "static-t" })).toBe("Bearer static-t");
    const file = join(dir, "token");
    writeFileSync(file, "file-t");
    expect(await authorizationFor({ "token-file": file })).toBe("Bearer file-t");
    // in-cluster (loadFromCluster) reads the rotating service-account token this way
    writeFileSync(file, "sa-t");
    expect(await authorizationFor({ "auth-provider": { name: "tokenFile", config: { tokenFile: file } } })).toBe("Bearer sa-t");
    expect(await authorizationFor({ username: "ann", password: "pw" })).toBe(`Basic ${Buffer.from("ann:pw").toString("base64")}`);
  });

  it("runs an exec plugin and sends the token it prints", async () => {
    const plugin = join(dir, "plugin.mjs");
    writeFileSync(
      plugin,
      `process.stdout.write(JSON.stringify({ apiVersion: "client.authentication.k8s.io/v1", kind: "ExecCredential",
        status: { token: "exec-" + process.env.PLUGIN_ARG } }));`,
    );
    const exec = {
      apiVersion: "client.authentication.k8s.io/v1",
      command: process.execPath,
      args: [plugin],
      env: [{ name: "PLUGIN_ARG", value: "t" }],
      interactiveMode: "Never",
    };
    expect(await authorizationFor({ exec })).toBe("Bearer exec-t");
  });

  it("sends a client certificate's material to the TLS agent", async () => {
    const cert = Buffer.from("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const key = Buffer.from("-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n");
    const kc = loadKubeConfig({
      kind: "text",
      yaml: kubeconfig({ "client-certificate-data": cert.toString("base64"), "client-key-data": key.toString("base64") }),
    });
    const { tls } = await new ClusterClient(kc).credentials();
    expect(String(tls.cert)).toBe(cert.toString());
    expect(String(tls.key)).toBe(key.toString());
  });

  it("sends an unexpired OIDC id-token, and refreshes an expired one through openid-client", async () => {
    const fresh = jwt(Math.floor(Date.now() / 1000) + 3600);
    expect(await authorizationFor({ "auth-provider": { name: "oidc", config: { "id-token": fresh } } })).toBe(`Bearer ${fresh}`);

    // An expired one is refreshed through openid-client, inlined in the bundle. client-node 2.0.1
    // hands its discovery the issuer as a string, which openid-client 6 refuses: the package's own
    // entry fails the same way, so this pins that the refresh path is reached, not that it works.
    const config = { "id-token": jwt(1), "refresh-token": "r", "client-id": "headroom", "idp-issuer-url": "https://127.0.0.1:9" };
    await expect(authorizationFor({ "auth-provider": { name: "oidc", config } })).rejects.toThrow(
      '"server" must be an instance of URL',
    );
  });
});
