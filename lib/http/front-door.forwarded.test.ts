// Issue 29, item 5: X-Forwarded-* is believed only from HEADROOM_TRUSTED_PROXIES. A real server on
// loopback behind the front door and the peer stamp, as at start-up; the whole of 127.0.0.0/8 is
// loopback, so a client bound to 127.0.0.2 is "the proxy" and one on 127.0.0.1 is anyone else.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { installPeerStamp } from "@/lib/auth/peer-stamp";
import { parseServerConfig } from "@/lib/server/config";

import { installFrontDoor } from "./front-door";

const TOKEN = "forwarded-test-7c2e9a41";
const PROXY = "127.0.0.2";
const ANYONE = "127.0.0.1";

interface Reply {
  status: number;
  body: string;
}

function send(port: number, from: string, method: string, path: string, headers: Record<string, string>): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path, localAddress: from, headers: { authorization: `Bearer ${TOKEN}`, ...headers } },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(method === "POST" ? "{}" : undefined);
  });
}

describe("forwarding headers through the front door", () => {
  let server: http.Server;
  let port = 0;
  const FORGED = {
    origin: "http://evil.example",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
    "x-forwarded-for": "203.0.113.9",
    forwarded: "for=203.0.113.9;host=evil.example;proto=https",
    "x-real-ip": "203.0.113.9",
  };

  beforeAll(async () => {
    const cfg = parseServerConfig({
      HOSTNAME: "0.0.0.0",
      HEADROOM_AUTH_MODE: "token",
      HEADROOM_AUTH_TOKEN: TOKEN,
      HEADROOM_TRUSTED_PROXIES: PROXY,
    });
    if (!cfg.success) throw new Error(cfg.errors.join("; "));
    installPeerStamp();
    installFrontDoor(cfg.data);
    // What the routes would see: the forwarding headers that reached the handler.
    server = http.createServer((req, res) => {
      const seen = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => /^(x-forwarded-|forwarded$|x-real-ip$)/.test(k)),
      );
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(seen));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it.each(["/api/context", "/api/analyze", "/api/login", "/api/logout"])(
    "POST %s with Origin evil.example and a matching X-Forwarded-Host from any peer is refused",
    async (path) => {
      const r = await send(port, ANYONE, "POST", path, { ...FORGED, "content-type": "application/json" });
      expect(r).toEqual({ status: 403, body: JSON.stringify({ error: "cross-site request refused" }) });
    },
  );

  it("a peer that is not a trusted proxy reaches the routes without any forwarding header", async () => {
    const r = await send(port, ANYONE, "GET", "/api/cluster", FORGED);
    expect(r).toEqual({ status: 200, body: "{}" });
  });

  it("the trusted proxy's forwarding headers are kept, and its X-Forwarded-Host counts as the origin", async () => {
    const got = await send(port, PROXY, "GET", "/api/cluster", FORGED);
    expect(got.status).toBe(200);
    expect(JSON.parse(got.body)).toEqual({
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-for": "203.0.113.9",
      forwarded: FORGED.forwarded,
      "x-real-ip": "203.0.113.9",
    });
    const post = await send(port, PROXY, "POST", "/api/context", { ...FORGED, "content-type": "application/json" });
    expect(post.status).toBe(200);
  });
});
