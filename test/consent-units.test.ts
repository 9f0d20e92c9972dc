import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import t from 'tap';
import {
  CONSENT_STORAGE_KEY,
  consentStateOf,
  isDecided,
  offeredPurposes,
  readChoice,
  storeChoice,
  uniformChoice,
} from '#app/consent/consent-choice.ts';
import { ConsentHead, scriptAdder } from '#app/consent/consent-head.tsx';
import { CONSENT_DEFAULTS, consentDefaultsScript } from '#app/consent/consent-mode.ts';
import { consentToolOf } from '#app/consent/consent-tool-choice.ts';
import { consentCommandOf, grantsConsent, sendConsentUpdate } from '#app/consent/consent-update.ts';
import { watchConsent } from '#app/consent/consent-watch.ts';
import { connectUsercentrics } from '#app/consent/usercentrics-ui.ts';
import { type AppEnvironment, EnvironmentProvider, type TrackingEnvironment } from '#app/environment.tsx';
import { CONSENT_CHOICE_MAX_AGE_MS } from '#app/layout/timing.ts';
import { prefetchAllowed, prefetchPath } from '#app/prefetch/route-prefetch.ts';
import { NonceProvider } from '#app/security/nonce.tsx';
import { ALL_DENIED } from './helpers/data-layer.ts';

const ORIGINS: TrackingEnvironment = {
  gtmOrigin: 'https://www.googletagmanager.com',
  consentManagerOrigin: 'https://app.usercentrics.eu',
  mapsOrigin: 'https://maps.googleapis.com',
};

/** An arguments object, as gtag pushes it. */
function gtagArguments(..._args: unknown[]): IArguments {
  // biome-ignore lint/complexity/noArguments: the arguments object is what is made here
  return arguments;
}

