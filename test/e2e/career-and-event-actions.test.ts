/**
 * Where applicants and event visitors decide: the career page lists every open position, each card
 * a link as a whole, ends with a named person to talk to and offers filters only past eight
 * positions; on a phone a job page keeps an apply bar at hand between its hero and its form, and an
 * event page shows its facts right after the hero; event cards lead with a date tile and a city chip.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { contentWithTestEvent, copyContent, editJson, TEST_EVENT, TEST_EVENT_TITLE } from '../helpers/build.ts';
import { startServer } from '../helpers/server-process.ts';

// Eight journeys in both languages, on a busy two-core machine.
t.setTimeout(900_000);

/** One server per content (the shipped one, a copy with an upcoming test event, one with twelve jobs) and one browser, for every journey. */
const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};
const shippedSite = once(() => startServer(t));
const eventSite = once(async () => startServer(t, { CONTENT_DIR: await contentWithTestEvent(t) }));
const browserOnce = once(() => launchBrowser(t));

type Language = 'en' | 'de';

interface Job {
  generic: { folder: string; title: string; department: string };
}

const positionsOf = (language: Language): Job[] =>
  (JSON.parse(readFileSync(`content/${language}/careers/positions.json`, 'utf8')) as { activePositions: Job[] })
    .activePositions;

const CAREER = { en: '/company/career', de: '/unternehmen/karriere' } as const;
const EVENTS = { en: '/company/events', de: '/unternehmen/events' } as const;
const JOBS_FILE = { en: 'en/homepage/company/career/jobs.json', de: 'de/homepage/unternehmen/karriere/jobs.json' };
const talkOf = (language: Language) =>
  (
    JSON.parse(readFileSync(`content/${JOBS_FILE[language]}`, 'utf8')) as {
      talk: { name: string; button: { text: string; link_url: string } };
    }
  ).talk;

/** Whether an element is painted and inside the viewport. */
const inView = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return (
      style.display !== 'none' &&
      style.visibility === 'visible' &&
      box.height > 0 &&
      box.top < window.innerHeight &&
      box.bottom > 0
    );
  }, selector);

