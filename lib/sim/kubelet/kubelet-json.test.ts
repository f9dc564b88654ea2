import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { kubeletJson } from "./kubelet-json";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../../tests/fixtures/real/summary", name), "utf8");

describe("kubeletJson: a JSON answer as the kubelet's go-restful writes it", () => {
  // Kept as the kubelet sent it (tests/fixtures/real/SOURCES.md: transcribed, same as the original);
  // the other captures were re-indented by the projects that published them.
  for (const name of ["beats-gke-2017.json", "datadog-eks-windows-2020.json"]) {
    it(`writes ${name} byte for byte from its parsed value`, () => {
      const text = fixture(name);
      expect(kubeletJson(JSON.parse(text)).toString("utf8") + "\n").toBe(text);
    });
  }

  it("indents with a one-space prefix and one space per level, empty objects and arrays kept on one line", () => {
    const text = kubeletJson({ node: { nodeName: "n1", fs: {}, interfaces: [] }, pods: [{ a: 1 }, { b: [2, 3] }] }).toString();
    expect(text).toBe(
      [
        "{",
        '  "node": {',
        '   "nodeName": "n1",',
        '   "fs": {},',
        '   "interfaces": []',
        "  },",
        '  "pods": [',
        "   {",
        '    "a": 1',
        "   },",
        "   {",
        '    "b": [',
        "     2,",
        "     3",
        "    ]",
        "   }",
        "  ]",
        " }",
      ].join("\n"),
    );
  });

  it("escapes <, >, & and the line separators in strings as Go's encoder does, and keeps other text as UTF-8", () => {
    const bytes = kubeletJson({ name: "a<b>&c\u2028d\u2029", note: "naïve \n" });
    expect(bytes.toString("utf8")).toBe('{\n  "name": "a\\u003cb\\u003e\\u0026c\\u2028d\\u2029",\n  "note": "naïve \\n"\n }');
    expect(JSON.parse(bytes.toString("utf8"))).toEqual({ name: "a<b>&c\u2028d\u2029", note: "naïve \n" });
  });
});
