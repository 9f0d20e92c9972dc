import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { ConfigError, loadConfig, publicConfig } from '#server/config.ts';
import { createIdentityService } from '#server/galaxy/identity.ts';
import { createSignOuts } from '#server/galaxy/sign-outs.ts';
import { openDatabase } from '#server/store/database.ts';
import { tempDataDir } from './helpers/build.ts';
import { inheritedEnv } from './helpers/server-process.ts';

t.test('loadConfig gives working defaults with an empty environment', async (t) => {
  const config = loadConfig({});
  t.equal(config.port, 3000);
  t.equal(config.host, '127.0.0.1');
  t.equal(config.siteUrl, 'http://localhost:3000');
  t.equal(config.assetsBaseUrl, '/content');
  t.equal(config.logLevel, 'info');
  t.equal(config.trustProxy, false);
});

t.test('loadConfig reads every variable', async (t) => {
  const config = loadConfig({
    PORT: '8080',
    HOST: '0.0.0.0',
    SITE_URL: 'https://www.nordstern-digital.example/',
    ASSETS_BASE_URL: 'https://cdn.nordstern-digital.example/content',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    RENDER_TIMEOUT_MS: '5000',
  });
  t.equal(config.port, 8080);
  t.equal(config.host, '0.0.0.0');
  t.equal(config.siteUrl, 'https://www.nordstern-digital.example', 'trailing slash dropped');
  t.equal(config.assetsBaseUrl, 'https://cdn.nordstern-digital.example/content');
  t.equal(config.logLevel, 'warn');
  t.equal(config.trustProxy, 1);
  t.equal(config.renderTimeoutMs, 5000);
  t.same(publicConfig(config), { siteUrl: config.siteUrl, assetsBaseUrl: config.assetsBaseUrl, login: null });
});

t.test('loadConfig names every bad variable at once', async (t) => {
  const error = t.throws(() =>
    loadConfig({
      PORT: 'eighty',
      SITE_URL: 'ftp://example.com',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'maybe',
      ASSETS_BASE_URL: '//cdn',
    }),
  ) as ConfigError;
  t.type(error, ConfigError);
  for (const name of ['PORT', 'SITE_URL', 'LOG_LEVEL', 'TRUST_PROXY', 'ASSETS_BASE_URL']) t.match(error.message, name);
  t.equal(error.problems.length, 5);
});

t.test('the processors the privacy policy names: one plain line each, or unset', async (t) => {
  const config = loadConfig({
    HOSTING_PROVIDER: 'Beispiel Hosting GmbH, Hamburg',
    HOSTING_PROVIDER_LOCATION: 'DE',
    MAIL_PROVIDER: '  Post AG, Berlin  ',
    MAIL_PROVIDER_LOCATION: ' NL ',
  });
  t.same(
    config.providers,
    { hosting: 'Beispiel Hosting GmbH, Hamburg', mail: 'Post AG, Berlin' },
    'trimmed; unset stays unset',
  );
  t.same(loadConfig({ EVENT_STREAMING_PROVIDER: '' }).providers.streaming, undefined, 'empty is unset');
  for (const bad of ['{{retention_mail}}', 'Host <b>GmbH</b>', 'Host\nGmbH', 'x'.repeat(201)]) {
    const error = t.throws(() =>
      loadConfig({ EVENT_STREAMING_PROVIDER: bad, EVENT_STREAMING_PROVIDER_LOCATION: 'DE' }),
    ) as ConfigError;
    t.match(
      error.problems,
      [/^EVENT_STREAMING_PROVIDER must be one line of up to 200 characters/],
      `refused: ${JSON.stringify(bad.slice(0, 20))}`,
    );
  }
});