t.test('the career page lists every open position, and a click anywhere on a card opens its job', async (t) => {
  const server = await shippedSite();
  const browser = await browserOnce();
  for (const language of ['en', 'de'] as const) {
    const positions = positionsOf(language);
    const { page, problems } = await openPage(browser, 1440, 900);
    await page.goto(`${server.url}${CAREER[language]}`);
    await waitForHydration(page);
    t.same(
      await page.locator('.jobs__list .job-card .card__title').allTextContents(),
      positions.map((job) => job.generic.title),
      `${language}: every position of the content, in its order`,
    );
    t.equal(await page.locator('#jobs details').count(), 0, `${language}: nothing hides a position`);
    t.equal(await page.locator('.job-filters').count(), 0, `${language}: six positions need no filters`);
    for (const [index, job] of positions.entries()) {
      const card = page.locator('.jobs__list .job-card').nth(index);
      t.equal(await card.locator('a, button').count(), 1, `${language}: ${job.generic.folder}'s card holds one link`);
      await card.scrollIntoViewIfNeeded();
      const box = await card.boundingBox();
      if (!box) throw new Error(`${job.generic.folder}: card not laid out`);
      // Each corner, inside the rounded border, far from the title the link's text sits in: the link takes the press.
      const corners = [
        [box.x + 12, box.y + 12],
        [box.x + box.width - 12, box.y + 12],
        [box.x + 12, box.y + box.height - 12],
        [box.x + box.width - 12, box.y + box.height - 12],
      ];
      const targets = await page.evaluate(
        (points) => points.map(([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.getAttribute('href')),
        corners,
      );
      t.same(
        targets,
        corners.map(() => `${CAREER[language]}/${job.generic.folder}`),
        `${language}: every corner of ${job.generic.folder}'s card is its link`,
      );
    }
    // A real press near one card's lower right corner, by the mouse, with the hover a person sees first.
    const last = positions.length - 1;
    const card = page.locator('.jobs__list .job-card').nth(last);
    await card.scrollIntoViewIfNeeded();
    const box = await card.boundingBox();
    if (!box) throw new Error('card not laid out');
    await page.mouse.move(box.x + box.width - 12, box.y + box.height - 12);
    await page.waitForFunction(
      (index) =>
        getComputedStyle(document.querySelectorAll('.jobs__list .job-card')[index]!).borderColor === 'rgb(23, 79, 120)',
      last,
    );
    t.pass(`${language}: the card under the pointer takes the brand border`);
    await page.mouse.click(box.x + box.width - 12, box.y + box.height - 12);
    const target = positions[last]!.generic;
    await page.waitForURL(`**${CAREER[language]}/${target.folder}`);
    await page.locator('h1', { hasText: target.title }).waitFor();
    t.pass(`${language}: the press near its corner opens ${target.folder}`);
    await page.goto(`${server.url}${CAREER[language]}`);
    await waitForHydration(page);
    // The keyboard reaches each card through its one link, and the card shows where focus is.
    const first = page.locator('.jobs__list .job-card').first();
    await first.locator('a').focus();
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.jobs__list .job-card')!).borderColor === 'rgb(23, 79, 120)',
    );
    t.pass(`${language}: a focused card takes the brand border`);
    t.same(problems, [], `${language}: no console problem`);
    await page.context().close();
  }
});

t.test(
  'the list ends with a card to talk to a named person, with their portrait and a button naming them',
  async (t) => {
    const server = await shippedSite();
    const browser = await browserOnce();
    for (const language of ['en', 'de'] as const) {
      const talk = talkOf(language);
      for (const width of [1440, 375]) {
        const { page, problems } = await openPage(browser, width, 900);
        await page.goto(`${server.url}${CAREER[language]}`);
        await waitForHydration(page);
        const card = page.locator('.jobs__list > li').last();
        t.ok(
          await card.evaluate((element) => element.classList.contains('jobs-talk')),
          `${language} ${width}: the last card of the list`,
        );
        const button = card.locator('a.button');
        t.equal(
          (await button.textContent())?.trim(),
          talk.button.text,
          `${language} ${width}: the button names the person`,
        );
        t.equal(await button.getAttribute('href'), talk.button.link_url, `${language} ${width}: and reaches them`);
        t.match(await card.textContent(), talk.name, `${language} ${width}: the card names ${talk.name}`);
        await card.scrollIntoViewIfNeeded();
        const corner = await card.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return document
            .elementFromPoint(box.right - 12, box.top + 12)
            ?.closest('a')
            ?.getAttribute('href');
        });
        t.equal(corner, talk.button.link_url, `${language} ${width}: the whole card is the button's to press`);
        const portrait = card.locator('img.portrait');
        await portrait.evaluate((image: HTMLImageElement) =>
          image.complete && image.naturalWidth > 0
            ? undefined
            : new Promise((resolve, reject) => {
                image.addEventListener('load', resolve, { once: true });
                image.addEventListener('error', reject, { once: true });
              }),
        );
        t.ok(
          await portrait.evaluate((image: HTMLImageElement) => image.naturalWidth > 0),
          `${language} ${width}: with their portrait`,
        );
        const [cardBox, jobBox] = await Promise.all([
          card.boundingBox(),
          page.locator('.jobs__list .job-card').last().boundingBox(),
        ]);
        t.ok(
          cardBox && jobBox && Math.abs(cardBox.width - jobBox.width) < 1,
          `${language} ${width}: as wide as a job's card`,
        );
        t.same(problems, [], `${language} ${width}: no console problem`);
        await page.context().close();
      }
    }
  },
);

/** A content copy with each position twice (the copy under a new folder), twelve in all. */
async function contentWithTwelveJobs(t: Parameters<typeof copyContent>[0]): Promise<string> {
  return copyContent(t, async (dir) => {
    for (const language of ['en', 'de'] as const)
      await editJson(dir, `${language}/careers/positions.json`, (answer) => {
        const positions = answer.activePositions as Job[];
        const copies = positions.map((job) => ({
          ...job,
          generic: { ...job.generic, folder: `${job.generic.folder}-team-2` },
        }));
        return { activePositions: [...positions, ...copies] };
      });
  });
}

t.test('past eight positions, department and location chips filter the list, by address', async (t) => {
  const server = await startServer(t, { CONTENT_DIR: await contentWithTwelveJobs(t) });
  const browser = await browserOnce();
  for (const language of ['en', 'de'] as const) {
    const positions = positionsOf(language);
    const department = positions[1]!.generic.department;
    const matching = positions.filter((job) => job.generic.department === department).length * 2;
    const { page, problems } = await openPage(browser, 1440, 900);
    await page.goto(`${server.url}${CAREER[language]}`);
    await waitForHydration(page);
    t.equal(await page.locator('.jobs__list .job-card').count(), 12, `${language}: all twelve show at first`);
    t.equal(await page.locator('.job-filters fieldset').count(), 2, `${language}: two groups of chips`);
    await page.locator('.job-filters__chip', { hasText: department }).click();
    await page.waitForURL((url) => url.searchParams.get('department') === department);
    await page.waitForFunction(
      (count) => document.querySelectorAll('.jobs__list .job-card').length === count,
      matching,
    );
    t.pass(`${language}: "${department}" leaves its ${matching} positions`);
    t.equal(
      await page.locator('.job-filters__chip[aria-current="true"]', { hasText: department }).count(),
      1,
      `${language}: the chosen chip is marked`,
    );
    t.match(
      await page.locator('.job-filters__count').textContent(),
      String(matching),
      `${language}: the count says so`,
    );
    t.equal(await page.locator('.jobs-talk').count(), 1, `${language}: the card to talk to someone stays`);
    // The same address loaded afresh (a shared link, or no script) shows the same list.
    await page.reload();
    t.equal(await page.locator('.jobs__list .job-card').count(), matching, `${language}: the address keeps the filter`);
    await waitForHydration(page);
    await page
      .locator('.job-filters__chip', { hasText: language === 'en' ? 'All departments' : 'Alle Bereiche' })
      .click();
    await page.waitForFunction(() => document.querySelectorAll('.jobs__list .job-card').length === 12);
    t.pass(`${language}: "all" brings every position back`);
    t.same(problems, [], `${language}: no console problem`);
    await page.context().close();
  }
});

