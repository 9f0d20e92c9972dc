import { writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchServer } from './bench-server.mjs';
const server = await startBenchServer();
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-background-networking','--disable-component-update','--disable-gpu'] });
const paths = ['/', '/insights', '/unternehmen/karriere', '/insights/consent-mode-v2-explained'];
let fails = 0;
try {
  for (let i = 0; i < 40 && fails < 2; i++) {
    const path = paths[i % paths.length];
    const r = await lighthouse(`${server.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const err = r.lhr.runtimeError?.code;
    console.log(i, path, err ?? Math.round(r.lhr.categories.performance.score * 100));
    if (err) { fails++; writeFileSync(`/tmp/lh/fail-${i}.json`, JSON.stringify({ lhr: r.lhr, trace: r.artifacts.Trace, devtoolsLog: r.artifacts.DevtoolsLog })); }
    else if (i === 0) writeFileSync(`/tmp/lh/ok-${i}.json`, JSON.stringify({ trace: r.artifacts.Trace, devtoolsLog: r.artifacts.DevtoolsLog }));
  }
} finally { await chrome.kill(); await server.stop(); }
