/**
 * The privacy policy's promises about logs, held where the app itself cannot hold them: the edge
 * proxy of compose.yaml (deploy/nginx.conf) writes no mailed link's token, no page-speed report
 * and no error line that quotes a request, and every service's log is gone within seven days
 * (compose.yaml with deploy/journald.conf). Read from the files as they ship.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { EVENT_CONFIRM_API, NEWSLETTER_UNSUBSCRIBE_API, WEB_VITALS_API } from '#app/api-paths.ts';
import { PAGE_ROUTES } from '#app/page-table.ts';
import { type Directive, findAll, mapValue, parseNginx, variablesOf } from './helpers/nginx-conf.ts';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const TOKEN = 'c2lnbi11cA.Zm9vYmFyQmF6-_9';
const SITE = 'https://www.nordstern.example';

/** Every address that carries a mailed link's token: the token pages of both languages and the API routes that take one. */
const tokenAddresses = [
  ...PAGE_ROUTES.filter((route) => route.token !== undefined).map((route) =>
    route.path.replace(/:([A-Za-z]+)\??/g, (_, param: string) => (param === route.token ? TOKEN : 'x')),
  ),
  `${NEWSLETTER_UNSUBSCRIBE_API}/${TOKEN}`,
  `${EVENT_CONFIRM_API}/${TOKEN}`,
];

/** Variables that never carry a requested address or a referrer. */
const SAFE_VARIABLES = new Set([
  'remote_addr',
  'time_local',
  'time_iso8601',
  'msec',
  'request_method',
  'server_protocol',
  'status',
  'body_bytes_sent',
  'bytes_sent',
  'request_length',
  'request_time',
  'http_user_agent',
  'upstream_addr',
  'upstream_status',
  'upstream_response_time',
]);

/** What a map's source holds for a request to an address: the decoded path, or a referrer naming it. */
const SOURCE_FOR: Record<string, (address: string) => string> = {
  uri: (address) => address,
  http_referer: (address) => `${SITE}${address}`,
};

t.test('the edge logs no mailed link token', async (t) => {
  const conf = parseNginx(read('deploy/nginx.conf'));
  const [server] = findAll(conf, 'server');
  t.ok(server, 'the file has a server block');
  const serverLevel = server?.block ?? [];
  t.ok(tokenAddresses.length >= 5, `token addresses to check: ${tokenAddresses.join(', ')}`);

  const ownAccessLog = serverLevel.find((directive) => directive.name === 'access_log');
  t.ok(
    ownAccessLog && ownAccessLog.args[0] !== 'off',
    'the server names its own access log, so the image’s default format (full request line) is not inherited',
  );

  const formats = new Map(findAll(conf, 'log_format').map((format) => [format.args[0], format.args.slice(1).join('')]));
  const maps = new Map(findAll(conf, 'map').map((map) => [variablesOf(map.args[1] ?? '')[0], map]));
  for (const log of findAll(conf, 'access_log').filter((directive) => directive.args[0] !== 'off')) {
    const formatName = log.args[1];
    const format = formatName === undefined ? undefined : formats.get(formatName);
    t.ok(format, `access_log ${log.args.join(' ')} names a format of this file`);
    for (const variable of variablesOf(format ?? '')) {
      const map: Directive | undefined = maps.get(variable);
      if (!map) {
        t.ok(SAFE_VARIABLES.has(variable), `$${variable} in format ${formatName} carries no address`);
        continue;
      }
      const source = variablesOf(map.args[0] ?? '')[0] ?? '';
      const input = SOURCE_FOR[source];
      t.ok(input, `$${variable} maps from $${source}, a source this test knows`);
      if (!input) continue;
      for (const address of tokenAddresses) {
        const logged = mapValue(map, input(address));
        t.notOk(logged.includes(TOKEN), `$${variable} for ${input(address)} is ${logged}`);
        t.ok(logged.includes(':token'), `$${variable} still shows which kind of address it was: ${logged}`);
      }
      for (const address of ['/insights', '/newsletter', '/company/events']) {
        t.equal(mapValue(map, input(address)), input(address), `$${variable} keeps ${input(address)} as it is`);
      }
    }
  }
});