t.test('with eight positions or fewer a filter in the address is ignored: every position shows', async (t) => {
  const server = await shippedSite();
  const browser = await browserOnce();
  const { page } = await openPage(browser, 1440, 900);
  const department = positionsOf('en')[0]!.generic.department;
  await page.goto(`${server.url}${CAREER.en}?department=${encodeURIComponent(department)}&location=Nowhere`);
  t.equal(await page.locator('.jobs__list .job-card').count(), positionsOf('en').length, 'all six');
  t.equal(await page.locator('.job-filters').count(), 0, 'and no chips');
});

const [job] = positionsOf('en');
const JOB = { en: `/company/career/${job!.generic.folder}`, de: `/unternehmen/karriere/${job!.generic.folder}` };
const APPLY = { en: 'Apply now', de: 'Jetzt bewerben' } as const;

t.test('at 375 px a job page keeps an apply bar between its hero and its form', async (t) => {
  const server = await shippedSite();
  const browser = await browserOnce();
  for (const language of ['en', 'de'] as const) {
    const { page, problems } = await openPage(browser, 375, 812);
    await page.goto(`${server.url}${JOB[language]}`);
    await waitForHydration(page);
    t.notOk(await inView(page, '.apply-bar'), `${language}: no bar while the hero's button is in view`);
    t.equal(
      await page.locator('.apply-bar').evaluate((bar) => getComputedStyle(bar).visibility),
      'hidden',
      `${language}: and out of the keyboard's way`,
    );
    // Past the hero, by the wheel as a person scrolls.
    await page.locator('.job-description').first().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => document.querySelector('.apply-bar--shown') !== null);
    await page.waitForFunction(() => {
      const bar = document.querySelector('.apply-bar')!.getBoundingClientRect();
      return Math.abs(bar.bottom - window.innerHeight) < 1;
    });
    t.ok(await inView(page, '.apply-bar'), `${language}: past the hero the bar shows at the foot of the screen`);
    const title = (await page.locator('.apply-bar__title').textContent()) ?? '';
    t.ok(title.length > 0 && job!.generic.title.startsWith(title.split(' ')[0]!), `${language}: it names the job`);
    t.notMatch(title, /\(m\/[fw]\/d\)/, `${language}: in short`);
    const button = page.locator('.apply-bar a', { hasText: APPLY[language] });
    await button.click();
    await page.waitForFunction(() => {
      const field = document.querySelector('#application-form form input:not([type="hidden"])');
      const box = field?.getBoundingClientRect();
      return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight);
    });
    t.pass(`${language}: its button brings the form's first field into view`);
    // Hidden once its slide out ends: out of sight and out of the keyboard's way.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.apply-bar')!).visibility === 'hidden');
    t.pass(`${language}: with the form in view the bar steps aside`);
    // Below the form, at the very end of the page, the bar is back and covers nothing.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => document.querySelector('.apply-bar--shown') !== null);
    await page.waitForFunction(() => {
      const bar = document.querySelector('.apply-bar')!.getBoundingClientRect();
      return Math.abs(bar.bottom - window.innerHeight) < 1;
    });
    const [barTop, lastBottom] = await page.evaluate(() => {
      const texts = [...document.querySelectorAll('.footer a, .footer p')].filter(
        (element) => element.getBoundingClientRect().height > 0,
      );
      return [
        document.querySelector('.apply-bar')!.getBoundingClientRect().top,
        Math.max(...texts.map((element) => element.getBoundingClientRect().bottom)),
      ];
    });
    t.ok(lastBottom <= barTop, `${language}: the footer's last line ends above the bar (${lastBottom} ≤ ${barTop})`);
    t.same(problems, [], `${language}: no console problem`);
    await page.context().close();
  }
});

