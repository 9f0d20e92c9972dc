import t from 'tap';
import { ConfigError, loadConfig, publicConfig } from '#server/config.ts';

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
    TRUST_PROXY: 'true',
    RENDER_TIMEOUT_MS: '5000',
  });
  t.equal(config.port, 8080);
  t.equal(config.host, '0.0.0.0');
  t.equal(config.siteUrl, 'https://www.nordstern-digital.example', 'trailing slash dropped');
  t.equal(config.assetsBaseUrl, 'https://cdn.nordstern-digital.example/content');
  t.equal(config.logLevel, 'warn');
  t.equal(config.trustProxy, true);
  t.equal(config.renderTimeoutMs, 5000);
  t.same(publicConfig(config), { siteUrl: config.siteUrl, assetsBaseUrl: config.assetsBaseUrl });
});

t.test('loadConfig names every bad variable at once', async (t) => {
  const error = t.throws(() =>
    loadConfig({ PORT: 'eighty', SITE_URL: 'ftp://example.com', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe', ASSETS_BASE_URL: '//cdn' }),
  ) as ConfigError;
  t.type(error, ConfigError);
  for (const name of ['PORT', 'SITE_URL', 'LOG_LEVEL', 'TRUST_PROXY', 'ASSETS_BASE_URL']) t.match(error.message, name);
  t.equal(error.problems.length, 5);
});

t.test('a port out of range is refused', async (t) => {
  t.throws(() => loadConfig({ PORT: '70000' }), /PORT must be a whole number from 0 to 65535/);
});
