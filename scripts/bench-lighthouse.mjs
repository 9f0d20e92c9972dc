// npm run bench:lighthouse: Lighthouse in Debian's Chromium, mobile and desktop, for the pages
// the budgets name in both languages, against the built server on loopback. Prints the four
// category scores and LCP, FCP, TBT and CLS per page; the audits that cost points follow.
// LIGHTHOUSE_REPORT_DIR=dir also keeps each full report there as JSON, and the trace and DevTools
// log of any run Lighthouse could not score. Each page is measured
// --runs=N times (default 3) and the run with the median performance score is shown, as
// Lighthouse's own guidance on variability advises; every run's performance score and TBT are
// listed beside it, with the machine's load average (1 minute) when the page's runs began.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import nodePath from 'node:path';
// biome-ignore lint/correctness/noUndeclaredDependencies: lighthouse's own dependency, so the Chrome it launches is the one it is tested with
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startBenchServer } from './bench-server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = [
  '/',
  '/insights',
  '/insights/consent-mode-v2-explained',
  '/services/analytics',
  '/company/career',
  '/technology/google-marketing-platform-partner/contact',
  '/unternehmen/karriere',
  '/technologie/google-marketing-platform-partner/kontakt',
];
const GERMAN_SHARED = ['/', '/insights', '/insights/consent-mode-v2-explained', '/services/analytics'];
const only = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const forms = process.argv.includes('--desktop-only')
  ? ['desktop']
  : process.argv.includes('--mobile-only')
    ? ['mobile']
    : ['mobile', 'desktop'];

const server = await startBenchServer();
const chrome = await launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-gpu',
  ],
});
const targets = [
  ...PAGES.map((path) => ({ path, language: /^\/(unternehmen|technologie)/.test(path) ? 'de' : 'en' })),
  ...GERMAN_SHARED.map((path) => ({ path, language: 'de' })),
].filter(({ path }) => only.length === 0 || only.includes(path));

// The pages as a running site serves them: rendered once already, answered from the page cache.
for (const { path, language } of targets) {
  for (let i = 0; i < 2; i += 1) {
    await (
      await fetch(`${server.url}${path}`, {
        headers: {
          'accept-encoding': 'br',
          'accept-language': language === 'de' ? 'de-DE,de;q=0.9' : 'en-GB,en;q=0.9',
        },
      })
    ).arrayBuffer();
  }
}
await new Promise((resolve) => setTimeout(resolve, 500));

const ms = (audit) => (audit?.numericValue === undefined ? 'n/a' : `${Math.round(audit.numericValue)}`);
const cls = (audit) => (audit?.numericValue === undefined ? 'n/a' : audit.numericValue.toFixed(3));
console.log(`${cpus().length} CPUs`);
console.log(
  '| page | language | form | performance | accessibility | best practices | SEO | LCP ms | FCP ms | TBT ms | CLS | each run: performance (TBT ms) | load average |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const shortfalls = [];
try {
  for (const { path, language } of targets) {
    for (const form of forms) {
      const results = [];
      const load = loadavg()[0].toFixed(1);
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(
          `${server.url}${path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            // Shared paths answer in the language of the request; German is asked for as a browser would.
            extraHeaders: { 'Accept-Language': language === 'de' ? 'de-DE,de;q=0.9' : 'en-GB,en;q=0.9' },
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          },
          form === 'desktop' ? desktopConfig : undefined,
        );
        results.push(result);
        if (result.lhr.runtimeError && process.env.LIGHTHOUSE_REPORT_DIR) {
          // A run Lighthouse could not score: its trace and DevTools log, to see what it missed.
          mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
          writeFileSync(
            nodePath.join(
              process.env.LIGHTHOUSE_REPORT_DIR,
              `failed-${language}-${form}${path.replaceAll('/', '_') || '_'}-${run + 1}.json`,
            ),
            JSON.stringify({
              error: result.lhr.runtimeError,
              trace: result.artifacts.Trace,
              devtoolsLog: result.artifacts.DevtoolsLog,
            }),
          );
        }
      }
      const performanceOf = (result) => (result.lhr.runtimeError ? -1 : (result.lhr.categories.performance.score ?? 0));
      const ranked = [...results].sort((a, b) => performanceOf(a) - performanceOf(b));
      const result = ranked[Math.floor((ranked.length - 1) / 2)];
      const allRuns = results
        .map((each) =>
          each.lhr.runtimeError
            ? each.lhr.runtimeError.code
            : `${Math.round(performanceOf(each) * 100)} (${ms(each.lhr.audits['total-blocking-time'])})`,
        )
        .join(' ');
      const { categories, audits, runtimeError } = result.lhr;
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        writeFileSync(
          nodePath.join(
            process.env.LIGHTHOUSE_REPORT_DIR,
            `${language}-${form}${path.replaceAll('/', '_') || '_'}.json`,
          ),
          result.report,
        );
      }
      if (runtimeError)
        console.log(`| ${path} | ${language} | ${form} | ${runtimeError.code}: ${runtimeError.message} |`);
      const score = (id) => Math.round((categories[id].score ?? 0) * 100);
      console.log(
        `| ${path} | ${language} | ${form} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${ms(audits['largest-contentful-paint'])} | ${ms(audits['first-contentful-paint'])} | ${ms(audits['total-blocking-time'])} | ${cls(audits['cumulative-layout-shift'])} | ${allRuns} | ${load} |`,
      );
      for (const category of Object.values(categories)) {
        for (const ref of category.auditRefs) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1)
            shortfalls.push(
              `${path} (${language}, ${form}) ${category.id}: ${audit.id} ${audit.score} ${audit.displayValue ?? ''}`,
            );
        }
      }
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
if (shortfalls.length) console.log(`\nAudits below full marks:\n${shortfalls.join('\n')}`);