/** A Storage kept in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

t.test('the Consent Mode defaults deny every type and wait 2000 ms for an update', async (t) => {
  t.same(CONSENT_DEFAULTS, ALL_DENIED);
  t.match(
    consentDefaultsScript(),
    /^window\.dataLayer=window\.dataLayer\|\|\[\];function gtag\(\)\{dataLayer\.push\(arguments\);\}gtag\('consent','default',\{/,
  );
  t.notMatch(consentDefaultsScript(), /<\/script/i, 'nothing in it can end the script element');
});

t.test('consent commands are read from gtag’s arguments objects and arrays alike, nothing else', async (t) => {
  t.same(
    consentCommandOf(
      gtagArguments('consent', 'update', { analytics_storage: 'granted', ad_storage: 'maybe', wait_for_update: 500 }),
    ),
    {
      command: 'update',
      state: { analytics_storage: 'granted' },
    },
  );
  t.same(consentCommandOf(['consent', 'default', { ad_storage: 'denied' }]), {
    command: 'default',
    state: { ad_storage: 'denied' },
  });
  for (const entry of [
    { event: 'meta' },
    gtagArguments('config', 'G-1'),
    gtagArguments('consent', 'revoke', {}),
    gtagArguments('consent', 'update'),
    null,
    'consent',
    { length: 3 },
  ]) {
    t.equal(consentCommandOf(entry), null, JSON.stringify(entry));
  }
});

t.test('only a purpose the visitor agrees to counts as consent; necessary storage does not', async (t) => {
  t.notOk(grantsConsent({}));
  t.notOk(
    grantsConsent({ functionality_storage: 'granted', security_storage: 'granted', ad_storage: 'denied' }),
    'what a consent manager sends on "reject all"',
  );
  for (const type of [
    'ad_storage',
    'analytics_storage',
    'ad_user_data',
    'ad_personalization',
    'personalization_storage',
  ] as const) {
    t.ok(grantsConsent({ [type]: 'granted' }), type);
  }
});

t.test('the consent watcher follows the dataLayer from its first entry, updates over defaults', async (t) => {
  const layer: unknown[] = [gtagArguments('consent', 'default', { ad_storage: 'denied', analytics_storage: 'denied' })];
  const global = globalThis as { window?: unknown };
  global.window = { dataLayer: layer };
  t.teardown(() => {
    delete global.window;
  });
  const seen: unknown[] = [];
  const stop = watchConsent((state) => seen.push(state));
  t.same(seen, [{ ad_storage: 'denied', analytics_storage: 'denied' }], 'the entries already there count');
  layer.push({ event: 'meta' });
  t.equal(seen.length, 1, 'other events change nothing');
  sendConsentUpdate({ analytics_storage: 'granted' });
  t.equal(
    Object.prototype.toString.call(layer.at(-1)),
    '[object Arguments]',
    'an update is pushed as an arguments object',
  );
  t.same(seen.at(-1), { ad_storage: 'denied', analytics_storage: 'granted' });
  layer.push(gtagArguments('consent', 'default', { analytics_storage: 'denied', personalization_storage: 'denied' }));
  t.same(
    seen.at(-1),
    { ad_storage: 'denied', analytics_storage: 'granted', personalization_storage: 'denied' },
    'a late default does not overrule an update',
  );
  stop();
  sendConsentUpdate({ ad_storage: 'granted' });
  t.equal(seen.length, 3, 'nothing after it stopped');
  t.equal(layer.push, Array.prototype.push, 'the dataLayer’s push is its own again');
});

t.test('a choice of the site’s banner: stored, read back, asked again after a year or when unreadable', async (t) => {
  const storage = memoryStorage();
  const now = Date.UTC(2026, 10, 1);
  t.same(readChoice(storage, now), {}, 'nothing stored: nothing decided');
  storeChoice(storage, { statistics: true, marketing: false }, now);
  t.same(readChoice(storage, now + 1000), { statistics: true, marketing: false });
  t.same(readChoice(storage, now + CONSENT_CHOICE_MAX_AGE_MS + 1), {}, 'too old: asked again');
  for (const stored of [
    'not json',
    '{"version":2,"decidedAt":0,"purposes":{}}',
    '{"version":1,"purposes":{"statistics":true}}',
    '{"version":1,"decidedAt":1,"purposes":null}',
  ]) {
    storage.setItem(CONSENT_STORAGE_KEY, stored);
    t.same(readChoice(storage, 2), {}, stored);
  }
  storage.setItem(
    CONSENT_STORAGE_KEY,
    JSON.stringify({ version: 1, decidedAt: now, purposes: { statistics: 'yes', marketing: true, tracking: true } }),
  );
  t.same(readChoice(storage, now), { marketing: true }, 'only known purposes with a yes or no');
  const full: Storage = {
    ...memoryStorage(),
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
  };
  t.doesNotThrow(
    () => storeChoice(full, { statistics: true }, now),
    'a full storage keeps the choice for the page only',
  );
  t.same(readChoice(undefined, now), {}, 'no storage at all');
});

t.test('the purposes asked follow the configuration, and the choice becomes Consent Mode', async (t) => {
  t.same(offeredPurposes({ tagManager: true, maps: true }), ['statistics', 'marketing', 'maps']);
  t.same(offeredPurposes({ tagManager: false, maps: true }), ['maps']);
  t.same(offeredPurposes({ tagManager: true, maps: false }), ['statistics', 'marketing']);
  t.ok(isDecided({ statistics: false, marketing: true }, ['statistics', 'marketing']));
  t.notOk(isDecided({ maps: true }, ['statistics', 'marketing']), 'a map shown is no answer to the banner');
  t.same(uniformChoice(['statistics', 'maps'], false), { statistics: false, maps: false });
  t.same(consentStateOf({ statistics: true }), {
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
  t.same(consentStateOf({ marketing: true, maps: true }), {
    analytics_storage: 'denied',
    ad_storage: 'granted',
    ad_user_data: 'granted',
    ad_personalization: 'granted',
  });
});

t.test(
  'which tool asks: the consent manager when configured, else the banner when anything needs consent',
  async (t) => {
    t.equal(consentToolOf(ORIGINS), 'none');
    t.equal(consentToolOf({ ...ORIGINS, gtmId: 'GTM-AB12CD3' }), 'banner');
    t.equal(consentToolOf({ ...ORIGINS, mapsApiKey: 'key1' }), 'banner');
    t.equal(consentToolOf({ ...ORIGINS, gtmId: 'GTM-AB12CD3', consentManagerId: 'settings' }), 'manager');
  },
);

t.test('the head’s consent scripts carry the response’s nonce, and are absent without tracking', async (t) => {
  const render = (tracking: TrackingEnvironment, nonce?: string) => {
    const environment = { tracking } as AppEnvironment;
    const head = createElement(ConsentHead, { language: 'de' });
    const inner = nonce ? createElement(NonceProvider, { nonce, children: head }) : head;
    return renderToStaticMarkup(createElement(EnvironmentProvider, { value: environment, children: inner }));
  };
  t.equal(render(ORIGINS, 'n0nce'), '', 'nothing without a tag manager or consent manager');
  const html = render({ ...ORIGINS, gtmId: 'GTM-AB12CD3', consentManagerId: 'settings' }, 'n0nce');
  const tags = [...html.matchAll(/<script[^>]*>/g)].map((match) => match[0]);
  t.equal(tags.length, 2);
  t.match(tags[0], /id="consent-defaults"/);
  t.match(tags[1], /id="consent-manager-loader"/);
  t.notMatch(html, /\ssrc=/, 'no external script in the markup: the second script adds it');
  for (const tag of tags) t.match(tag, /nonce="n0nce"/, tag);
  t.notMatch(
    render({ ...ORIGINS, gtmId: 'GTM-AB12CD3' }),
    /nonce|usercentrics/,
    'no nonce attribute without one; no consent manager unless configured',
  );
});

t.test('the script that adds the consent manager cannot be broken out of', async (t) => {
  const text = scriptAdder({
    id: '</script><script>alert(1)</script>',
    src: 'https://app.usercentrics.eu/a?b=1&c=<2>',
  });
  t.notMatch(text, /[<>&]/, 'no <, > or & in the inline script text');
  t.match(text, 's.async=false', 'not async: it runs in order, after the defaults');
  t.match(text, 'document.currentScript.after(s)', 'right after the script that adds it');
});

/** A window as far as the consent manager adapter sees it, with a stand-in UC_UI that records calls. */
function managerWindow({
  available,
  initialized = true,
  failUpdate = false,
}: {
  available?: string[];
  initialized?: boolean;
  failUpdate?: boolean;
}) {
  const calls: [string, ...unknown[]][] = [];
  const services = [{ id: 'maps-1', name: 'Google Maps', consent: { status: false } }];
  const ui = {
    isInitialized: () => initialized,
    showSecondLayer: () => void calls.push(['showSecondLayer']),
    updateLanguage: async (language: string) => {
      calls.push(['updateLanguage', language]);
      if (failUpdate) throw new Error('no such language');
    },
    restartEmbeddings: () => void calls.push(['restartEmbeddings']),
    getSettingsCore: () => (available ? { language: { available } } : undefined),
    getServicesBaseInfo: () => services,
    acceptService: async (id: string) => {
      calls.push(['acceptService', id]);
      for (const service of services) if (service.id === id) service.consent.status = true;
    },
  };
  const win = Object.assign(new EventTarget(), { UC_UI: ui }) as unknown as Window;
  return { win, calls, ui };
}

