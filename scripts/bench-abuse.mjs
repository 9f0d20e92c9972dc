// npm run bench:abuse: what a visitor notices while a handful of addresses attack the server.
// The other benches measure polite load; this one runs one attack (or each in turn, `--attack
// all`, every one against a fresh server) and meanwhile a normal visitor on 127.0.0.1 times the
// homepage and a contact post, as before the attack and after it. The server runs with the heap
// flags and limits it ships with, since the limits are what is measured; it is a benchmark, so a
// crash, a refusal or a closed connection is reported, never a failure.
//
//   multipart         posts of many large text fields held open on the form routes, and slow CV
//                     uploads (--posts N --uploads M --fields F --field-kb KB)
//   crafted-upload    applications whose CV is a DOCX-looking ZIP with a huge central directory
//                     (--uploads M --entries E --upload-quota-mb Q)
//   announced-length  form posts announcing a whole body and sending a few bytes of it
//                     (--posts N --announced-kb KB)
//   path-spelling     a flood of new spellings of the real pages (--connections C)
//
//   npm run bench:abuse [-- --attack NAME|all --addresses K --seconds S ...the attack's options --json]
//
// The attacks live in scripts/abuse/, the measuring in scripts/abuse/session.mjs.
import { parseArgs } from 'node:util';
import { announcedLength } from './abuse/announced-length.mjs';
import { craftedUpload } from './abuse/crafted-upload.mjs';
import { multipart } from './abuse/multipart.mjs';
import { pathSpelling } from './abuse/path-spelling.mjs';
import { printRun } from './abuse/report.mjs';
import { runAttack } from './abuse/session.mjs';

const ATTACKS = [multipart, craftedUpload, announcedLength, pathSpelling];

/** Each option: the setting it fills in an attack's defaults, and the whole numbers it takes. */
const OPTIONS = {
  posts: { setting: 'posts', min: 0, max: 5_000 },
  uploads: { setting: 'uploads', min: 0, max: 5_000 },
  addresses: { setting: 'addresses', min: 1, max: 250 },
  seconds: { setting: 'seconds', min: 1, max: 600 },
  fields: { setting: 'fields', min: 1, max: 1_000 },
  'field-kb': { setting: 'fieldKb', min: 1, max: 100_000 },
  entries: { setting: 'entries', min: 3, max: 1_000_000 },
  'upload-quota-mb': { setting: 'uploadQuotaMb', min: 1, max: 1_000_000 },
  'announced-kb': { setting: 'announcedKb', min: 1, max: 1_024 },
  connections: { setting: 'connections', min: 1, max: 1_000 },
};

const { values: args } = parseArgs({
  options: {
    attack: { type: 'string', default: multipart.name },
    json: { type: 'boolean', default: false },
    ...Object.fromEntries(Object.keys(OPTIONS).map((name) => [name, { type: 'string' }])),
  },
});

const chosen = args.attack === 'all' ? ATTACKS : ATTACKS.filter((attack) => attack.name === args.attack);
if (chosen.length === 0)
  throw new Error(
    `--attack must be one of ${[...ATTACKS.map((attack) => attack.name), 'all'].join(', ')}, got "${args.attack}"`,
  );

const given = Object.entries(OPTIONS).filter(([name]) => args[name] !== undefined);
for (const [name, { min, max }] of given) {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${args[name]}"`);
  const takers = chosen.filter((attack) => OPTIONS[name].setting in attack.defaults);
  if (takers.length === 0)
    throw new Error(
      `--${name} is not an option of ${args.attack} (it is one of ${ATTACKS.filter(
        (attack) => OPTIONS[name].setting in attack.defaults,
      )
        .map((attack) => attack.name)
        .join(', ')})`,
    );
}

/** An attack's defaults with the options given that it takes. */
function settingsOf(attack) {
  const settings = { ...attack.defaults };
  for (const [name, { setting }] of given) if (setting in settings) settings[setting] = Number(args[name]);
  return settings;
}

const runs = [];
for (const attack of chosen) {
  const settings = settingsOf(attack);
  const report = await runAttack(attack, settings);
  runs.push(report);
  if (!args.json) printRun(report, attack.describe(settings));
}
if (args.json) console.log(JSON.stringify(runs.length === 1 ? runs[0] : { runs }, null, 2));
