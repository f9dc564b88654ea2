import { expect, test } from "@playwright/test";

import { AnalyzePage } from "./pages/analyze-page";

// Pieces pasted one at a time, as kubectl prints them, are recognised and put in their slots; a
// bare Summary is never analyzed as if it were a whole input document.
test("a bare Summary, then the Node and the configz, each go to their slot; the analysis names what is missing", async ({
  page,
  request,
}) => {
  const example = await (await request.get("/examples/sample-node.json")).json();
  const analyze = new AnalyzePage(page);
  await analyze.goto();
  const slots = page.getByTestId("analyze-slots");
  // a piece is placed as soon as it arrives (components/analyze/compose.ts placePiece)
  await analyze.input.fill(JSON.stringify(example.summary));
  await expect(page.getByTestId("analyze-placed")).toHaveText(
    "Recognised a kubelet Summary (GET /stats/summary): placed in the Summary slot. Add the other pieces, or Analyze.",
  );
  await expect(slots.locator('[data-slot="summary"]')).toContainText("a kubelet Summary (GET /stats/summary)");
  await expect(analyze.input).toHaveValue("");
  await expect(analyze.result).toHaveCount(0);
  // kubectl get node -o json gives a List with one item
  await analyze.input.fill(JSON.stringify({ apiVersion: "v1", kind: "List", items: [example.node] }));
  await expect(slots.locator('[data-slot="node"]')).toContainText("a list with one Node");
  await analyze.input.fill(JSON.stringify({ kubeletconfig: example.kubeletConfig.kubeletconfig ?? example.kubeletConfig }));
  await expect(slots.locator('[data-slot="kubeletConfig"]')).toContainText(/configz|KubeletConfiguration/);
  await page.getByRole("button", { name: "Analyze the pieces" }).click();
  await expect(analyze.result).toContainText("datagen-1-35");
  await expect(page.getByTestId("analyze-partial")).toContainText("Partial input, no pods");
  // a piece can be removed again, by keyboard
  const remove = page.getByRole("button", { name: "Remove Node" });
  await remove.focus();
  await page.keyboard.press("Enter");
  await expect(slots.locator('[data-slot="node"]')).toContainText("empty");
});

test("a list of several nodes is refused with what it is and why", async ({ page, request }) => {
  const example = await (await request.get("/examples/sample-node.json")).json();
  const analyze = new AnalyzePage(page);
  await analyze.goto();
  await analyze.input.fill(JSON.stringify({ kind: "List", items: [example.node, example.node] }));
  await analyze.submit();
  await expect(analyze.error).toHaveText(
    'This is a list of 2 Nodes (kubectl get nodes -o json): an input document describes one node: give one Node under "node".',
  );
  await expect(analyze.result).toHaveCount(0);
});
