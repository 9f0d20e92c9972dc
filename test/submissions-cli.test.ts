import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { missingBuildAdvice, toolCommand } from '#server/cli/tool-command.ts';
import { build, contentWithTestEvent, TEST_EVENT, tempDataDir } from './helpers/build.ts';

const run = promisify(execFile);

async function cli(dataDir: string, ...args: string[]) {
  return tool('.', dataDir, 'dist/server/submissions.js', ...args);
}

/** A built tool run in the folder cwd, as `node FILE ARGS`. */
async function tool(cwd: string, dataDir: string, file: string, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [file, ...args], {
      cwd,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout + failed.stderr };
  }
}

t.test('operators list, show and export submissions with their mail state', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir, CONTENT_DIR: await contentWithTestEvent(t) });
  const contact = await app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: {
      name: 'Ole Hansen',
      email: 'ole@example.com',
      company: 'Fleetwerk',
      message: '=HYPERLINK("http://evil.example")\nzweite Zeile, mit "Zitat"',
      language: 'de',
      legals: true,
    },
  });
  const { id } = contact.json() as { id: string };
  await app.inject({
    method: 'POST',
    url: '/api/events',
    payload: { name: 'Ida Berg', email: 'ida@example.com', terms: true, event: TEST_EVENT, language: 'en' },
  });
  await app.close();

  const listed = await cli(dataDir, 'list');
  t.equal(listed.code, 0);
  t.match(listed.stdout, /received\s+id\s+form\s+lang\s+status\s+email\s+mails/);
  t.match(listed.stdout, new RegExp(`${id}\\s+contact\\s+de\\s+received\\s+ole@example.com\\s+0 sent, 2 pending`));
  t.match(listed.stdout, /event\s+en\s+pending\s+ida@example.com\s+0 sent, 1 pending/);
  const onlyEvents = await cli(dataDir, 'list', '--form', 'event');
  t.notMatch(onlyEvents.stdout, 'ole@example.com');

  const shown = await cli(dataDir, 'show', id);
  t.match(shown.stdout, 'company: Fleetwerk');
  t.match(shown.stdout, /notification to hello@nordstern-digital.example: pending after 0 attempt\(s\)/);
  t.match(shown.stdout, /confirmation to ole@example.com: pending/);

  const exported = await cli(dataDir, 'export');
  const [header, ...lines] = exported.stdout.trim().split('\r\n');
  t.equal(
    header,
    'id,received,form,language,status,name,email,company,message,phone,job,type,locations,event,products,services,files,mails',
  );
  t.match(
    exported.stdout,
    `"'=HYPERLINK(""http://evil.example"")\nzweite Zeile, mit ""Zitat"""`,
    'quoted, and never a formula',
  );
  t.ok(lines.length >= 2);

  t.match(await cli(dataDir, 'show', 'nope'), { code: 1, stdout: /No submission nope/ });
  t.match(await cli(dataDir, 'frobnicate'), { code: 2, stdout: /usage: npm run submissions/ });
});

t.test(
  'in the image, which has dist/ but no scripts/, usage lines and hints name the built tools, and those run there',
  async (t) => {
    const image = await mkdtemp(path.join(tmpdir(), 'nordstern-image-'));
    t.teardown(() => rm(image, { recursive: true, force: true }));
    await symlink(path.resolve('dist'), path.join(image, 'dist'));
    const dataDir = await tempDataDir(t);
    t.equal(toolCommand('submissions'), 'npm run submissions --', 'a checkout has the npm scripts');
    t.equal(
      toolCommand('submissions', image),
      'node dist/server/submissions.js',
      'the image has the built tool, as in the log of a mail that failed for good',
    );
    t.equal(missingBuildAdvice(), 'run npm run build', 'a checkout can build what is missing');
    t.equal(
      missingBuildAdvice(image),
      'this image is incomplete: build the image again',
      'an image cannot: it has no bundler',
    );

    t.match(await tool(image, dataDir, 'dist/server/submissions.js', 'frobnicate'), {
      code: 2,
      stdout: /^usage: node dist\/server\/submissions\.js list /m,
    });
    t.match(await tool(image, dataDir, 'dist/server/galaxy.js', 'frobnicate'), {
      code: 2,
      stdout: /^usage: node dist\/server\/galaxy\.js add [\s\S]*^ {7}node dist\/server\/galaxy\.js list$/m,
    });
    t.match(await tool(image, dataDir, 'dist/server/backup.js'), {
      code: 2,
      stdout: /^usage: node dist\/server\/backup\.js DIR /m,
    });
    t.match(await tool(image, dataDir, 'dist/server/restore.js'), {
      code: 2,
      stdout: /^usage: node dist\/server\/restore\.js \[--force\] DIR \| --check DIR$/m,
    });
    t.match(
      await tool(image, dataDir, 'dist/server/submissions.js', 'list'),
      { code: 0 },
      'the tool as the usage names it',
    );

    const backup = await tool(image, dataDir, 'dist/server/backup.js', 'backup');
    t.equal(backup.code, 0);
    const hint = /^Check it with: (node dist\/server\/restore\.js --check \S+)$/m.exec(backup.stdout);
    t.ok(hint, 'the backup names the check as it runs there');
    const [, ...args] = hint![1]!.split(' ');
    t.match(
      await tool(image, dataDir, args[0]!, ...args.slice(1)),
      { code: 0, stdout: /every checksum matches/ },
      'and that command checks the backup',
    );
  },
);
