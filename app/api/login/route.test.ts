// Issue 29, item 1: POST /api/login with next=/..//evil.example and the right token answered
// 303 Location: //evil.example with a fresh session cookie. The route reads its configuration
// when loaded, so the environment is set before the import.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PEER_HEADER } from "@/lib/auth/gate";

const TOKEN = "login-test-0b5d8e2f7a";
const ENV = {
  HOSTNAME: "0.0.0.0",
  HEADROOM_AUTH_MODE: "token",
  HEADROOM_AUTH_TOKEN: TOKEN,
  HEADROOM_TRUSTED_PROXIES: "10.0.0.5",
};
let POST: (request: Request) => Promise<Response>;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  for (const [k, v] of Object.entries(ENV)) [saved[k], process.env[k]] = [process.env[k], v];
  ({ POST } = await import("./route"));
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
});

const login = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  POST(
    new Request("http://127.0.0.1:3000/api/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );

describe("POST /api/login", () => {
  it.each(["/..//evil.example", "/.//evil.example", "/%2e%2e//evil.example/x", "/..\\/evil.example", "//evil.example"])(
    "with the right token and next=%j comes back to this site's /",
    async (next) => {
      const res = await login({ token: TOKEN, next });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/");
      expect(res.headers.get("set-cookie")).toMatch(/^headroom_session=/);
    },
  );
  it("keeps a local return path", async () => {
    const res = await login({ token: TOKEN, next: "/nodes/a?q=1" });
    expect(res.headers.get("location")).toBe("/nodes/a?q=1");
  });
  it("with a wrong token goes back to /login, never elsewhere", async () => {
    const res = await login({ token: "wrong", next: "/..//evil.example" });
    expect(res.headers.get("location")).toBe("/login?error=1&next=%2F");
  });
  it("marks the cookie Secure for X-Forwarded-Proto: https only when a trusted proxy says so", async () => {
    const forged = await login({ token: TOKEN, next: "/" }, { "x-forwarded-proto": "https", [PEER_HEADER]: "203.0.113.9" });
    expect(forged.headers.get("set-cookie")).not.toMatch(/Secure/);
    const proxied = await login({ token: TOKEN, next: "/" }, { "x-forwarded-proto": "https", [PEER_HEADER]: "10.0.0.5" });
    expect(proxied.headers.get("set-cookie")).toMatch(/; Secure$/);
  });
});