function capturedConsoleErrors(t: { teardown(fn: () => void): void }): unknown[][] {
  const errors: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void errors.push(args);
  t.teardown(() => {
    console.error = original;
  });
  return errors;
}

t.test(
  'the consent manager adapter: language in lower case, then embeddings; a language it lacks is an error',
  async (t) => {
    const errors = capturedConsoleErrors(t);
    const ready = managerWindow({ available: ['de', 'en'] });
    await connectUsercentrics(ready.win).setLanguage('de');
    t.same(ready.calls, [['updateLanguage', 'de'], ['restartEmbeddings']]);
    t.same(errors, []);

    const lacking = managerWindow({ available: ['en'] });
    await connectUsercentrics(lacking.win).setLanguage('de');
    t.same(lacking.calls, [['restartEmbeddings']], 'no switch, the embeddings restart all the same');
    t.match(errors, [[/has no texts in "de"/]]);

    const refusing = managerWindow({ failUpdate: true });
    await connectUsercentrics(refusing.win).setLanguage('de');
    t.same(
      refusing.calls,
      [['updateLanguage', 'de'], ['restartEmbeddings']],
      'without a list of languages it is asked, and a refusal reported',
    );
    t.match(errors[1], [/could not switch to "de"/]);
  },
);

t.test('the consent manager adapter waits for the manager to be ready, and knows its maps service', async (t) => {
  const waiting = managerWindow({ available: ['de'], initialized: false });
  const manager = connectUsercentrics(waiting.win);
  const shown = manager.showSettings();
  await Promise.resolve();
  t.same(waiting.calls, [], 'nothing before the manager is ready');
  waiting.win.dispatchEvent(new Event('UC_UI_INITIALIZED'));
  await shown;
  t.same(waiting.calls, [['showSecondLayer']]);

  t.equal(await manager.allowsMaps(), false);
  let choices = 0;
  const stop = manager.onChoice(() => choices++);
  t.equal(await manager.allowMaps(), true);
  t.same(waiting.calls.at(-1), ['acceptService', 'maps-1']);
  t.equal(await manager.allowsMaps(), true);
  waiting.win.dispatchEvent(new Event('UC_UI_CMP_EVENT'));
  stop();
  waiting.win.dispatchEvent(new Event('UC_UI_CMP_EVENT'));
  t.equal(choices, 1, 'choices are followed until unsubscribed');

  const withoutMaps = managerWindow({});
  (withoutMaps.ui as { getServicesBaseInfo: () => unknown[] }).getServicesBaseInfo = () => [];
  t.equal(
    await connectUsercentrics(withoutMaps.win).allowMaps(),
    false,
    'a manager without the maps service cannot record it',
  );
});