t.test('a processor is named only with its location in the EEA, since the policy says no data leaves it', async (t) => {
  for (const [variable, role] of [
    ['HOSTING_PROVIDER', 'hosting'],
    ['MAIL_PROVIDER', 'mail'],
    ['NEWSLETTER_PROVIDER', 'newsletter'],
    ['EVENT_STREAMING_PROVIDER', 'streaming'],
  ] as const) {
    t.equal(
      loadConfig({ [variable]: 'Beispiel GmbH', [`${variable}_LOCATION`]: 'IE' }).providers[role],
      'Beispiel GmbH',
      `${variable} in Ireland is named`,
    );
    t.equal(
      loadConfig({ [variable]: 'Beispiel AS', [`${variable}_LOCATION`]: 'NO' }).providers[role],
      'Beispiel AS',
      `${variable} in Norway (EEA, not EU) is named`,
    );
    const cases: [Record<string, string>, RegExp][] = [
      [{ [variable]: 'Beispiel GmbH' }, new RegExp(`^${variable}_LOCATION must be set with ${variable}: the country`)],
      [{ [`${variable}_LOCATION`]: 'DE' }, new RegExp(`^${variable}_LOCATION is set without ${variable}$`)],
      [
        { [variable]: 'Beispiel GmbH', [`${variable}_LOCATION`]: 'Deutschland' },
        new RegExp(`^${variable}_LOCATION must be a two-letter country code such as DE, got "Deutschland"$`),
      ],
      [
        { [variable]: 'Beispiel GmbH', [`${variable}_LOCATION`]: 'de' },
        new RegExp(`^${variable}_LOCATION must be a two-letter country code`),
      ],
      [
        { [variable]: 'Example Inc.', [`${variable}_LOCATION`]: 'US' },
        new RegExp(`^${variable}_LOCATION is US, outside the EU/EEA: the privacy policy says no data leaves`),
      ],
      [
        { [variable]: 'Example AG', [`${variable}_LOCATION`]: 'CH' },
        new RegExp(`^${variable}_LOCATION is CH, outside the EU/EEA`),
      ],
    ];
    for (const [env, problem] of cases) {
      const error = t.throws(() => loadConfig(env)) as ConfigError;
      t.match(error.problems, [problem], `${JSON.stringify(env)} refused`);
    }
  }
});

t.test('STORAGE_PROVIDER names the company that runs the bucket, and only with S3_BUCKET', async (t) => {
  const bucket = {
    DATABASE_URL: 'postgres://nordstern@127.0.0.1:5432/nordstern',
    TOKEN_SECRET: 'x'.repeat(40),
    S3_BUCKET: 'nordstern-uploads',
  };
  t.equal(
    loadConfig({ ...bucket, STORAGE_PROVIDER: 'Speicherwerk GmbH, Frankfurt', STORAGE_PROVIDER_LOCATION: 'DE' })
      .providers.storage,
    'Speicherwerk GmbH, Frankfurt',
  );
  t.equal(
    loadConfig(bucket).providers.storage,
    undefined,
    'a bucket without a named provider is described without one',
  );
  const error = t.throws(() =>
    loadConfig({ STORAGE_PROVIDER: 'Speicherwerk GmbH, Frankfurt', STORAGE_PROVIDER_LOCATION: 'DE' }),
  ) as ConfigError;
  t.match(error.problems, [/^STORAGE_PROVIDER needs S3_BUCKET: without a bucket, uploaded files stay on/]);
  const outside = t.throws(() =>
    loadConfig({ ...bucket, STORAGE_PROVIDER: 'Example Inc.', STORAGE_PROVIDER_LOCATION: 'US' }),
  ) as ConfigError;
  t.match(outside.problems, [/^STORAGE_PROVIDER_LOCATION is US, outside the EU\/EEA/]);
});

t.test('BACKUP_ROTATION_DAYS: 30 by default, 1 to 3650', async (t) => {
  t.equal(loadConfig({}).backupRotationDays, 30);
  t.equal(loadConfig({ BACKUP_ROTATION_DAYS: '14' }).backupRotationDays, 14);
  for (const bad of ['0', '3651', 'a month'])
    t.throws(
      () => loadConfig({ BACKUP_ROTATION_DAYS: bad }),
      /BACKUP_ROTATION_DAYS must be a whole number from 1 to 3650/,
      `${bad} refused`,
    );
});

t.test('a port out of range is refused', async (t) => {
  t.throws(() => loadConfig({ PORT: '70000' }), /PORT must be a whole number from 0 to 65535/);
});

