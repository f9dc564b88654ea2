// Reproductions from issue 14 (item 1): quantities past float64 or past int64, and documents
// nested thousands of levels deep, must be a 400 / exit 2 naming the field, never a crash.
import { describe, expect, it } from "vitest";

import { POST } from "@/app/api/analyze/route";
import { main } from "@/bin/cli";
import { MAX_NESTING_DEPTH } from "@/lib/eviction";

import { nestedText, runCli, validDoc, writeTemp } from "./helpers";

const post = (body: string) => POST(new Request("http://h/api/analyze", { method: "POST", body }));

async function expect400(body: string, field: RegExp) {
  const res = await post(body);
  const json = (await res.json()) as { error?: string };
  expect({ status: res.status, error: json.error }).toMatchObject({ status: 400, error: expect.stringMatching(field) });
  return json.error!;
}

// (BinarySI past int64, e.g. "10000Ei", is capped at 2^63-1 by apimachinery itself, so it is valid.)
const HUGE = ["1e400", "-1e400", "9".repeat(400), "1e19", "9223372036854775808", "-9223372036854775809"];

describe("quantities past the kubelet's int64 range", () => {
  it.each(HUGE)("pod memory request %s is a 400 naming the field", async (q) => {
    const doc = validDoc();
    doc.pods[0]!.spec.containers[0]!.resources.requests.memory = q;
    const error = await expect400(JSON.stringify(doc), /^pods\[0\]\.spec\.containers\[0\]\.resources\.requests\.memory: /);
    expect(error).toMatch(/range|not a valid quantity/);
  });
  it.each(HUGE)("node memory capacity %s is a 400 naming the field", async (q) => {
    const doc = validDoc();
    doc.node.status.capacity.memory = q;
    await expect400(JSON.stringify(doc), /^node\.status\.capacity\.memory: /);
  });
  it("a CPU request past int64 millicores is a 400", async () => {
    const doc = validDoc();
    (doc.pods[0]!.spec.containers[0]!.resources.requests as Record<string, string>).cpu = "1e17";
    await expect400(JSON.stringify(doc), /^pods\[0\]\.spec\.containers\[0\]\.resources\.requests\.cpu: .*range/);
  });
  it("a JSON number past float64 (1e400) is a 400", async () => {
    const text = JSON.stringify(validDoc()).replace('"memory":"1Gi"', '"memory":1e400');
    await expect400(text, /^pods\[0\]\.spec\.containers\[0\]\.resources\.requests\.memory: /);
  });
  it("kubeReserved past int64 is a 400 naming the field", async () => {
    const doc = { ...validDoc(), kubeletConfig: { kubeReserved: { memory: "1e400" } } };
    await expect400(JSON.stringify(doc), /^kubeletConfig\.kubeReserved\.memory: /);
  });
  it("the largest int64 quantity is still accepted", async () => {
    const doc = validDoc();
    doc.node.status.capacity.memory = "9223372036854775807";
    expect((await post(JSON.stringify(doc))).status).toBe(200);
  });
});

describe("documents nested past the limit", () => {
  const deep = 5000;
  it.each(["kubeletConfig", "featureGates", "now", "node", "pods", "whatIf"])(
    "%s nested 5 000 levels is a 400 naming the field",
    async (field) => {
      const error = await expect400(`{"${field}":${nestedText(deep)}}`, new RegExp(`^${field}`));
      expect(error).toMatch(new RegExp(`nested more than ${MAX_NESTING_DEPTH} levels`));
    },
  );
  it("a deep featureGates value in a bounded message (no recursion over the input)", async () => {
    const error = await expect400(
      `{"featureGates":{"X":${nestedText(60)}}}`,
      /^featureGates\.X: must be true or false, got an object/,
    );
    expect(error.length).toBeLessThan(200);
  });
  it("YAML nested past the limit is a 400", async () => {
    const yaml = "kubeletConfig:\n" + Array.from({ length: 300 }, (_, i) => `${"  ".repeat(i + 1)}a:`).join("\n") + " 1\n";
    await expect400(yaml, /^(kubeletConfig|body)/);
  });
});

describe("the CLI on the same inputs", () => {
  it("exits 2 naming the field for a quantity past float64", async () => {
    const doc = validDoc();
    doc.pods[0]!.spec.containers[0]!.resources.requests.memory = "1e400";
    const r = await runCli(main, ["analyze", writeTemp("huge.json", JSON.stringify(doc)), "--output", "json"]);
    expect(r).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^headroom: pods\[0\]\.spec\.containers\[0\]\.resources\.requests\.memory: /),
    });
  });
  it("exits 2 for a document nested 5 000 levels deep", async () => {
    const r = await runCli(main, [
      "analyze",
      writeTemp("deep.json", `{"kubeletConfig":${nestedText(5000)}}`),
      "--output",
      "json",
    ]);
    expect(r).toMatchObject({ status: 2, stderr: expect.stringMatching(/^headroom: kubeletConfig/) });
  });
});
