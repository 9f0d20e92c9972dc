import { chromium } from 'playwright-core';
import { sectionPages } from '../test/helpers/section-pages.ts';
import { writeFileSync, mkdirSync } from 'node:fs';
const base = 'http://localhost:3100';
mkdirSync('/tmp/shots/all', { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const list: string[] = [];
for (const width of [1440, 375]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
  for (const p of sectionPages()) {
    await context.addCookies([{ name: 'language', value: p.language, url: base }]);
    await page.goto(base + p.path, { waitUntil: 'networkidle' });
    await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 700) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 20)); } window.scrollTo(0, 0); });
    await page.waitForTimeout(150);
    const name = `${p.language}${p.path.replace(/\//g, '_') || '_home'}-${width}`;
    await page.screenshot({ path: `/tmp/shots/all/${name}.png`, fullPage: true });
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    list.push(`${name} sw=${sw} problems=${problems.splice(0).length}`);
  }
  await context.close();
}
await browser.close();
writeFileSync('/tmp/shots/all/list.txt', list.join('\n'));
console.log(list.join('\n'));
