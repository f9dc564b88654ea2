import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { issueServing, makeCa } from "../sim/apiserver/certs";
import { BackgroundGate, backgroundGate, installRequestActivity, LINGER_MS, MAX_HOLD_MS, MIN_RUN_MS } from "./request-activity";

describe("BackgroundGate", () => {
  let now = 0;
  const gate = () => new BackgroundGate(() => now);

  it("lets background work run when no request is being served", () => {
    now = 1000;
    expect(gate().mayRun()).toBe(true);
  });

  it("holds it while a request is in flight and for the linger time after the last one", () => {
    now = 1000;
    const g = gate();
    g.requestStarted();
    expect(g.mayRun()).toBe(false);
    now += 400;
    g.requestEnded();
    expect(g.mayRun()).toBe(false);
    now += LINGER_MS - 1;
    expect(g.mayRun()).toBe(false);
    now += 2;
    expect(g.mayRun()).toBe(true);
  });

  it("counts overlapping requests: held until the last one ends", () => {
    now = 0;
    const g = gate();
    g.requestStarted();
    g.requestStarted();
    g.requestEnded();
    now += LINGER_MS + 10;
    expect(g.mayRun()).toBe(false);
    g.requestEnded();
    now += LINGER_MS + 10;
    expect(g.mayRun()).toBe(true);
  });

  it("never holds longer than MAX_HOLD_MS in a row, then runs for MIN_RUN_MS whatever the traffic", () => {
    now = 0;
    const g = gate();
    g.requestStarted(); // a request that never ends (a stuck client)
    expect(g.mayRun()).toBe(false);
    now = MAX_HOLD_MS - 1;
    expect(g.mayRun()).toBe(false);
    now = MAX_HOLD_MS;
    expect(g.mayRun()).toBe(true);
    now = MAX_HOLD_MS + MIN_RUN_MS - 1;
    expect(g.mayRun()).toBe(true);
    now = MAX_HOLD_MS + MIN_RUN_MS;
    expect(g.mayRun()).toBe(false); // a new hold starts
    now += MAX_HOLD_MS;
    expect(g.mayRun()).toBe(true);
  });

  it("ignores an end without a start (never goes negative)", () => {
    now = 0;
    const g = gate();
    g.requestEnded();
    now += LINGER_MS;
    g.requestStarted();
    g.requestEnded();
    now += LINGER_MS;
    expect(g.mayRun()).toBe(true);
  });
});

describe("installRequestActivity", () => {
  let plain: http.Server;
  let secure: https.Server;
  let ca: string;
  let release: () => void = () => {};
  const port = (s: http.Server) => (s.address() as AddressInfo).port;
  // Answers after `release()` is called, so the test decides how long a request is in flight.
  let handled = 0;
  const slow: http.RequestListener = (_req, res) => {
    handled++;
    release = () => res.end("ok");
  };

  beforeAll(async () => {
    installRequestActivity();
    installRequestActivity(); // idempotent: one count per request
    const authority = await makeCa();
    ca = authority.cert;
    const serving = await issueServing(authority, "localhost", ["127.0.0.1"], ["localhost"]);
    plain = http.createServer(slow);
    secure = https.createServer({ key: serving.key, cert: serving.cert }, slow);
    await Promise.all([plain, secure].map((s) => new Promise<void>((r) => s.listen(0, "127.0.0.1", r))));
  });
  afterAll(() => Promise.all([plain, secure].map((s) => new Promise((r) => s.close(r)))));

  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it("holds background work while a plain-HTTP request is served, and lets it go after", async () => {
    expect(backgroundGate().mayRun()).toBe(true);
    const done = new Promise<void>((resolve, reject) =>
      http.get(`http://127.0.0.1:${port(plain)}/`, (res) => res.resume().on("end", resolve)).on("error", reject),
    );
    await waitFor(() => !backgroundGate().mayRun());
    release();
    await done;
    await waitFor(() => backgroundGate().mayRun());
  });

  it("does not count TLS requests (the demo's simulated API server and kubelets)", async () => {
    await waitFor(() => backgroundGate().mayRun());
    const done = new Promise<void>((resolve, reject) =>
      https
        .get({ host: "127.0.0.1", port: port(secure), path: "/", ca, servername: "localhost" }, (res) =>
          res.resume().on("end", resolve),
        )
        .on("error", reject),
    );
    const before = handled;
    // The handler has the request (and holds its answer): it is being served now.
    await waitFor(() => handled === before + 1);
    expect(backgroundGate().mayRun()).toBe(true);
    release();
    await done;
  });

  it("releases the hold when the client goes away mid-request", async () => {
    await waitFor(() => backgroundGate().mayRun());
    const req = http.get(`http://127.0.0.1:${port(plain)}/`);
    req.on("error", () => {});
    await waitFor(() => !backgroundGate().mayRun());
    req.destroy();
    await waitFor(() => backgroundGate().mayRun());
    release();
  });
});
