// npm run bench:backup: how long `npm run backup` and `npm run restore` take for a site with
// 1,000 submissions, 100 of them applications with a CV of 200 KB to 1 MB. The submissions are
// posted to the built server as visitors would; the backup is taken while it runs, the restore
// goes into a fresh DATA_DIR. Each tool runs as its own process, as an operator starts it
// (BENCH_SUBMISSIONS and BENCH_FILES change the counts).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startBenchServer } from './bench-server.mjs';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 1_000);
const FILES = Number(process.env.BENCH_FILES ?? 100);
const CONCURRENCY = 8;
const run = promisify(execFile);

/** Bytes of every file under a folder. */
function folderBytes(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A CV the server takes for a PDF: its header, then incompressible bulk of a scanned document's size. */
function cv(n) {
  const size = 200 * 1024 + ((n * 7919) % (824 * 1024));
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 16), Buffer.from('\n%%EOF\n')]);
}

async function post(base, n, withFile) {
  const headers = { accept: 'application/json', origin: base };
  let response;
  if (withFile) {
    const form = new FormData();
    form.append('language', 'de');
    form.append('name', `Bewerberin ${n}`);
    form.append('email', `bewerbung${n}@example.com`);
    form.append('job', 'senior-data-engineer');
    form.append('message', 'Ich freue mich auf das Gespräch.');
    form.append('cv', new Blob([cv(n)], { type: 'application/pdf' }), `Lebenslauf ${n}.pdf`);
    response = await fetch(`${base}/api/application`, { method: 'POST', body: form, headers });
  } else {
    const body = {
      name: `Person ${n}`,
      email: `person${n}@example.com`,
      company: 'Fleetwerk GmbH',
      message: `Anfrage ${n}: `.padEnd(600, 'Wir möchten unser Tracking prüfen lassen. '),
      language: 'de',
      legals: true,
    };
    response = await fetch(`${base}/api/contact`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { ...headers, 'content-type': 'application/json' },
    });
  }
  if (!response.ok) throw new Error(`post ${n}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

/** Runs a built operator tool; answers its wall time (Node's start included) and the time it reports itself. */
async function tool(name, args, dataDir) {
  const started = performance.now();
  const { stdout } = await run(process.execPath, [`dist/server/${name}.js`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
  const wall = performance.now() - started;
  const own = /in (\d+) ms/.exec(stdout)?.[1];
  return { wall: Math.round(wall), own: own === undefined ? undefined : Number(own), stdout };
}

const work = mkdtempSync(path.join(tmpdir(), 'nordstern-bench-backup-'));
const dataDir = path.join(work, 'data');
const backupDir = path.join(work, 'backup');
const restoredDir = path.join(work, 'restored');
const server = await startBenchServer({ env: { DATA_DIR: dataDir } });
try {
  const every = Math.max(1, Math.floor(SUBMISSIONS / FILES));
  let next = 0;
  const posting = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SUBMISSIONS) {
        const n = next++;
        await post(server.url, n, n % every === 0 && n / every < FILES);
      }
    }),
  );
  console.log(
    `posted ${SUBMISSIONS} submissions (${FILES} with a CV) in ${Math.round(performance.now() - posting)} ms`,
  );
  const database =
    statSync(path.join(dataDir, 'nordstern.sqlite')).size +
    (statSync(path.join(dataDir, 'nordstern.sqlite-wal'), { throwIfNoEntry: false })?.size ?? 0);
  console.log(
    `DATA_DIR: database ${mb(database)} (with its WAL), uploads ${mb(folderBytes(path.join(dataDir, 'uploads')))}`,
  );

  const backup = await tool('backup', [backupDir], dataDir);
  console.log(
    `backup  (server running): ${backup.wall} ms wall, ${backup.own} ms in the tool; ${mb(folderBytes(backupDir))} written`,
  );
  const check = await tool('restore', ['--check', backupDir], restoredDir);
  console.log(`check:                    ${check.wall} ms wall`);
  const restore = await tool('restore', [backupDir], restoredDir);
  console.log(
    `restore (into empty dir): ${restore.wall} ms wall, ${restore.own} ms in the tool; ${mb(folderBytes(restoredDir))} in DATA_DIR`,
  );
  console.log(`\n${backup.stdout}`);
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
