import { chromium } from "@playwright/test";
const [, , path, width, theme, sel, out] = process.argv;
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const p = await b.newPage({ viewport: { width: Number(width), height: 900 }, colorScheme: theme });
await p.goto("http://127.0.0.1:3407" + path);
await p.waitForTimeout(2500);
await p.locator(sel).first().screenshot({ path: out });
await b.close();