t.test('the apply bar by keyboard: its button leads on into the form', async (t) => {
  const server = await shippedSite();
  const browser = await browserOnce();
  const { page } = await openPage(browser, 375, 812);
  await page.goto(`${server.url}${JOB.en}`);
  await waitForHydration(page);
  await page.locator('.job-description').first().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 600);
  await page.waitForFunction(() => document.querySelector('.apply-bar--shown') !== null);
  await page.locator('.apply-bar a').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.apply-bar--shown') === null);
  await page.keyboard.press('Tab');
  t.ok(
    await page.evaluate(() => document.getElementById('application-form')?.contains(document.activeElement)),
    'the next Tab lands in the application form',
  );
});

t.test('the apply bar respects reduced motion, and wide screens have none', async (t) => {
  const server = await shippedSite();
  const browser = await browserOnce();
  const reduced = await browser.newContext({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });
  const page = await reduced.newPage();
  await page.goto(`${server.url}${JOB.en}`);
  const duration = await page
    .locator('.apply-bar')
    .evaluate((bar) => Number.parseFloat(getComputedStyle(bar).transitionDuration) || 0);
  t.ok(duration < 0.01, `no slide with reduced motion (${duration} s)`);
  await reduced.close();
  for (const language of ['en', 'de'] as const)
    for (const width of [1025, 1440]) {
      const { page, problems } = await openPage(browser, width, 900);
      await page.goto(`${server.url}${JOB[language]}`);
      await waitForHydration(page);
      await page.evaluate(() =>
        window.scrollTo(0, document.querySelector('.job-requirements')!.getBoundingClientRect().top + window.scrollY),
      );
      await page.waitForFunction(() => window.scrollY > 0);
      // Give the observers a frame to answer, then ask: the bar is not drawn at all.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      t.equal(
        await page.locator('.apply-bar').evaluate((bar) => getComputedStyle(bar).display),
        'none',
        `${language} ${width}: no bar`,
      );
      t.same(problems, [], `${language} ${width}: no console problem`);
      await page.context().close();
    }
});

t.test('at 375 px an event page shows its facts right after the hero', async (t) => {
  const server = await eventSite();
  const browser = await browserOnce();
  for (const language of ['en', 'de'] as const) {
    const { page, problems } = await openPage(browser, 375, 812);
    await page.goto(`${server.url}${EVENTS[language]}/${TEST_EVENT}`);
    await waitForHydration(page);
    const first = await page.evaluate(() => {
      const stage = document.querySelector('.stage')!;
      const after = [...document.querySelectorAll('main *')].filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          !stage.contains(element) &&
          box.height > 0 &&
          !element.contains(document.querySelector('.event__facts')) &&
          box.top >= stage.getBoundingClientRect().bottom
        );
      });
      after.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
      return after[0]?.closest('.event__facts') ? 'facts' : after[0]?.className;
    });
    t.equal(first, 'facts', `${language}: the first thing below the hero is the facts card`);
    t.match(
      await page.locator('.event__facts').textContent(),
      language === 'en' ? '20 May 2099' : '20. Mai 2099',
      `${language}: with the date`,
    );
    t.same(problems, [], `${language}: no console problem`);
    await page.context().close();
  }
});

t.test('event cards lead with a date tile and a city chip', async (t) => {
  const server = await eventSite();
  const browser = await browserOnce();
  for (const language of ['en', 'de'] as const)
    for (const width of [375, 1440]) {
      const { page, problems } = await openPage(browser, width, 900);
      await page.goto(`${server.url}${EVENTS[language]}`);
      await waitForHydration(page);
      const cards = page.locator('.event-card');
      const count = await cards.count();
      t.ok(count > 1, `${language} ${width}: the overview lists events`);
      t.equal(await page.locator('.event-card .event-card__tile').count(), count, `${language} ${width}: each a tile`);
      t.equal(await page.locator('.event-card .event-card__city').count(), count, `${language} ${width}: and a chip`);
      const card = cards.filter({ hasText: TEST_EVENT_TITLE[language] });
      t.same(
        [
          await card.locator('.event-card__day').textContent(),
          await card.locator('.event-card__month').evaluate((month) => (month as HTMLElement).innerText),
          await card.locator('.event-card__city').textContent(),
        ],
        ['20', language === 'en' ? 'MAY' : 'MAI', 'München'],
        `${language} ${width}: the test edition's tile says 20 May, its chip München`,
      );
      const [tile, title] = await Promise.all([
        card.locator('.event-card__tile').boundingBox(),
        card.locator('.card__title').boundingBox(),
      ]);
      t.ok(tile && title && tile.y + tile.height <= title.y, `${language} ${width}: above the title`);
      t.same(problems, [], `${language} ${width}: no console problem`);
      await page.context().close();
    }
});