t.test('sign-in: the Firebase web config, the admin project and Galaxy come from the environment', async (t) => {
  const none = loadConfig({});
  t.equal(none.login.web, undefined);
  t.equal(none.login.adminProjectId, undefined, 'no project: the login API answers 503');
  t.same(none.login.exclusions, []);

  const config = loadConfig({
    FIREBASE_API_KEY: 'web-key',
    FIREBASE_PROJECT_ID: 'nordstern-galaxy',
    FIREBASE_APP_ID: '1:42:web:abc',
    GALAXY_URL: 'https://galaxy.nordstern-digital.example',
    GALAXY_API_URL: 'https://galaxy.nordstern-digital.example/api',
    GALAXY_API_TOKEN: 'secret',
    GALAXY_API_TIMEOUT_MS: '1500',
    GALAXY_COOKIE_DOMAIN: '.nordstern-digital.example',
    GALAXY_EXCLUSIONS: '/newsletter, /unternehmen/karriere',
    SESSION_MAX_AGE_HOURS: '8',
  });
  t.same(config.login.web, {
    apiKey: 'web-key',
    projectId: 'nordstern-galaxy',
    authDomain: 'nordstern-galaxy.firebaseapp.com',
    appId: '1:42:web:abc',
  });
  t.equal(config.login.adminProjectId, 'nordstern-galaxy', 'the admin project defaults to the web project');
  t.equal(config.login.galaxyApiTimeoutMs, 1500);
  t.same(config.login.exclusions, ['/newsletter', '/unternehmen/karriere']);
  t.equal(config.login.sessionMaxAgeMs, 8 * 3_600_000);
  const browser = publicConfig(config).login;
  t.same(browser, {
    firebase: config.login.web,
    galaxyUrl: 'https://galaxy.nordstern-digital.example',
    cookieDomain: '.nordstern-digital.example',
    exclusions: ['/newsletter', '/unternehmen/karriere'],
  });
  t.notMatch(JSON.stringify(browser), 'secret', 'the platform token never reaches the browser');
  t.equal(
    loadConfig({ FIREBASE_API_KEY: 'k', FIREBASE_PROJECT_ID: 'p' }).login.web &&
      publicConfig(loadConfig({ FIREBASE_API_KEY: 'k', FIREBASE_PROJECT_ID: 'p' })).login,
    null,
    'without a Galaxy address sign-in is not offered',
  );
  t.equal(loadConfig({ FIREBASE_ADMIN_PROJECT_ID: 'other' }).login.adminProjectId, 'other');
});

t.test('bad sign-in settings are named', async (t) => {
  const error = t.throws(() =>
    loadConfig({
      FIREBASE_API_KEY: 'only-the-key',
      FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099',
      FIREBASE_SERVICE_ACCOUNT_FILE: '/nonexistent/key.json',
      GALAXY_URL: 'javascript:alert(1)',
      GALAXY_API_URL: 'not a url',
      GALAXY_COOKIE_DOMAIN: 'example',
      GALAXY_EXCLUSIONS: '/ok,https://evil.example',
      GALAXY_API_TIMEOUT_MS: '0',
    }),
  ) as ConfigError;
  for (const name of [
    'FIREBASE_API_KEY',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FIREBASE_SERVICE_ACCOUNT_FILE',
    'GALAXY_URL',
    'GALAXY_API_URL',
    'GALAXY_COOKIE_DOMAIN',
    'GALAXY_EXCLUSIONS',
    'GALAXY_API_TIMEOUT_MS',
  ]) {
    t.match(error.message, name);
  }
});

