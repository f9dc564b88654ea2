import { describe, expect, it } from "vitest";

import { configErrors } from "@/lib/server/start/boot";

import { parseHistorySettings, parseSelector } from "./settings";

describe("parseSelector", () => {
  it.each([
    ["", []],
    ['cluster="prod-1"', ['cluster="prod-1"']],
    ['cluster=~"prod-.*", team!="x"', ['cluster=~"prod-.*"', 'team!="x"']],
    ['note="a,b"', ['note="a,b"']],
    ['note="say \\"hi\\""', ['note="say \\"hi\\""']],
  ])("%j → %j", (text, want) => {
    expect(parseSelector(text)).toEqual(want);
  });
  it.each(["cluster=prod", 'cluster="prod', '1x="a"', 'cluster="a"} or vector(1) #', 'a="b",'])("refuses %j", (text) => {
    expect(parseSelector(text)).toBeNull();
  });
});

describe("parseHistorySettings", () => {
  it("is off by default", () => {
    expect(parseHistorySettings({})).toEqual({ success: true, data: { prometheus: null, externalUrl: null, clusterLinks: {} } });
  });
  it("reads the Prometheus URL, credentials, selector and links", () => {
    const r = parseHistorySettings({
      HEADROOM_PROMETHEUS_URL: "https://prom.example:9090/",
      HEADROOM_PROMETHEUS_BEARER_TOKEN_FILE: "/var/run/secrets/token",
      HEADROOM_PROMETHEUS_SELECTOR: 'cluster="prod-1"',
      HEADROOM_EXTERNAL_URL: "https://headroom.prod-1.example.com/",
      HEADROOM_CLUSTER_LINKS: "prod-1=https://headroom.prod-1.example.com, staging=http://headroom.staging:3000",
    });
    expect(r).toEqual({
      success: true,
      data: {
        prometheus: {
          url: "https://prom.example:9090",
          bearerTokenFile: "/var/run/secrets/token",
          caFile: undefined,
          matchers: ['cluster="prod-1"'],
          timeoutMs: 5000,
        },
        externalUrl: "https://headroom.prod-1.example.com",
        clusterLinks: { "prod-1": "https://headroom.prod-1.example.com", staging: "http://headroom.staging:3000" },
      },
    });
  });
  it("names each wrong variable, and start-up refuses them", () => {
    const env = {
      HOSTNAME: "127.0.0.1",
      HEADROOM_PROMETHEUS_URL: "file:///etc/passwd",
      HEADROOM_PROMETHEUS_SELECTOR: "cluster=prod",
      HEADROOM_PROMETHEUS_TIMEOUT_SECONDS: "0",
      HEADROOM_CLUSTER_LINKS: "prod",
    };
    const r = parseHistorySettings(env);
    expect(r.success ? [] : r.errors.map((e) => e.split(":")[0])).toEqual([
      "HEADROOM_PROMETHEUS_URL",
      "HEADROOM_PROMETHEUS_SELECTOR",
      "HEADROOM_PROMETHEUS_TIMEOUT_SECONDS",
      "HEADROOM_CLUSTER_LINKS",
    ]);
    expect(configErrors(env)).toHaveLength(4);
  });
});