t.test('prefetch is skipped on data saver and 2G, and only for other pages of the site', async (t) => {
  t.ok(prefetchAllowed(undefined), 'a browser without the Network Information API prefetches');
  t.ok(prefetchAllowed({ saveData: false, effectiveType: '4g' }));
  t.ok(prefetchAllowed({ effectiveType: '3g' }));
  t.notOk(prefetchAllowed({ saveData: true, effectiveType: '4g' }));
  t.notOk(prefetchAllowed({ effectiveType: '2g' }));
  t.notOk(prefetchAllowed({ effectiveType: 'slow-2g' }));

  const here = {
    href: 'https://www.nordstern-digital.example/company',
    origin: 'https://www.nordstern-digital.example',
    pathname: '/company',
  };
  const link = (href: string, target = '', attributes: string[] = []) => ({
    href,
    target,
    hasAttribute: (name: string) => attributes.includes(name),
  });
  t.equal(prefetchPath(link('https://www.nordstern-digital.example/insights?page=2#top'), here), '/insights');
  t.equal(prefetchPath(link('/services/analytics'), here), '/services/analytics', 'a relative address');
  t.equal(prefetchPath(link('https://www.nordstern-digital.example/company#team'), here), null, 'the same page');
  t.equal(prefetchPath(link('https://www.linkedin.com/company/nordstern'), here), null, 'another site');
  t.equal(prefetchPath(link('/downloads/en/guide.pdf', '', ['download']), here), null, 'a download');
  t.equal(prefetchPath(link('/insights', '_blank'), here), null, 'a new tab');
  t.equal(prefetchPath(link('http://[bad'), here), null, 'an address that does not parse');
});