t.test(
  'the Auth emulator is refused wherever real visitors or a real project could be behind the server',
  async (t) => {
    const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    const login = {
      FIREBASE_API_KEY: 'demo-api-key',
      FIREBASE_PROJECT_ID: 'demo-nordstern',
      GALAXY_URL: 'http://127.0.0.1:9/galaxy',
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'nordstern-key-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const keyFile = (project: string) => {
      const file = path.join(dir, `${project}.json`);
      writeFileSync(
        file,
        JSON.stringify({
          project_id: project,
          client_email: `site@${project}.iam.gserviceaccount.com`,
          private_key: 'not used here',
        }),
      );
      return file;
    };
    const refusals: [Record<string, string>, RegExp][] = [
      [{ NODE_ENV: 'production' }, /NODE_ENV is production/],
      [
        { NODE_ENV: 'development', SITE_URL: 'https://www.nordstern-digital.example' },
        /SITE_URL is https \(https:\/\/www\.nordstern-digital\.example\)/,
      ],
      [
        { NODE_ENV: 'test', FIREBASE_API_KEY: 'key', FIREBASE_PROJECT_ID: 'nordstern-galaxy' },
        /FIREBASE_PROJECT_ID is "nordstern-galaxy", a real project \(emulator projects start with demo-\)/,
      ],
      [
        { NODE_ENV: 'test', FIREBASE_ADMIN_PROJECT_ID: 'nordstern-galaxy' },
        /FIREBASE_ADMIN_PROJECT_ID is "nordstern-galaxy", a real project/,
      ],
      [
        { NODE_ENV: 'test', FIREBASE_SERVICE_ACCOUNT_FILE: keyFile('nordstern-galaxy') },
        /the project of FIREBASE_SERVICE_ACCOUNT_FILE is "nordstern-galaxy", a real project/,
      ],
      [
        {
          NODE_ENV: 'test',
          FIREBASE_API_KEY: 'key',
          FIREBASE_PROJECT_ID: 'demo-nordstern',
          FIREBASE_ADMIN_PROJECT_ID: 'nordstern-galaxy',
        },
        /FIREBASE_ADMIN_PROJECT_ID is "nordstern-galaxy"/,
      ],
      [
        { NODE_ENV: 'test', FIREBASE_PROJECT_ID: 'demonstration', FIREBASE_API_KEY: 'key' },
        /FIREBASE_PROJECT_ID is "demonstration"/,
      ],
    ];
    for (const [env, reason] of refusals) {
      const error = t.throws(
        () => loadConfig({ ...login, ...emulator, ...env }),
        Object.keys(env).join(', '),
      ) as ConfigError;
      t.type(error, ConfigError);
      t.equal(error.problems.length, 1, 'one problem');
      t.match(
        error.problems[0],
        /^FIREBASE_AUTH_EMULATOR_HOST is set to "127\.0\.0\.1:9099", but /,
        'names the variable',
      );
      t.match(error.problems[0], reason, 'and why it is refused');
      t.match(
        error.problems[0],
        /accepts unsigned tokens for any user[\s\S]*Unset FIREBASE_AUTH_EMULATOR_HOST/,
        'what it would allow and what to do',
      );
    }
    const all = t.throws(() =>
      loadConfig({
        ...emulator,
        NODE_ENV: 'production',
        SITE_URL: 'https://www.nordstern-digital.example',
        FIREBASE_API_KEY: 'key',
        FIREBASE_PROJECT_ID: 'nordstern-galaxy',
      }),
    ) as ConfigError;
    t.match(
      all.problems[0],
      /NODE_ENV is production; SITE_URL is https [^;]*; FIREBASE_PROJECT_ID is "nordstern-galaxy"/,
      'every reason in one message',
    );

    const allowed = loadConfig({
      ...login,
      ...emulator,
      NODE_ENV: 'test',
      FIREBASE_SERVICE_ACCOUNT_FILE: keyFile('demo-nordstern'),
    });
    t.equal(allowed.login.emulatorHost, '127.0.0.1:9099', 'tests: NODE_ENV=test, an http site and demo- projects');
    t.equal(publicConfig(allowed).login?.emulatorUrl, 'http://127.0.0.1:9099', 'the browser is pointed at it');
    t.equal(
      loadConfig({ ...login, ...emulator, NODE_ENV: 'development' }).login.emulatorHost,
      '127.0.0.1:9099',
      'local development',
    );
    t.equal(
      loadConfig({ ...emulator }).login.emulatorHost,
      '127.0.0.1:9099',
      'no project and no mode: nothing is verified, nothing refused',
    );
    const production = loadConfig({
      NODE_ENV: 'production',
      SITE_URL: 'https://www.nordstern-digital.example',
      FIREBASE_API_KEY: 'key',
      FIREBASE_PROJECT_ID: 'nordstern-galaxy',
      GALAXY_URL: 'https://galaxy.nordstern-digital.example',
    });
    t.equal(production.login.emulatorHost, undefined, 'production without the emulator starts');
    for (const empty of ['', '  ']) {
      const named = t.throws(
        () => loadConfig({ ...login, FIREBASE_AUTH_EMULATOR_HOST: empty, NODE_ENV: 'production' }),
        `FIREBASE_AUTH_EMULATOR_HOST="${empty}" in production`,
      ) as ConfigError;
      t.equal(named.problems.length, 1, 'one problem');
      t.match(
        named.problems[0],
        /^FIREBASE_AUTH_EMULATOR_HOST is set to "", but NODE_ENV is production[\s\S]*an empty value counts as set/,
        'present at all, even empty, it is refused in production',
      );
      t.throws(
        () => loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: empty, SITE_URL: 'https://www.nordstern-digital.example' }),
        /FIREBASE_AUTH_EMULATOR_HOST is set to "", but SITE_URL is https/,
        'and behind an https site',
      );
      t.equal(
        loadConfig({ ...login, FIREBASE_AUTH_EMULATOR_HOST: empty, NODE_ENV: 'test' }).login.emulatorHost,
        undefined,
        'in a test it names no emulator',
      );
    }
    t.notOk(
      publicConfig(production).login && 'emulatorUrl' in publicConfig(production).login!,
      'and publishes no emulator',
    );
  },
);

