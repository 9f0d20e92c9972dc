import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--allow-file-access-from-files'] });
const page = await browser.newPage({ viewport: { width: 1460, height: 900 } });
for (const f of process.argv.slice(2)) { await page.goto('file://' + f); await page.waitForTimeout(300); await page.screenshot({ path: f.replace('.html', '.png'), fullPage: true }); }
await browser.close();
