// Reproductions from issue 29 (items 3 and 9): a quantity past the kubelet's int64 in kubelet flags
// or a KubeletConfiguration must be a 400 / exit 2 naming the field, as it already was in a pod or
// a reservation, never `"quantity": null` in a 200, a soft threshold that reads as met, or
// "soft Infinity" in the CLI's table. And an over-capacity evictionHard is named as the culprit.
import { describe, expect, it } from "vitest";

import { POST } from "@/app/api/analyze/route";
import { main } from "@/bin/cli";

import { runCli, validDoc, writeTemp } from "./helpers";

const post = (doc: unknown) => POST(new Request("http://h/api/analyze", { method: "POST", body: JSON.stringify(doc) }));

async function errorOf(doc: unknown): Promise<{ status: number; error?: string }> {
  const res = await post(doc);
  const json = (await res.json()) as { error?: string };
  return { status: res.status, error: json.error };
}

const RANGE = /is out of range: the kubelet reads it as a 64-bit integer/;
const SOFT_GRACE = { evictionSoftGracePeriod: { "memory.available": "1m" } };

describe("a quantity past int64 in a threshold map is a 400 naming the field", () => {
  it.each([
    [
      "kubelet flag --eviction-minimum-reclaim",
      { kubeletFlags: "--eviction-minimum-reclaim=memory.available=1e400" },
      'kubeletFlags(--eviction-minimum-reclaim)["memory.available"]: ',
    ],
    [
      "kubelet flag --eviction-hard",
      { kubeletFlags: "--eviction-hard=memory.available<1e400" },
      'kubeletFlags(--eviction-hard)["memory.available"]: ',
    ],
    [
      "kubelet flag --eviction-soft",
      { kubeletFlags: "--eviction-soft=memory.available<1e400 --eviction-soft-grace-period=memory.available=1m" },
      'kubeletFlags(--eviction-soft)["memory.available"]: ',
    ],
    [
      "KubeletConfiguration evictionSoft",
      { kubeletConfig: { evictionSoft: { "memory.available": "1e400" }, ...SOFT_GRACE } },
      'kubeletConfig.evictionSoft["memory.available"]: ',
    ],
    [
      "KubeletConfiguration evictionMinimumReclaim",
      { kubeletConfig: { evictionMinimumReclaim: { "memory.available": "1e400" } } },
      'kubeletConfig.evictionMinimumReclaim["memory.available"]: ',
    ],
    [
      "legacy configz evictionMinimumReclaim string",
      { kubeletConfig: { kubeletconfig: { evictionMinimumReclaim: "memory.available=9223372036854775808" } } },
      'kubeletConfig.evictionMinimumReclaim["memory.available"]: ',
    ],
    [
      "KubeletConfiguration evictionHard",
      { kubeletConfig: { evictionHard: { "memory.available": "1e400" }, systemReserved: { memory: "1Gi" } } },
      'kubeletConfig.evictionHard["memory.available"]: ',
    ],
    [
      "what-if evictionMinimumReclaim",
      { whatIf: { evictionMinimumReclaim: { "nodefs.available": "1e19" } } },
      'whatIf.evictionMinimumReclaim["nodefs.available"]: ',
    ],
  ])("%s", async (_what, settings, field) => {
    const { kubeletConfig: _, ...doc } = validDoc();
    const r = await errorOf({ ...doc, ...settings });
    expect(r.status).toBe(400);
    expect(r.error?.startsWith(field), r.error).toBe(true);
    expect(r.error).toMatch(RANGE);
  });

  it("the largest int64 minimum reclaim is still a complete answer with a number", async () => {
    const res = await post({ ...validDoc(), kubeletFlags: "--eviction-minimum-reclaim=memory.available=9223372036854775807" });
    expect(res.status).toBe(200);
    const out = (await res.json()) as { thresholds: { signal: string; minReclaim: { quantity: unknown } | null }[] };
    const memory = out.thresholds.find((t) => t.signal === "memory.available");
    expect(memory?.minReclaim).toEqual({ quantity: 2 ** 63 });
  });
});

describe("an evictionHard above capacity is named first", () => {
  it("a 20Gi evictionHard on an 8Gi node names evictionHard, with systemReserved beside it", async () => {
    const doc = {
      ...validDoc(),
      kubeletConfig: { evictionHard: { "memory.available": "20Gi" }, systemReserved: { memory: "1Gi" } },
    };
    const r = await errorOf(doc);
    expect(r.status).toBe(400);
    expect(r.error).toMatch(
      /^kubeletConfig\.evictionHard\["memory\.available"\] \(with kubeletConfig\.systemReserved\.memory\): invalid Node Allocatable configuration/,
    );
  });
});

describe("the CLI on the same inputs", () => {
  it("exits 2 naming evictionSoft, and never prints a soft threshold of Infinity", async () => {
    const doc = { ...validDoc(), kubeletConfig: { evictionSoft: { "memory.available": "1e400" }, ...SOFT_GRACE } };
    const r = await runCli(main, ["analyze", writeTemp("soft.json", JSON.stringify(doc)), "--output", "table"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^headroom: kubeletConfig\.evictionSoft\["memory\.available"\]: "1e400" is out of range/);
    expect(r.stdout).not.toMatch(/Infinity/);
  });
  it("exits 2 naming the flag for --eviction-minimum-reclaim=memory.available=1e400", async () => {
    const doc = { ...validDoc(), kubeletFlags: "--eviction-minimum-reclaim=memory.available=1e400" };
    const r = await runCli(main, ["analyze", writeTemp("reclaim.json", JSON.stringify(doc)), "--output", "json"]);
    expect(r).toMatchObject({
      status: 2,
      stdout: "",
      stderr: expect.stringMatching(/^headroom: kubeletFlags\(--eviction-minimum-reclaim\)\["memory\.available"\]: /),
    });
  });
});