t.test(
  'firebase-admin is not started when the emulator it would follow is not the one the configuration allowed',
  async (t) => {
    const before = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    t.teardown(() => {
      if (before === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = before;
    });
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
    const db = await openDatabase({ dataDir: await tempDataDir(t) });
    t.teardown(() => db.close());
    const signOuts = createSignOuts(db);
    await t.rejects(
      createIdentityService({ projectId: 'nordstern-galaxy', signOuts }),
      /would verify tokens against the Auth emulator at 127\.0\.0\.1:9099, but the configuration names no emulator/,
    );
    await t.rejects(
      createIdentityService({ projectId: 'demo-nordstern', emulatorHost: '127.0.0.1:9100', signOuts }),
      /the Auth emulator at 127\.0\.0\.1:9099, but the configuration names the emulator at 127\.0\.0\.1:9100/,
    );
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    await t.rejects(
      createIdentityService({ projectId: 'demo-nordstern', emulatorHost: '127.0.0.1:9099', signOuts }),
      /against the real Firebase project, but the configuration names the emulator/,
    );
  },
);

t.test(
  'tracking: the tag manager, consent manager and maps are off by default, from their real hosts when set',
  async (t) => {
    const none = loadConfig({});
    t.same(none.tracking, {
      gtmOrigin: 'https://www.googletagmanager.com',
      consentManagerOrigin: 'https://app.usercentrics.eu',
      mapsOrigin: 'https://maps.googleapis.com',
    });
    const config = loadConfig({
      GTM_ID: 'GTM-AB12CD3',
      GTM_ORIGIN: 'https://tags.nordstern-digital.example/',
      CONSENT_MANAGER_ID: 'Xy7_settings-1',
      MAPS_API_KEY: 'AIzaStandInKey_123',
      MAPS_ORIGIN: 'http://127.0.0.1:9400',
    });
    t.same(
      config.tracking,
      {
        gtmId: 'GTM-AB12CD3',
        gtmOrigin: 'https://tags.nordstern-digital.example',
        consentManagerId: 'Xy7_settings-1',
        consentManagerOrigin: 'https://app.usercentrics.eu',
        mapsApiKey: 'AIzaStandInKey_123',
        mapsOrigin: 'http://127.0.0.1:9400',
      },
      'a trailing slash is dropped; http is fine on loopback',
    );
  },
);

t.test('bad tracking settings stop the start, each variable named', async (t) => {
  const error = t.throws(() =>
    loadConfig({
      GTM_ID: 'UA-1234567-1',
      GTM_ORIGIN: 'http://tags.nordstern-digital.example',
      CONSENT_MANAGER_ID: 'settings id with spaces',
      CONSENT_MANAGER_ORIGIN: 'https://app.usercentrics.eu/browser-ui',
      MAPS_API_KEY: '<script>',
      MAPS_ORIGIN: 'javascript:alert(1)',
    }),
  ) as ConfigError;
  t.type(error, ConfigError);
  for (const name of [
    'GTM_ID',
    'GTM_ORIGIN',
    'CONSENT_MANAGER_ID',
    'CONSENT_MANAGER_ORIGIN',
    'MAPS_API_KEY',
    'MAPS_ORIGIN',
  ]) {
    t.ok(
      error.problems.some((problem) => problem.startsWith(`${name} `)),
      `${name} is named`,
    );
  }
  t.equal(error.problems.length, 6, 'one problem per variable');
  t.throws(
    () => loadConfig({ GTM_ID: 'gtm-ab12cd3' }),
    /GTM_ID must be a tag manager container id/,
    'the id is written as the tag manager writes it',
  );
  t.throws(
    () => loadConfig({ GTM_ORIGIN: 'https://user:secret@tags.nordstern-digital.example' }),
    /GTM_ORIGIN must be an https origin/,
    'no credentials in an origin',
  );
});

t.test('TRUST_PROXY takes a number of proxies or their addresses, never "true"', async (t) => {
  t.equal(loadConfig({}).trustProxy, false, 'unset: no header is believed');
  t.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
  t.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2, 'a hop count');
  t.same(
    loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,2001:db8::/32' }).trustProxy,
    ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'],
    'addresses and CIDRs',
  );
  t.throws(
    () => loadConfig({ TRUST_PROXY: 'true' }),
    /TRUST_PROXY=true would believe every X-Forwarded-For entry/,
    '"true" is refused, saying why',
  );
  t.throws(() => loadConfig({ TRUST_PROXY: 'yes' }), /TRUST_PROXY=true/);
  for (const bad of [
    '11',
    '10.0.0.0/33',
    '2001:db8::/129',
    '10.0.0.300',
    'loopback',
    '10.0.0.0/8/1',
    ',',
    '-1',
    '1.5',
  ]) {
    t.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY must be/, `"${bad}" is refused`);
  }
});

