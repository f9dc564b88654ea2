import { afterEach, describe, expect, it } from "vitest";

import { captureConsole, configureLog, log, scrub } from "./log";

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
  it("turns console output (Next's multi-line ⨯ errors) into one scrubbed JSON object per line", () => {
    const saved = { error: console.error, warn: console.warn, info: console.info, log: console.log, debug: console.debug };
    try {
      configureLog({ level: "info", secrets: [TOKEN], write: (l) => lines.push(l) });
      captureConsole();
      const e = new Error(`boom with ${TOKEN}`, { cause: new Error("inner") });
      console.error(" \u001b[31m⨯\u001b[39m", e, { digest: "123" });
      console.warn("Request body exceeded 10MB\nsecond line");
      expect(lines).toHaveLength(2);
      for (const l of lines) expect(l).not.toContain("\n");
      const [err, warn] = lines.map((l) => JSON.parse(l));
      expect(err).toMatchObject({ level: "error", msg: "boom with <redacted> { digest: '123' }" });
      expect(err.stack).toMatch(/^Error: boom with <redacted>\n {4}at [^]*caused by: Error: inner/);
      expect(warn).toMatchObject({ level: "warn", msg: "Request body exceeded 10MB second line" });
    } finally {
      Object.assign(console, saved);
      delete (console as unknown as Record<symbol, boolean>)[Symbol.for("headroom.log.console")];
    }
  });
});
