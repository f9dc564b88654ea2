import { chromium } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const path of process.argv.slice(2)) for (const theme of ["light", "dark"]) for (const width of [1440, 390]) {
  const ctx = await b.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
  const p = await ctx.newPage();
  await p.goto("http://127.0.0.1:3407" + path);
  await p.waitForTimeout(2500);
  const r = await new AxeBuilder({ page: p }).analyze();
  const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  console.log(`== ${path} ${theme} ${width}: ${bad.length} rules`);
  for (const v of bad) console.log(`  ${v.id} (${v.impact}) x${v.nodes.length}: ${v.nodes.slice(0, 6).map((n) => n.target.join(" ") + " " + (n.any[0]?.message ?? "").slice(0, 90)).join("\n      ")}`);
  await ctx.close();
}
await b.close();
