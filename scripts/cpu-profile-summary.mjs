// Where a V8 CPU profile (node --cpu-prof) spent its time: the garbage collector, self time by
// package or file, self and total (inclusive) time by function, and the render path's phases.
// Used by `npm run bench:render -- --profile`; on its own: node scripts/cpu-profile-summary.mjs FILE.cpuprofile [TOP]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Functions whose total time tells the render path's phases apart, by name and file. */
const PHASES = [
  ['route handler: matching and loaders (query)', 'query', 'react-router/dist/production/lib/router/router.js'],
  ['React render of the tree (performWork)', 'performWork', 'react-dom-server'],
  ['React writing the HTML out (flushCompletedQueues)', 'flushCompletedQueues', 'react-dom-server'],
  ['socket writes (writev)', 'writev', ''],
  ['render set-up: React request, page data JSON (renderPage)', 'renderPage', 'dist/server/main.js'],
];

const shortUrl = (url) =>
  url.replace(/^file:\/\/.*?\/node_modules\//, 'nm:').replace(/^file:\/\/.*?\/(dist|src|scripts)\//, '$1/');
const packageOf = (url) => {
  const short = shortUrl(url);
  const match = /^nm:((?:@[^/]+\/)?[^/]+)/.exec(short);
  return match ? match[1] : short || '(native)';
};

export function summarizeProfile(profile, top = 25) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfUs = new Map();
  let totalUs = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    totalUs += delta;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const keyOf = (node) =>
    `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''}`;
  const bySelf = new Map();
  const byTotal = new Map();
  const byPackage = new Map();
  const phaseUs = new Map(PHASES.map(([label]) => [label, 0]));
  for (const [id, us] of selfUs) {
    const node = nodes.get(id);
    const key = keyOf(node);
    bySelf.set(key, (bySelf.get(key) ?? 0) + us);
    const pkg = node.callFrame.url ? packageOf(node.callFrame.url) : node.callFrame.functionName || '(native)';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    // Every function on the stack gets the sample once, however often it recurs.
    const seen = new Set();
    const phasesSeen = new Set();
    for (let current = id; current !== undefined; current = parent.get(current)) {
      const frame = nodes.get(current);
      const frameKey = keyOf(frame);
      if (!seen.has(frameKey)) {
        seen.add(frameKey);
        byTotal.set(frameKey, (byTotal.get(frameKey) ?? 0) + us);
      }
      for (const [label, name, file] of PHASES) {
        if (!phasesSeen.has(label) && frame.callFrame.functionName === name && frame.callFrame.url.includes(file)) {
          phasesSeen.add(label);
          phaseUs.set(label, phaseUs.get(label) + us);
        }
      }
    }
  }
  const idleUs = bySelf.get('(idle) ') ?? 0;
  const busyUs = totalUs - idleUs;
  const row = (us, label) =>
    `${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / busyUs).toFixed(1).padStart(5)} %  ${label}`;
  const ranked = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  const lines = [
    `${(totalUs / 1e6).toFixed(1)} s profiled, ${(busyUs / 1e6).toFixed(1)} s busy (percentages are of busy time)`,
  ];
  lines.push('', 'phases (total time, a phase may contain another):');
  for (const [label, us] of phaseUs) lines.push(row(us, label));
  lines.push(row(bySelf.get('(garbage collector) ') ?? 0, 'garbage collector'));
  lines.push('', 'self time by package or file:');
  for (const [pkg, us] of ranked(byPackage, 12)) lines.push(row(us, pkg));
  lines.push('', 'self time by function:');
  for (const [key, us] of ranked(bySelf, top)) lines.push(row(us, key));
  lines.push('', 'total time by function:');
  for (const [key, us] of ranked(byTotal, top)) lines.push(row(us, key));
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node scripts/cpu-profile-summary.mjs FILE.cpuprofile [TOP]');
    process.exit(2);
  }
  console.log(summarizeProfile(JSON.parse(readFileSync(file, 'utf8')), Number(top ?? 25)));
}
