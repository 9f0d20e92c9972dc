/**
 * The German grammar rule for period settings: the server fills them with accusatives („einen Tag“,
 * „zwei Tage“), so a sentence that puts one after „nach“ or „innerhalb“ reads wrong on the page
 * whatever the setting's value. The sentences here are the policy's own, before and after.
 */
import t from 'tap';
import { settingGrammarProblems } from '../scripts/content-check/setting-grammar.ts';

t.test('a period setting after a dative or genitive preposition is refused in German', async (t) => {
  const old = 'Cookie „__session“: … Läuft nach {{session_lifetime}} ab oder wenn Sie sich abmelden.';
  t.match(
    settingGrammarProblems(old, 'de', '/sections/5/list/10/text'),
    [/^\/sections\/5\/list\/10\/text puts \{\{session_lifetime\}\} after „nach“/],
    'the sentence the policy shipped with',
  );
  for (const [text, preposition] of [
    ['Wir antworten innerhalb {{retention_mail}}.', 'innerhalb'],
    ['Gespeichert seit\u00a0{{retention_contact}}.', 'seit'],
    ['Wir löschen sie binnen {{confirmation_link}}.', 'binnen'],
    ['Mit {{retention_event}} Abstand.', 'Mit'],
    ['Sie bleiben bis zu {{retention_backup}} in den Sicherungen.', 'zu'],
  ] as const)
    t.match(settingGrammarProblems(text, 'de', '/text'), [new RegExp(`after „${preposition}“`)], text);
});

t.test('an accusative duration, a provider setting and English pass', async (t) => {
  for (const text of [
    'Cookie „__session“: … Gültig für {{session_lifetime}} oder bis Sie sich abmelden.',
    'Er gilt {{session_lifetime}}.',
    'Ihre Anfrage löschen wir {{retention_contact}} nach ihrem Eingang.',
    'Diesen Nachweis bewahren wir nach Ihrer Abmeldung noch {{retention_consent_proof}} auf.',
    'Unsere Website läuft auf Servern eines Hosting-Dienstleisters{{hosting_provider}}.',
    'Die Dateien liegen bei{{storage_provider}}.',
    'Der Link ist {{confirmation_link}} gültig.',
    'Nachricht {{retention_mail}}',
  ])
    t.same(settingGrammarProblems(text, 'de', '/text'), [], text);
  t.same(
    settingGrammarProblems('Expires after {{session_lifetime}} or when you sign out.', 'en', '/text'),
    [],
    'English: "after" takes any period',
  );
});
