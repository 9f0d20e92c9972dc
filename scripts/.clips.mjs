import { chromium } from 'playwright-core';
const [,, base, path, width, cookie, out, segH = '1400', maxSeg = '3'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
await context.addCookies([{ name: 'language', value: cookie, url: base }]);
const page = await context.newPage();
await page.goto(base + path, { waitUntil: 'networkidle' });
await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise(r => setTimeout(r, 30)); } window.scrollTo(0, 0); });
await page.waitForTimeout(300);
const h = await page.evaluate(() => document.documentElement.scrollHeight);
let n = 0;
for (let y = 0; y < h && n < Number(maxSeg); y += Number(segH), n++) {
  await page.screenshot({ path: `${out}-${n}.png`, fullPage: true, clip: { x: 0, y, width: Number(width), height: Math.min(Number(segH), h - y) } });
}
console.log('height', h, 'segments', n);
await browser.close();
