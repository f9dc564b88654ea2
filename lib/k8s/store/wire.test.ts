import { describe, expect, it } from "vitest";

import { decodeWire, decodeWireList } from "./wire";

describe("the decoding doorway", () => {
  it("takes a JSON object as a wire object and refuses anything else by name", () => {
    expect(decodeWire({ metadata: {} }, "node")).toEqual({ metadata: {} });
    for (const bad of [null, "x", 3, [1]]) expect(() => decodeWire(bad, "node")).toThrow(/bad data: node is not a JSON object/);
  });

  it("takes a list page whose items are all objects", () => {
    const page = { items: [{ metadata: { name: "a" } }], metadata: { resourceVersion: "7", continue: "" } };
    expect(decodeWireList(page, "pods")).toBe(page);
    expect(decodeWireList({}, "pods")).toEqual({});
  });

  it("refuses a page with non-array items, a non-object item or non-object metadata, naming where", () => {
    expect(() => decodeWireList({ items: {} }, "pods")).toThrow(/pods list items is not an array/);
    expect(() => decodeWireList({ items: [{}, null] }, "pods")).toThrow(/pods list item 1 is not a JSON object/);
    expect(() => decodeWireList({ items: [], metadata: "7" }, "pods")).toThrow(/pods list metadata is not a JSON object/);
    expect(() => decodeWireList([], "pods")).toThrow(/pods list is not a JSON object/);
  });
});