t.test('TRUST_PROXY refuses a list that amounts to everyone, as it refuses "true"', async (t) => {
  for (const everyone of [
    '0.0.0.0/0',
    '0.0.0.0/7',
    '::/0',
    '2001:db8::/31',
    '10.0.0.0/8,0.0.0.0/0',
    '192.0.2.7, ::/0, 10.0.0.0/8',
    '::ffff:0.0.0.0/96',
  ]) {
    const error = t.throws(() => loadConfig({ TRUST_PROXY: everyone }), `"${everyone}"`) as ConfigError;
    t.type(error, ConfigError);
    t.equal(error.problems.length, 1, 'one problem');
    t.match(
      error.problems[0],
      /^TRUST_PROXY=\S+ would believe every X-Forwarded-For entry, so any client could name an address of its choosing/,
      `"${everyone}" is refused as "true" is`,
    );
  }
  for (const narrow of ['10.0.0.0/8', '2001:db8::/32', '::ffff:10.0.0.0/104', '192.0.2.7,2001:db8:1::/48']) {
    t.same(loadConfig({ TRUST_PROXY: narrow }).trustProxy, narrow.split(','), `"${narrow}" is a list of proxies`);
  }
});

/** The built server started as production starts it: exit code and what it printed. */
function startBuilt(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...inheritedEnv(), NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => {
    stderr += data.toString();
  });
  // A server that starts after all would listen forever.
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

