// npm run dev: the server for working on pages and content. It builds when the build is stale
// and serves; a change to a build input (src/, client/, static/images/, build.mjs, …) stops the
// server, builds again and starts it anew. A change in CONTENT_DIR needs neither: the server
// reloads content itself (CONTENT_WATCH, on here). The browser is not reloaded: refresh it.
import { spawn } from 'node:child_process';
import { statSync, watch } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INPUTS, isBuildFresh } from './build-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** An editor saves in several writes, a checkout changes many files: one build for them all. */
const SETTLE_MS = 150;

const log = (line) => console.error(`[dev] ${line}`);

// Development mode shows React's warnings on the server and allows the Auth emulator (README, NODE_ENV).
const serverEnv = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  CONTENT_WATCH: process.env.CONTENT_WATCH ?? 'true',
};

/** Runs node with args in ROOT; resolves with the child once it has exited. */
function runNode(args, env = process.env) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit' });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited };
}

function createDevServer() {
  let server = null;
  let building = false;
  let changedWhileBuilding = false;
  let closing = false;

  function start() {
    const run = runNode(['--enable-source-maps', 'dist/server/main.js'], serverEnv);
    server = run;
    void run.exited.then(({ code, signal }) => {
      if (server === run) server = null;
      if (!run.stopping && !closing)
        log(`the server exited (${signal ?? `code ${code}`}); it starts again after the next change`);
    });
  }

  async function stop() {
    const run = server;
    if (!run) return;
    run.stopping = true;
    run.child.kill('SIGTERM');
    await run.exited;
  }

  /** Builds if an input changed since the last build, then makes sure a server runs on the build. */
  async function refresh() {
    if (building) {
      changedWhileBuilding = true;
      return;
    }
    building = true;
    try {
      do {
        changedWhileBuilding = false;
        if (await isBuildFresh()) {
          if (!server && !closing) start();
          continue;
        }
        await stop();
        if (closing) return;
        log('building…');
        const started = performance.now();
        const { code, signal } = await runNode(['build.mjs']).exited;
        if (closing) return;
        if (code !== 0) {
          log(`the build failed (${signal ?? `code ${code}`}); it runs again after the next change`);
          continue;
        }
        log(`built in ${Math.round(performance.now() - started)} ms; starting the server`);
        start();
      } while (changedWhileBuilding);
    } finally {
      building = false;
    }
  }

  async function close() {
    closing = true;
    await stop();
  }

  return { refresh, close };
}

/** Watches every build input: folders recursively, single files through their folder (editors replace files). */
function watchInputs(onChange) {
  const watchers = [];
  const files = new Map();
  for (const input of INPUTS) {
    const full = path.join(ROOT, input);
    if (statSync(full, { throwIfNoEntry: false })?.isDirectory())
      watchers.push(watch(full, { recursive: true }, onChange));
    else files.set(path.dirname(full), [...(files.get(path.dirname(full)) ?? []), path.basename(full)]);
  }
  for (const [folder, names] of files) {
    watchers.push(watch(folder, (_event, name) => names.includes(name) && onChange()));
  }
  return () => {
    for (const watcher of watchers) watcher.close();
  };
}

const dev = createDevServer();
let timer;
const unwatch = watchInputs(() => {
  clearTimeout(timer);
  timer = setTimeout(() => void dev.refresh(), SETTLE_MS);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    unwatch();
    clearTimeout(timer);
    await dev.close();
    process.exit(0);
  });
}
log('watching the build inputs; content changes are reloaded by the server');
await dev.refresh();
