import { describe, expect, it } from "vitest";

import { peerAuthorized } from "./peer-auth";

const SECRET = "0123456789abcdef0123";

describe("peer requests", () => {
  it("are authorized only with exactly the shared secret as a bearer token", () => {
    expect(peerAuthorized(`Bearer ${SECRET}`, SECRET)).toBe(true);
    expect(peerAuthorized(undefined, SECRET)).toBe(false);
    expect(peerAuthorized("", SECRET)).toBe(false);
    expect(peerAuthorized(`Bearer ${SECRET}x`, SECRET)).toBe(false);
    expect(peerAuthorized(`Bearer ${SECRET.slice(1)}`, SECRET)).toBe(false);
    expect(peerAuthorized(`Basic ${SECRET}`, SECRET)).toBe(false);
    expect(peerAuthorized("Bearer ", "")).toBe(false);
  });
});
