/**
 * The one shape of email address taken from outside services and content links, and the one
 * way a mailto: link is built: good and hostile addresses, the JSON Schema and the code
 * agreeing, and every part of a link percent-encoded.
 */
import { Ajv } from 'ajv';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import t from 'tap';
import { CoffeeChat } from '#app/blocks/career-blocks.tsx';
import { CoffeeChatSchema } from '#app/content/schemas/career.ts';
import { EmailAddress, Href } from '#app/content/schemas/common.ts';
import { isPlainEmailAddress } from '#app/email/email-address.ts';
import { mailtoAddressOf, mailtoHref } from '#app/email/mailto.ts';
import { type AppEnvironment, EnvironmentProvider } from '#app/environment.tsx';
import { Footer } from '#app/layout/footer.tsx';
import { SmartLink } from '#app/layout/smart-link.tsx';

const GOOD = [
  'hello@nordstern-digital.example',
  'jonas.petersen@nordstern-digital.example',
  'first.last+careers@mail.example.co.uk',
  'a_b-c@x-y.de',
  'A1@B2.COM',
  '-dash@example.de',
  `${'a'.repeat(64)}@example.com`,
  `${'l'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.com`,
];

const HOSTILE: [string, string][] = [
  ['a?cc=x@y.z', 'a query in the local part'],
  ['a?cc=x@y.de', 'a query in the local part, with a real TLD'],
  ['jobs?cc=someone@else.example&body=hi', 'recipients and a body'],
  ['a&b@c.de', 'an ampersand'],
  ['a%40b@c.de', 'a percent-encoded @'],
  ['a=b@c.de', 'an equals sign'],
  ['a@b.c?x', 'a query after the domain'],
  ['a@b.de?subject=x', 'a subject after the domain'],
  ['a@b.de#x', 'a fragment'],
  ['a@b.de\n', 'a trailing newline'],
  ['a@b.de\r\nBcc: spy@else.de', 'a header after a line break'],
  ['a\n@b.de', 'a newline in the local part'],
  ['аnna@example.com', 'a Cyrillic а in the local part'],
  ['anna@exаmple.com', 'a Cyrillic а in the domain'],
  ['anna＠example.com', 'a fullwidth @'],
  ['anna@example.com\u200b', 'a zero-width space'],
  ['anna@xn--mller-kva.de\u00ad', 'a soft hyphen'],
  ['"a b"@c.de', 'a quoted local part'],
  ['"a@b"@c.de', 'a quoted @'],
  ['a b@c.de', 'a space'],
  ['a,b@c.de', 'a comma (two recipients)'],
  ['a;b@c.de', 'a semicolon'],
  ['<a@b.de>', 'angle brackets'],
  ['Name <a@b.de>', 'a display name'],
  ['mailto:a@b.de', 'a scheme'],
  ['a@b@c.de', 'two @'],
  ['.a@b.de', 'a leading dot'],
  ['a.@b.de', 'a trailing dot'],
  ['a..b@c.de', 'a double dot'],
  ['a@-b.de', 'a label starting with a hyphen'],
  ['a@b-.de', 'a label ending with a hyphen'],
  ['a@b..de', 'an empty label'],
  ['a@.b.de', 'a leading dot in the domain'],
  ['a@b.de.', 'a trailing dot in the domain'],
  ['a@b.d1', 'a TLD with a digit'],
  ['a@b.d', 'a one-letter TLD'],
  ['a@localhost', 'no TLD'],
  ['a@[127.0.0.1]', 'an address literal'],
  ['a@127.0.0.1', 'an IP address'],
  ['@b.de', 'no local part'],
  ['a@', 'no domain'],
  ['', 'empty'],
  [`${'a'.repeat(65)}@example.com`, 'a local part over 64 characters'],
  [`a@${'d'.repeat(64)}.com`, 'a label over 63 characters'],
  [`${'l'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(58)}.com`, 'over 254 characters'],
  [`${'a'.repeat(100_000)}@b.de`, 'very long'],
];

