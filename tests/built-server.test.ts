// `node scripts/start.mjs` under a machine's Node.js 20 built, started, and then answered every
// page with a 500; it now stops first and says how to run it (scripts/built-server.mjs).
import { describe, expect, it } from "vitest";

import { nodeVersionProblem } from "../scripts/built-server.mjs";

describe("nodeVersionProblem", () => {
  it("names the Node.js it refuses and how to run the project's own", () => {
    const problem = nodeVersionProblem("20.20.2");
    expect(problem).toContain("needs Node.js 22 or later, and this is 20.20.2");
    expect(problem).toContain("npm start");
  });
  it.each(["22.23.3", "22.0.0", "24.1.0"])("accepts %s", (v) => {
    expect(nodeVersionProblem(v)).toBeNull();
  });
  it("passes the Node.js running the tests (the project's own)", () => {
    expect(nodeVersionProblem()).toBeNull();
  });
});
