// peerRequestsWritten: a merge waits for its peer requests to be on the wire before building its
// own part, at most 25 ms; a peer whose Lease carries no URL is never sent one, so it is not waited
// for (a node document whose owner has left asked the 25 ms for nothing).
import { describe, expect, it } from "vitest";

import { peerRequestsWritten } from "./peer-ask";

async function took(peers: { peerUrl: string }[]): Promise<number> {
  const written = peerRequestsWritten();
  const t = performance.now();
  await written(peers);
  return performance.now() - t;
}

describe("waiting for peer requests to be written", () => {
  it("waits out its bound for a peer with a URL whose request never goes out", async () => {
    expect(await took([{ peerUrl: "http://127.0.0.1:9" }])).toBeGreaterThanOrEqual(24);
  });

  it("does not wait for peers without a URL, nor when there is no peer", async () => {
    expect(await took([{ peerUrl: "" }, { peerUrl: "" }])).toBeLessThan(15);
    expect(await took([])).toBeLessThan(15);
  });
});
