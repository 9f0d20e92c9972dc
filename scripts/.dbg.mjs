import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', (m) => console.log('console', m.type(), m.text()));
await page.goto('http://localhost:3100/this/does/not');
await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
console.log(await page.textContent('h1'));
await browser.close();
