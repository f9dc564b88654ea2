// pooledAuthentication keeps the first connection pool KubeConfig builds and lends it to every later
// request (closing the one each request built, unused), and takes a new one after five minutes,
// closing the old, so rotated credentials are picked up. The real connections: membership-renew.test.ts.
import type { KubeConfig, RequestContext } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";

import { pooledAuthentication } from "./lease-api";

interface FakePool {
  id: number;
  closed: boolean;
  close(): Promise<void>;
}

describe("Lease requests' connection pool", () => {
  it("is the first one built, lent to every request, and replaced after five minutes", async () => {
    const built: FakePool[] = [];
    const kc = {
      applySecurityAuthentication: async (c: { setDispatcher(d: unknown): void }) => {
        const pool: FakePool = { id: built.length, closed: false, close: async () => void (pool.closed = true) };
        built.push(pool);
        c.setDispatcher(pool);
      },
    } as unknown as KubeConfig;
    let now = 0;
    const auth = pooledAuthentication(kc, () => now);
    const request = async () => {
      let d: FakePool | undefined;
      const context = { setDispatcher: (x: FakePool) => (d = x), getDispatcher: () => d } as unknown as RequestContext;
      await auth.applySecurityAuthentication(context);
      return d!;
    };
    expect((await request()).id).toBe(0);
    now = 60_000;
    expect((await request()).id).toBe(0);
    expect(built[1]!.closed).toBe(true); // built for the second request, never used
    expect(built[0]!.closed).toBe(false);
    now = 5 * 60_000 + 1;
    expect((await request()).id).toBe(2);
    expect(built[0]!.closed).toBe(true); // the old pool, once its requests are done
    expect((await request()).id).toBe(2);
  });
});
