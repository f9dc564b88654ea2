// The alerts in deploy/prometheus: valid for Prometheus (promtool check), behaving as their unit
// tests say (promtool test rules: each alert firing and not firing), shipped identically as the
// PrometheusRule of deploy/overlays/monitoring, which renders with a ServiceMonitor.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";

import { binaryPath, requireBinary } from "../test-binaries.mjs";

const PROMTOOL = binaryPath("promtool");
const KUBECTL = binaryPath("kubectl");
const DIR = join(import.meta.dirname, "..", "..", "deploy", "prometheus");
const RULES = join(DIR, "headroom-rules.yaml");

function promtool(...args: string[]): string {
  requireBinary("promtool");
  return execFileSync(PROMTOOL, args, { cwd: DIR, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/* eslint-disable @typescript-eslint/no-explicit-any */
type Doc = Record<string, any>;
const alerts = (groups: Doc[]) => groups.flatMap((g) => g.rules as Doc[]);

describe("deploy/prometheus alert rules", () => {
  const plain = parse(readFileSync(RULES, "utf8")) as { groups: Doc[] };

  it("pass promtool check rules", () => {
    expect(promtool("check", "rules", RULES)).toMatch(/SUCCESS: \d+ rules found/);
  });

  it("pass their unit tests (promtool test rules)", () => {
    expect(promtool("test", "rules", "headroom-rules.test.yaml")).toContain("SUCCESS");
  });

  it("have a firing and a quiet case for every alert in the unit tests", () => {
    const tests = (parse(readFileSync(join(DIR, "headroom-rules.test.yaml"), "utf8")) as { tests: Doc[] }).tests.flatMap(
      (t) => t.alert_rule_test as Doc[],
    );
    for (const a of alerts(plain.groups)) {
      const cases = tests.filter((t) => t.alertname === a.alert);
      expect(
        cases.some((t) => t.exp_alerts.length > 0),
        `${a.alert} fires in a test`,
      ).toBe(true);
      expect(
        cases.some((t) => t.exp_alerts.length === 0),
        `${a.alert} stays quiet in a test`,
      ).toBe(true);
    }
  });

  it("cover what fires before the kubelet acts, each saying what to do and linking to Headroom", () => {
    const names = alerts(plain.groups).map((a) => a.alert);
    expect(names).toEqual(
      expect.arrayContaining([
        "HeadroomMarginLow",
        "HeadroomMarginExhaustedSoon",
        "HeadroomSoftThresholdMet",
        "HeadroomHardThresholdMet",
        "HeadroomEvictionsObserved",
        "HeadroomNodeStatsStale",
        "HeadroomCollectionFailing",
        "HeadroomDown",
      ]),
    );
    for (const a of alerts(plain.groups)) {
      expect(Object.keys(a.annotations), a.alert).toEqual(expect.arrayContaining(["summary", "description", "action"]));
      if (a.alert !== "HeadroomDown") expect(a.annotations.headroom_url, a.alert).toContain('label "url"');
    }
  });

  it("ship as the monitoring overlay's PrometheusRule unchanged, with a ServiceMonitor on the Service's port", () => {
    const docs = parseAllDocuments(
      execFileSync(KUBECTL, ["kustomize", join(DIR, "..", "overlays", "monitoring")], { encoding: "utf8" }),
    ).map((d) => d.toJS() as Doc);
    const rule = docs.find((d) => d.kind === "PrometheusRule")!;
    expect(rule.spec.groups, "run scripts/prometheus-rule.mjs after editing headroom-rules.yaml").toEqual(plain.groups);
    const monitor = docs.find((d) => d.kind === "ServiceMonitor")!;
    const service = docs.find((d) => d.kind === "Service")!;
    expect(service.metadata.labels).toMatchObject(monitor.spec.selector.matchLabels);
    expect(service.spec.ports.map((p: Doc) => p.name)).toContain(monitor.spec.endpoints[0].port);
    expect(monitor.spec.endpoints[0]).toMatchObject({
      path: "/metrics",
      authorization: { type: "Bearer", credentials: { name: "headroom-auth", key: "token" } },
    });
    const env = docs.find((d) => d.kind === "Deployment")!.spec.template.spec.containers[0].env as Doc[];
    expect(env.find((e) => e.name === "HEADROOM_EXTERNAL_URL")?.value).toMatch(/^https:\/\//);
  });
});
