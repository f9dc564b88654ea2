import { afterEach, describe, expect, it } from "vitest";
import { configureLog, log, scrub } from "./log";

const TOKEN = "tok-0123456789abcdef";
const lines: string[] = [];

describe("log", () => {
  afterEach(() => {
    lines.length = 0;
    configureLog({ level: "info", secrets: [] });
  });
  it("writes one JSON object per line, filtered by level", () => {
    configureLog({ level: "warn", write: (l) => lines.push(l) });
    log.info("hidden");
    log.warn("shown", { node: "a" });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "warn", msg: "shown", node: "a" });
  });
  it("never prints the configured token or a bearer credential", () => {
    configureLog({ level: "debug", secrets: [TOKEN], write: (l) => lines.push(l) });
    log.error(`login with ${TOKEN}`, { header: `Bearer ${TOKEN}`, nested: { list: [TOKEN] }, err: new Error(`bad ${TOKEN}`) });
    log.debug("auth", { authorization: "Bearer eyJhbGciOi.eyJzdWIi.sig" });
    expect(lines.join("\n")).not.toContain(TOKEN);
    expect(lines.join("\n")).not.toContain("eyJhbGciOi");
    expect(scrub(`x ${TOKEN} y`)).toBe("x <redacted> y");
  });
});