t.test(
  'the built server: a refused TRUST_PROXY list or an empty emulator variable end the start plainly',
  async (t) => {
    const dataDir = await tempDataDir(t);
    for (const [env, message] of [
      [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY=0.0.0.0/0 would believe every X-Forwarded-For entry'],
      [{ TRUST_PROXY: '10.0.0.0/8,::/0' }, 'TRUST_PROXY=::/0 would believe every X-Forwarded-For entry'],
      [{ FIREBASE_AUTH_EMULATOR_HOST: '' }, 'FIREBASE_AUTH_EMULATOR_HOST is set to "", but NODE_ENV is production'],
    ] as const) {
      const { code, stderr } = await startBuilt({ DATA_DIR: dataDir, ...env });
      t.equal(code, 1, `${JSON.stringify(env)}: exit code 1`);
      t.match(stderr, message, 'the message says why');
      t.notMatch(stderr, /\n\s+at /, 'no stack trace');
    }
  },
);

t.test('the per-address limits, the body budget, the upload quota and the free-disk floor', async (t) => {
  const defaults = loadConfig({});
  t.equal(defaults.connections.maxConnectionsPerAddress, 64);
  t.equal(defaults.connections.maxRequestsPerAddress, 32);
  t.equal(defaults.connections.bodyMemoryBytes, 8 * 1024 * 1024);
  t.equal(defaults.uploads.quotaBytes, 100 * 1024 * 1024);
  t.equal(defaults.uploads.quotaWindowMs, 3_600_000);
  t.equal(defaults.uploads.minFreeDiskBytes, 256 * 1024 * 1024);
  const set = loadConfig({
    MAX_CONNECTIONS_PER_ADDRESS: '10',
    MAX_REQUESTS_PER_ADDRESS: '4',
    BODY_MEMORY_MB: '2',
    UPLOAD_QUOTA_MB: '30',
    UPLOAD_QUOTA_WINDOW_MS: '60000',
    MIN_FREE_DISK_MB: '0',
  });
  t.same(
    [
      set.connections.maxConnectionsPerAddress,
      set.connections.maxRequestsPerAddress,
      set.connections.bodyMemoryBytes,
      set.uploads.quotaBytes,
      set.uploads.quotaWindowMs,
      set.uploads.minFreeDiskBytes,
    ],
    [10, 4, 2 * 1024 * 1024, 30 * 1024 * 1024, 60_000, 0],
  );
  const error = t.throws(() =>
    loadConfig({
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      MAX_REQUESTS_PER_ADDRESS: 'many',
      BODY_MEMORY_MB: '0',
      UPLOAD_QUOTA_MB: '-5',
      UPLOAD_QUOTA_WINDOW_MS: '10',
      MIN_FREE_DISK_MB: '1e3',
    }),
  ) as ConfigError;
  for (const name of [
    'MAX_CONNECTIONS_PER_ADDRESS',
    'MAX_REQUESTS_PER_ADDRESS',
    'BODY_MEMORY_MB',
    'UPLOAD_QUOTA_MB',
    'UPLOAD_QUOTA_WINDOW_MS',
    'MIN_FREE_DISK_MB',
  ])
    t.match(error.message, name);
  t.equal(error.problems.length, 6, 'each named once');
});

t.test('WEB_VITALS_SAMPLE_RATE: a share of page loads from 0 to 1, a tenth by default', async (t) => {
  t.same(loadConfig({}).webVitals, { sampleRate: 0.1 });
  for (const [value, rate] of [
    ['0', 0],
    ['1', 1],
    ['0.25', 0.25],
    ['.5', 0.5],
    ['1.0', 1],
    [' 0.01 ', 0.01],
    ['', 0.1],
  ] as const) {
    t.equal(loadConfig({ WEB_VITALS_SAMPLE_RATE: value }).webVitals.sampleRate, rate, `"${value}" → ${rate}`);
  }
  for (const value of ['1.5', '2', '-0.1', '10%', '1e-2', 'NaN', 'Infinity', 'half', '0,5', '0x1', '.']) {
    t.throws(
      () => loadConfig({ WEB_VITALS_SAMPLE_RATE: value }),
      new RegExp(
        `WEB_VITALS_SAMPLE_RATE must be a number from 0 to 1 such as 0\\.1, got "${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`,
      ),
      `"${value}" is refused`,
    );
  }
});