t.test('the edge keeps no error line that quotes a request, and no page-speed report', async (t) => {
  const conf = parseNginx(read('deploy/nginx.conf'));
  const serverLevel = findAll(conf, 'server')[0]?.block ?? [];
  const errorLogs = findAll(serverLevel, 'error_log');
  t.ok(
    serverLevel.some((directive) => directive.name === 'error_log'),
    'the server sets its own error log, so the request-time lines (with request line and referrer) do not reach the image’s',
  );
  for (const errorLog of errorLogs) t.equal(errorLog.args[0], '/dev/null', `error_log ${errorLog.args.join(' ')}`);

  const vitals = findAll(serverLevel, 'location').find(
    (location) => location.args[0] === '=' && location.args[1] === WEB_VITALS_API,
  );
  t.ok(vitals, `${WEB_VITALS_API} has its own location`);
  t.same(
    vitals?.block?.find((directive) => directive.name === 'access_log')?.args,
    ['off'],
    'page-speed reports are not logged, as the policy says',
  );
  t.ok(
    vitals?.block?.some((directive) => directive.name === 'proxy_pass'),
    'and still reach the app',
  );
});

/** The `driver:` of each service's `logging:`, following a `*alias` to its `&anchor`. */
function logDrivers(compose: string): Map<string, string | undefined> {
  const lines = compose.split('\n');
  const blockAfter = (index: number) => {
    const indent = (lines[index]?.match(/^ */)?.[0].length ?? 0) + 1;
    const block: string[] = [];
    for (const line of lines.slice(index + 1)) {
      if (line.trim() !== '' && !line.startsWith(' '.repeat(indent))) break;
      block.push(line);
    }
    return block;
  };
  const driverIn = (block: readonly string[]) =>
    block.map((line) => /^\s+driver:\s*(\S+)/.exec(line)?.[1]).find((driver) => driver !== undefined);
  const anchors = new Map<string, string | undefined>();
  lines.forEach((line, index) => {
    const anchor = /^\S[^:]*:\s*&([\w-]+)\s*$/.exec(line)?.[1];
    if (anchor) anchors.set(anchor, driverIn(blockAfter(index)));
  });
  const servicesAt = lines.indexOf('services:');
  const drivers = new Map<string, string | undefined>();
  blockAfter(servicesAt).forEach((line, offset) => {
    const service = /^ {2}([\w-]+):\s*$/.exec(line)?.[1];
    if (!service) return;
    const serviceBlock = blockAfter(servicesAt + 1 + offset);
    const loggingAt = serviceBlock.findIndex((entry) => /^ {4}logging:/.test(entry));
    const alias = /^ {4}logging:\s*\*([\w-]+)/.exec(serviceBlock[loggingAt] ?? '')?.[1];
    drivers.set(
      service,
      loggingAt < 0
        ? undefined
        : alias
          ? anchors.get(alias)
          : driverIn(blockAfter(servicesAt + 2 + offset + loggingAt)),
    );
  });
  return drivers;
}

const DAY_SECONDS = 86_400;
const UNIT_SECONDS: Record<string, number> = { s: 1, min: 60, h: 3600, d: DAY_SECONDS, day: DAY_SECONDS };

/** A journald time span like "5day" or "12h", in seconds. */
function seconds(span: string | undefined): number {
  const match = /^(\d+)\s*([a-z]*)$/.exec(span?.trim() ?? '');
  const unit = UNIT_SECONDS[match?.[2] || 's'];
  return match && unit ? Number(match[1]) * unit : Number.POSITIVE_INFINITY;
}

t.test('every service of compose.yaml logs where entries are gone within seven days', async (t) => {
  const drivers = logDrivers(read('compose.yaml'));
  t.ok(drivers.size >= 5, `services: ${[...drivers.keys()].join(', ')}`);
  for (const [service, driver] of drivers) {
    // json-file and local rotate by size only: on a quiet site a line outlives any number of days.
    t.equal(driver, 'journald', `${service} logs to the journal, whose retention is bounded by age`);
  }

  const journald = read('deploy/journald.conf');
  const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(journald)?.[1];
  const file = seconds(setting('MaxFileSec'));
  const retention = seconds(setting('MaxRetentionSec'));
  // An entry waits for its file to fill (one file span), then for the retention, then for the next new file.
  t.ok(
    file + retention + file <= 7 * DAY_SECONDS,
    `journal entries are deleted within ${(file + retention + file) / DAY_SECONDS} days`,
  );
});
