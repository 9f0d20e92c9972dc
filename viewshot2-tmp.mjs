import { chromium } from 'playwright-core';
const [url, out, w = '900', h = '600', scrollSel] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: Number(w), height: Number(h) } });
await p.goto(url); await p.waitForLoadState('load');
if (scrollSel) { await p.locator(scrollSel).first().scrollIntoViewIfNeeded(); await p.evaluate(() => window.scrollBy(0, 200)); await p.waitForTimeout(300); }
await p.screenshot({ path: out }); await b.close();
