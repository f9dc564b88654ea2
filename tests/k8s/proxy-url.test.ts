// The kubeconfig's proxy-url, through Debian's own proxies (tinyproxy for HTTP CONNECT, microsocks
// for SOCKS5), each requiring a user and password, against the simulated cluster over loopback:
// the whole cache (lists, watches, every kubelet's Summary through the API server's node proxy)
// gets through, and when the proxy goes away every node says it was the proxy. The protocols'
// every answer, byte by byte, are proxy-tunnel.test.ts's.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";

import { buildOverview } from "@/lib/k8s/documents/overview";
import { ClusterClient, loadKubeConfig } from "@/lib/k8s/io/client";
import { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";
import { requireBinary } from "@/tests/test-binaries.mjs";

import { FAST, until } from "./helpers";

const dir = mkdtempSync(join(tmpdir(), "headroom-proxy-url-"));
const info = { context: "c", contexts: ["c"], demo: false };

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** Resolves once something accepts connections on the port. */
async function accepting(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const c = net.connect({ host: "127.0.0.1", port }, () => resolve(true)).on("error", () => resolve(false));
      c.on("connect", () => c.destroy());
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`nothing listens on ${port}`);
}

interface Proxy {
  url: string;
  /** What the proxy said it was asked for (tinyproxy logs each CONNECT; microsocks logs nothing). */
  log?: () => string;
  kill: () => void;
}

async function tinyproxy(): Promise<Proxy> {
  const port = await freePort();
  const conf = join(dir, `tinyproxy-${port}.conf`);
  // no ConnectPort line: CONNECT to any port (the sim's API server is not on 443)
  writeFileSync(conf, `Port ${port}\nListen 127.0.0.1\nTimeout 600\nMaxClients 200\nLogLevel Connect\nBasicAuth ops s3cret\n`);
  let out = "";
  const p = spawn(requireBinary("tinyproxy"), ["-d", "-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
  p.stdout.on("data", (d: Buffer) => (out += d.toString()));
  p.stderr.on("data", (d: Buffer) => (out += d.toString()));
  await accepting(port);
  return { url: `http://ops:s3cret@127.0.0.1:${port}`, log: () => out, kill: () => stop(p) };
}

async function microsocks(): Promise<Proxy> {
  const port = await freePort();
  const p = spawn(requireBinary("microsocks"), ["-i", "127.0.0.1", "-p", String(port), "-u", "ops", "-P", "s3cret"], {
    stdio: "ignore",
  });
  await accepting(port);
  return { url: `socks5://ops:s3cret@127.0.0.1:${port}`, kill: () => stop(p) };
}

function stop(p: ChildProcess): void {
  p.kill("SIGKILL");
}

/** The sim's kubeconfig with `proxy-url` set on its cluster. */
function withProxy(sim: Sim, proxyUrl: string): string {
  const kc = parse(sim.kubeconfigFor("full")) as { clusters: { cluster: Record<string, string> }[] };
  kc.clusters[0]!.cluster["proxy-url"] = proxyUrl;
  return stringify(kc);
}

describe.each([
  { name: "an HTTP proxy (tinyproxy)", start: tinyproxy, shown: "<url>" },
  { name: "a SOCKS5 proxy (microsocks)", start: microsocks, shown: "socks5://<addr>" },
])("the kubeconfig's proxy-url: $name", ({ start, shown }) => {
  let sim: Sim;
  let proxy: Proxy;
  beforeAll(async () => {
    sim = await startSim({ scenario: "mixed-pools", bookmarkEveryMs: 200 });
    proxy = await start();
  });
  afterAll(async () => {
    proxy?.kill();
    await sim?.close();
  });

  it("carries the lists, the watches and every node's Summary; without the proxy every node says so", async () => {
    const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: withProxy(sim, proxy.url) }));
    const cache = new ClusterCache({
      client,
      settings: { ...FAST, mode: "proxy" },
      profiles: [],
      demo: false,
      now: () => sim.clock.now(),
    });
    cache.start();
    try {
      expect(await cache.whenReady(20_000)).toBe(true);
      const rows = () => buildOverview(cache, info).nodes;
      await until(() => rows().every((r) => r.collection.state === "ok"), 20_000, "every node collected");
      expect(rows()).toHaveLength(sim.cluster.nodes.length);
      // the watches carry what changes after the lists: a node's Lease renewed in the sim
      const node = sim.cluster.nodes[0]!;
      const lease = () => JSON.stringify(cache.leases.store.get(`kube-node-lease/${node.name}`));
      const before = lease();
      sim.advance(30);
      sim.cluster.renewLease(node);
      await until(() => lease() !== before, 10_000, "the renewal through the Lease watch");
      if (proxy.log) expect(proxy.log()).toContain(`CONNECT 127.0.0.1:${new URL(sim.url).port} HTTP/1.1`);

      proxy.kill();
      // as a page shows it: addresses and URLs redacted (lib/k8s/io/errors.ts)
      const want = `network error the proxy ${shown} (the kubeconfig's proxy-url) could not be reached (ECONNREFUSED)`;
      await until(
        () => rows().every((r) => r.collection.state === "failed" && r.collection.error === want),
        20_000,
        "every node failed, naming the proxy",
      );
      for (const r of rows()) expect(r.collection.error).not.toContain("s3cret");
    } finally {
      cache.stop();
      client.close();
    }
  });
});

describe("a proxy-url Headroom cannot use", () => {
  it("stops the kubeconfig's loading with the field and the cluster named", () => {
    const yaml = `apiVersion: v1
kind: Config
clusters: [{name: prod, cluster: {server: "https://10.0.0.1:6443", proxy-url: "socks4://bastion:1080"}}]
users: [{name: u, user: {token: t}}]
contexts: [{name: x, context: {cluster: prod, user: u}}]
current-context: x
`;
    expect(() => loadKubeConfig({ kind: "text", yaml })).toThrow(
      `the kubeconfig's proxy-url of cluster "prod" uses the scheme "socks4:"; Headroom reaches a proxy by http, https, socks5 or socks5h`,
    );
  });

  it("a wrong password: the proxy's refusal, not the API server's", async () => {
    const sim = await startSim({ scenario: "mixed-pools" });
    const proxy = await tinyproxy();
    try {
      const client = new ClusterClient(
        loadKubeConfig({ kind: "text", yaml: withProxy(sim, proxy.url.replace("s3cret", "wrong")) }),
      );
      const err = await client.get("/api/v1/nodes", "nodes").then(
        () => "listed",
        (e: Error) => e.message,
      );
      expect(err).toMatch(
        /^network error the proxy http:\/\/127\.0\.0\.1:\d+ \(the kubeconfig's proxy-url\) answered 401 Unauthorized to CONNECT 127\.0\.0\.1:\d+ \(check the user and password in proxy-url\)$/,
      );
      expect(err).not.toContain("wrong");
      client.close();
    } finally {
      proxy.kill();
      await sim.close();
    }
  });
});
