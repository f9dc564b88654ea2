import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { replicaSettings } from "./settings";

const dir = mkdtempSync(join(tmpdir(), "headroom-replicas-"));
const token = join(dir, "token");
writeFileSync(token, "0123456789abcdef0123\n");
const short = join(dir, "short");
writeFileSync(short, "abc");
const defaults = { hostname: () => "headroom-7d9f-abcde", podNamespace: () => "monitoring" };
const on = { HEADROOM_SHARDING: "lease", HEADROOM_PEER_URL: "http://10.0.0.5:3000", HEADROOM_PEER_TOKEN_FILE: token };

describe("replica settings", () => {
  it("are off unless HEADROOM_SHARDING=lease", () => {
    expect(replicaSettings({}, defaults)).toBeUndefined();
    expect(replicaSettings({ HEADROOM_SHARDING: "off" }, defaults)).toBeUndefined();
  });

  it("default the name to the hostname and the namespace to the pod's", () => {
    expect(replicaSettings(on, defaults)).toEqual({
      identity: "headroom-7d9f-abcde",
      peerUrl: "http://10.0.0.5:3000",
      namespace: "monitoring",
      peerToken: "0123456789abcdef0123",
    });
    expect(replicaSettings(on, { ...defaults, podNamespace: () => undefined })?.namespace).toBe("default");
  });

  it.each([
    [{ HEADROOM_SHARDING: "etcd" }, /^headroom: environment HEADROOM_SHARDING: /],
    [{ HEADROOM_PEER_URL: "" }, /^headroom: environment HEADROOM_PEER_URL: required/],
    [{ HEADROOM_PEER_URL: "http://u:p@h:1" }, /^headroom: environment HEADROOM_PEER_URL: expected/],
    [{ HEADROOM_PEER_URL: "ftp://h" }, /^headroom: environment HEADROOM_PEER_URL: expected/],
    [{ HEADROOM_REPLICA_NAME: "Not_A_Label" }, /^headroom: environment HEADROOM_REPLICA_NAME: /],
    [{ HEADROOM_LEASE_NAMESPACE: "-x" }, /^headroom: environment HEADROOM_LEASE_NAMESPACE: /],
    [{ HEADROOM_PEER_TOKEN_FILE: "" }, /^headroom: environment HEADROOM_PEER_TOKEN_FILE: required/],
    [{ HEADROOM_PEER_TOKEN_FILE: join(dir, "missing") }, /^headroom: environment HEADROOM_PEER_TOKEN_FILE: cannot read/],
    [{ HEADROOM_PEER_TOKEN_FILE: short }, /^headroom: environment HEADROOM_PEER_TOKEN_FILE: .* fewer than 16/],
  ])("stop start-up naming the setting: %o", (bad, msg) => {
    expect(() => replicaSettings({ ...on, ...bad }, defaults)).toThrow(msg);
  });
});
