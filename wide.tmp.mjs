import { chromium } from "@playwright/test";
const [, , path, width] = process.argv;
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const p = await b.newPage({ viewport: { width: Number(width), height: 900 } });
await p.goto("http://127.0.0.1:3401" + path);
await p.waitForTimeout(2500);
console.log(await p.evaluate(() => {
  const W = window.innerWidth; const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.right > W + 1) {
      let a = el.parentElement, clipped = false;
      while (a) { const s = getComputedStyle(a); if (s.overflowX !== "visible") { clipped = true; break; } a = a.parentElement; }
      if (!clipped) out.push(`${el.tagName}.${(el.className?.baseVal ?? el.className ?? "").toString().slice(0, 60)} right=${Math.round(r.right)} ${el.textContent.slice(0, 40)}`);
    }
  }
  return out.slice(0, 15).join("\n");
}));
await b.close();