t.test('the pattern takes plain addresses and nothing else', async (t) => {
  for (const address of GOOD)
    t.ok(
      isPlainEmailAddress(address),
      `good: ${address.length > 40 ? `${address.slice(0, 30)}… (${address.length})` : address}`,
    );
  for (const [address, what] of HOSTILE) t.notOk(isPlainEmailAddress(address), `refused: ${what}`);
  t.notOk(isPlainEmailAddress(undefined), 'not a string');
  t.notOk(isPlainEmailAddress(['a@b.de']), 'not a list');
  const started = performance.now();
  isPlainEmailAddress(`${'a.'.repeat(50_000)}@b.de`);
  isPlainEmailAddress(`a@${'b-'.repeat(50_000)}.de`);
  t.ok(performance.now() - started < 200, 'no catastrophic backtracking on long input');
});

t.test('the JSON Schemas (as Ajv runs them, with the u flag) agree with the code', async (t) => {
  const ajv = new Ajv({ strict: false });
  const email = ajv.compile(EmailAddress);
  for (const address of GOOD) t.ok(email(address), `good: ${address.slice(0, 40)}`);
  for (const [address, what] of HOSTILE) t.notOk(email(address), `refused: ${what}`);

  const chat = ajv.compile(CoffeeChatSchema);
  const person = {
    headline: 'Talk to us',
    text: 'Before you apply.',
    name: 'Jonas Petersen',
    role: 'Lead Data Engineer',
  };
  t.ok(chat({ ...person, email: 'jonas.petersen@nordstern-digital.example' }), 'a coffee chat with a plain address');
  t.ok(chat(person), 'or with none');
  t.notOk(chat({ ...person, email: 'jonas?cc=x@y.de' }), 'but not with a hostile one');

  const href = ajv.compile(Href);
  for (const good of [
    '/services/analytics',
    'https://www.example.com/?a=1&b=2',
    'mailto:hello@nordstern-digital.example',
    'mailto:first.last+x@mail.example.co.uk',
  ])
    t.ok(href(good), `href: ${good}`);
  for (const bad of [
    'mailto:hello@nordstern-digital.example?subject=Hi',
    'mailto:hello@nordstern-digital.example&cc=spy@else.de',
    'mailto:a?cc=x@y.de',
    'mailto:a@b.de,c@d.de',
    'mailto:a%40b@c.de',
    'mailto:',
    'mailto:a@b.de\n',
    '//evil.example',
    'http://example.com',
    'javascript:alert(1)',
  ]) {
    t.notOk(href(bad), `href refused: ${JSON.stringify(bad)}`);
  }
});

