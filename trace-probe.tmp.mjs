import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { startBenchServer } from './scripts/bench-server.mjs';
const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-background-networking'] });
for (const [path, lang] of [['/company/career', 'en'], ['/', 'en']]) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(server.url + path); // warm
  await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
  await page.goto(server.url + path + '?t=' + Date.now());
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForTimeout(1500);
  const buf = await browser.stopTracing();
  const trace = JSON.parse(buf.toString());
  const events = trace.traceEvents ?? trace;
  const mainPid = events.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames?.[0]?.processId;
  const threads = new Map();
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const main = [...threads].find(([k, v]) => v === 'CrRendererMain' && (!mainPid || k.startsWith(mainPid + ':')))?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur > 8000).sort((a, b) => a.ts - b.ts);
  const t0 = events.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]?.ts;
  console.log(path, 'tasks >8ms:', tasks.length);
  for (const task of tasks) {
    const inner = onMain.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task && e.dur > 1500);
    const top = inner.sort((a, b) => b.dur - a.dur).slice(0, 6).map((e) => `${e.name}${e.args?.data?.url ? '(' + e.args.data.url.split('/').pop().slice(0, 30) + ')' : ''}${e.args?.data?.functionName ? '[' + e.args.data.functionName + ']' : ''} ${(e.dur / 1000).toFixed(1)}`);
    console.log(`  at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms`, top.join(' | '));
  }
  await context.close();
}
await browser.close();
await server.stop();
