import http from 'node:http';
import { chromium } from 'playwright-core';
const variant = process.argv[2];
const hits = [];
const server = http.createServer((req, res) => {
  if (req.method === 'POST') { let b=''; req.on('data', d => b+=d); req.on('end', () => { hits.push(`${req.url} ${req.headers['content-type']} origin=${req.headers.origin} sfs=${req.headers['sec-fetch-site']}`); res.writeHead(204); res.end(); }); return; }
  const port = server.address().port;
  const headers = { 'content-type': 'text/html' };
  if (variant === 'rel') { headers['content-security-policy'] = "script-src 'self'; report-uri /r1; report-to g"; headers['reporting-endpoints'] = 'g="/r2"'; }
  if (variant === 'abs') { headers['content-security-policy'] = "script-src 'self'; report-uri /r1; report-to g"; headers['reporting-endpoints'] = `g="http://127.0.0.1:${port}/r2"`; }
  if (variant === 'uri') { headers['content-security-policy'] = "script-src 'self'; report-uri /r1"; }
  res.writeHead(200, headers); res.end('<html><body><script>window.x=1</script></body></html>');
});
await new Promise(r => server.listen(0, '127.0.0.1', r));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--short-reporting-delay'] });
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await new Promise((r) => setTimeout(r, 70000));
console.log(variant, hits);
await browser.close(); server.close();