t.test('mailtoHref percent-encodes each part, so nothing can add a recipient, a header or a body', async (t) => {
  t.equal(
    mailtoHref('hello@nordstern-digital.example'),
    'mailto:hello@nordstern-digital.example',
    'a plain address as it is',
  );
  t.equal(mailtoHref('first.last+x@example.de'), 'mailto:first.last%2Bx@example.de');
  t.equal(mailtoHref('a?cc=x@y.z'), 'mailto:a%3Fcc%3Dx@y.z', 'a query stays part of the local part');
  t.equal(mailtoHref('a&b@c.de'), 'mailto:a%26b@c.de');
  t.equal(mailtoHref('a%40b@c.de'), 'mailto:a%2540b@c.de', 'a percent sign is encoded, not decoded');
  t.equal(mailtoHref('a@b.c?x'), 'mailto:a@b.c%3Fx', 'and so is one in the domain');
  t.equal(mailtoHref('a,b@c.de'), 'mailto:a%2Cb@c.de', 'a comma adds no second recipient');
  t.equal(
    mailtoHref('a@b.de\r\nBcc: spy@else.de'),
    'mailto:a%40b.de%0D%0ABcc%3A%20spy@else.de',
    'a line break adds no header (split at the last @)',
  );
  t.equal(mailtoHref('no-at-sign'), 'mailto:no-at-sign');
  t.equal(
    mailtoHref('jobs@nordstern-digital.example', {
      subject: 'Kaffee & Kuchen? 100%',
      body: 'Hallo,\nzwei Termine:\r\n- Mo&Di',
    }),
    'mailto:jobs@nordstern-digital.example?subject=Kaffee%20%26%20Kuchen%3F%20100%25&body=Hallo%2C%0D%0Azwei%20Termine%3A%0D%0A-%20Mo%26Di',
    'subject and body encoded, line breaks as CRLF (RFC 6068)',
  );
  t.equal(mailtoHref('a@b.de', { subject: '' }), 'mailto:a@b.de', 'an empty subject is left out');
  t.equal(mailtoHref('a\ud800@b.de'), 'mailto:a%EF%BF%BD@b.de', 'a lone surrogate does not throw');
  for (const [address] of HOSTILE.slice(0, 30)) {
    const href = mailtoHref(address);
    t.notMatch(href.slice('mailto:'.length), /[?&#=\s,;"<>]/, `nothing but the address: ${JSON.stringify(address)}`);
  }
  t.equal(mailtoAddressOf('mailto:a@b.de'), 'a@b.de');
  t.equal(mailtoAddressOf('MAILTO:a@b.de'), 'a@b.de');
  t.equal(mailtoAddressOf('https://example.com'), undefined);
});

/** What the page's components read from their host: the icons, the sprite file they draw from. */
const ENVIRONMENT: AppEnvironment = {
  siteUrl: 'http://localhost:3000',
  assetsBaseUrl: '/content',
  uploads: { cvMaxBytes: 1, additionalMaxBytes: 1, additionalMaxCount: 1 },
  login: null,
  tracking: {
    gtmOrigin: 'https://gtm.test',
    consentManagerOrigin: 'https://cmp.test',
    mapsOrigin: 'https://maps.test',
  },
  assets: { css: [], modulePreloads: [] },
  iconSprite: '/assets/icons-test.svg',
  webVitals: { sampleRate: 0 },
};
const render = (element: ReactElement) =>
  renderToStaticMarkup(createElement(EnvironmentProvider, { value: ENVIRONMENT, children: element }));

t.test('every mailto: link on a page is built by the helper', async (t) => {
  const link = (to: string) => renderToStaticMarkup(createElement(SmartLink, { to, children: 'Write' }));
  t.equal(
    link('mailto:hello@nordstern-digital.example'),
    '<a href="mailto:hello@nordstern-digital.example">Write</a>',
    'a content mail link opens the mail program, no new tab',
  );
  t.equal(
    link('mailto:a@b.de?cc=spy@else.de'),
    '<a href="mailto:a%40b.de%3Fcc%3Dspy@else.de">Write</a>',
    'one that slipped past the content check stays one address',
  );
  t.match(link('https://example.com'), 'target="_blank"', 'other sites still open in a new tab');

  const person = {
    headline: 'Talk to us',
    text: 'Before you apply.',
    name: 'Jonas Petersen',
    role: 'Lead Data Engineer',
  };
  t.match(
    render(createElement(CoffeeChat, { content: { ...person, email: 'jonas.petersen@nordstern-digital.example' } })),
    'href="mailto:jonas.petersen@nordstern-digital.example"',
  );
  t.match(
    render(createElement(CoffeeChat, { content: { ...person, email: 'a?cc=x@y.de' } })),
    'href="mailto:a%3Fcc%3Dx@y.de"',
    'encoded if one ever arrives',
  );
  const without = render(createElement(CoffeeChat, { content: person }));
  t.match(without, 'Jonas Petersen');
  t.notMatch(without, '<a ', 'no address, no mail button');

  const footer = render(
    createElement(
      MemoryRouter,
      null,
      createElement(Footer, {
        footer: {
          title: [],
          address: {
            company: 'Nordstern Digital GmbH',
            street: 'Kehrwieder 9',
            city: '20457 Hamburg',
            email: 'hello@nordstern-digital.example?bcc=spy@else.de',
          },
        },
        ui: { footer_label: 'Footer', home_label: 'Home', cookies: 'Cookies', copyright: '© {year}' } as Parameters<
          typeof Footer
        >[0]['ui'],
      }),
    ),
  );
  t.equal(
    footer.match(/href="mailto:[^"]*"/g)?.join(' '),
    'href="mailto:hello%40nordstern-digital.example%3Fbcc%3Dspy@else.de"',
    "the footer's address too",
  );
});
