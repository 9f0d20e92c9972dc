/**
 * Layout checks that run inside a page, in any engine (see engines.ts): each function is sent to the page as source,
 * so it uses nothing from outside itself, and returns the problems it found as sentences (none: an empty list).
 */

/** The pages whose grids, sections and cards the layout tests look at, in both languages. */
export const LAYOUT_PAGES = {
  en: [
    '/?lang=en',
    '/services?lang=en',
    '/services/analytics?lang=en',
    '/company/about-us',
    '/technology',
    '/technology/google-marketing-platform-partner',
    '/technology/lunio',
    '/company/career',
    '/company/career/senior-data-engineer',
    '/company/contact',
    '/company/events',
    '/company/events/analytics-hub/hamburg/2026/06',
    '/newsletter?lang=en',
  ],
  de: [
    '/?lang=de',
    '/services?lang=de',
    '/services/analytics?lang=de',
    '/unternehmen/ueber-uns',
    '/technologie',
    '/technologie/google-marketing-platform-partner',
    '/technologie/lunio',
    '/unternehmen/karriere',
    '/unternehmen/karriere/senior-data-engineer',
    '/unternehmen/kontakt',
    '/unternehmen/events',
    '/unternehmen/events/analytics-hub/hamburg/2026/06',
    '/newsletter?lang=de',
  ],
} as const;

/**
 * Every card grid's rows are full: the cards of each row reach from the grid's left edge to its right edge, so no
 * row ends with an empty slot (a card that spans more columns fills its row too). A card grid is any list laid out
 * as a grid in the page's main content, or one of the blocks' card containers.
 */
export function gridRowProblems(): string[] {
  const problems: string[] = [];
  const named =
    '.card-grid, .services__grid, .benefits__grid, .gmp__grid, .badges__list, .steps__list, .closer-look__grid, ' +
    '.jobs__list, .events__list, .recommendations__list, .cross-linkage__list, .tools__list, .categories__grid, ' +
    '.optimization__list, .synergy__list, .ads__grid, .boxes__grid, .trusts__list';
  const grids = new Set<Element>(document.querySelectorAll(`main :is(${named})`));
  for (const list of document.querySelectorAll('main :is(ul, ol)')) {
    if (getComputedStyle(list).display === 'grid') grids.add(list);
  }
  for (const grid of grids) {
    const style = getComputedStyle(grid);
    const box = grid.getBoundingClientRect();
    if (box.width === 0) continue;
    const left = box.left + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.borderLeftWidth);
    const right = box.right - Number.parseFloat(style.paddingRight) - Number.parseFloat(style.borderRightWidth);
    const rows = new Map<number, { left: number; right: number; count: number }>();
    for (const child of grid.children) {
      const rect = child.getBoundingClientRect();
      if (rect.width === 0 || getComputedStyle(child).position === 'absolute') continue;
      const top = Math.round(rect.top);
      const row = rows.get(top) ?? { left: Number.POSITIVE_INFINITY, right: Number.NEGATIVE_INFINITY, count: 0 };
      rows.set(top, {
        left: Math.min(row.left, rect.left),
        right: Math.max(row.right, rect.right),
        count: row.count + 1,
      });
    }
    const counts = [...rows.values()].map((row) => row.count).join(' + ');
    for (const row of rows.values()) {
      if (row.left > left + 2 || row.right < right - 2) {
        const name = (grid.getAttribute('class') ?? grid.tagName).split(' ')[0];
        problems.push(
          `${name} (rows ${counts}) leaves an empty slot: a row covers ${Math.round(row.right - row.left)} of ${Math.round(right - left)} px`,
        );
        break;
      }
    }
  }
  return problems;
}

/**
 * Two adjacent sections on the same background are one section's padding apart (the first one's bottom padding,
 * plus at most a paragraph's own margin), not two paddings.
 */
export function sectionGapProblems(): string[] {
  const problems: string[] = [];
  // No helper functions in here: the page gets this function's source alone.
  for (const section of document.querySelectorAll('main .section')) {
    const next = section.nextElementSibling;
    if (!next?.classList.contains('section')) continue;
    const [one, two] = [getComputedStyle(section), getComputedStyle(next)];
    if (one.backgroundColor !== two.backgroundColor || one.backgroundImage !== two.backgroundImage) continue;
    const above = section.querySelector(':scope > .section__inner') ?? section;
    const below = next.querySelector(':scope > .section__inner') ?? next;
    const gap = below.getBoundingClientRect().top - above.getBoundingClientRect().bottom;
    const padding = Number.parseFloat(getComputedStyle(section).paddingBottom);
    if (gap > padding + 16) {
      const names = `${section.classList[0]} → ${next.classList[0]}`;
      problems.push(`${names}: ${Math.round(gap)} px apart, one padding is ${padding} px`);
    }
  }
  return problems;
}

/**
 * A card with one link is clickable as a whole (the element at a point in its padding belongs to that link), and its
 * title is not underlined while nothing hovers or focuses it.
 */
export function cardProblems(): string[] {
  const problems: string[] = [];
  const named =
    '.card-grid, .services__grid, .benefits__grid, .gmp__grid, .jobs__list, .events__list, .cross-linkage__list, ' +
    '.categories__grid, .tools__list';
  for (const grid of document.querySelectorAll(`main :is(${named})`)) {
    for (const card of grid.children) {
      const links = card.querySelectorAll('a[href]');
      const rect = card.getBoundingClientRect();
      // A card behind a closed disclosure (the jobs past the first few) is not on the page to click.
      const shown = card.checkVisibility ? card.checkVisibility() : rect.width > 0;
      if (links.length !== 1 || rect.width === 0 || !shown) continue;
      const link = links[0]!;
      const title = card.querySelector('h3')?.textContent?.trim() ?? card.textContent?.trim().slice(0, 40);
      // Instantly: the page scrolls smoothly otherwise, and the card would still be on its way.
      window.scrollTo({ top: window.scrollY + rect.top - 200, behavior: 'instant' });
      const box = card.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + 8, box.top + 8);
      if (!hit || (hit !== link && !link.contains(hit))) {
        problems.push(`"${title}": its corner is ${hit ? hit.tagName.toLowerCase() : 'nothing'}, not its link`);
      }
      const heading = card.querySelector('h3');
      if (heading) {
        for (const element of [heading, ...heading.querySelectorAll('*')]) {
          if (getComputedStyle(element).textDecorationLine.includes('underline')) {
            problems.push(`"${title}": the title is underlined at rest`);
            break;
          }
        }
      }
    }
  }
  window.scrollTo({ top: 0, behavior: 'instant' });
  return problems;
}

/** Every tab label is whole and on the screen: not cut by its button, its tab list or the viewport. */
export function tabProblems(): string[] {
  const problems: string[] = [];
  for (const list of document.querySelectorAll('[role="tablist"]')) {
    const frame = list.getBoundingClientRect();
    for (const tab of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
      const rect = tab.getBoundingClientRect();
      const cut =
        tab.scrollWidth > tab.clientWidth + 1 ||
        rect.left < Math.max(frame.left, 0) - 1 ||
        rect.right > Math.min(frame.right, window.innerWidth) + 1;
      if (cut)
        problems.push(
          `the tab "${tab.textContent?.trim()}" is cut (${Math.round(rect.left)}–${Math.round(rect.right)} px)`,
        );
    }
  }
  return problems;
}

/**
 * No arrow sits alone on a line: an arrow shares a line with what follows it (the product it points to) or, where
 * nothing follows, with the end of its label, right behind its last word rather than at the far edge.
 */
export function arrowProblems(): string[] {
  const problems: string[] = [];
  const arrows = [...document.querySelectorAll('main svg')].filter((svg) =>
    (svg.querySelector('use')?.getAttribute('href') ?? '').endsWith('#arrowRight'),
  );
  // No helper functions in here: the page gets this function's source alone.
  for (const arrow of arrows) {
    const box = arrow.getBoundingClientRect();
    // A button that is only an arrow (a slider's next) has no words to stay with.
    if (box.width === 0 || arrow.closest('button')) continue;
    const container = arrow.closest('a') ?? arrow.parentElement?.closest('p, li, div');
    if (!container) continue;
    const label = container.textContent?.trim().replace(/\s+/g, ' ') ?? '';
    const middle = (box.top + box.bottom) / 2;
    const after = document.createRange();
    after.setStartAfter(arrow);
    after.setEnd(container, container.childNodes.length);
    const next = after.toString().trim()
      ? [...after.getClientRects()].find((rect) => rect.width > 0 && rect.height > 0)
      : undefined;
    if (next) {
      if (middle < next.top || middle > next.bottom)
        problems.push(`the arrow in "${label}" is on another line than what it points to`);
      continue;
    }
    const before = document.createRange();
    before.setStart(container, 0);
    before.setEndBefore(arrow);
    const previous = [...before.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0).at(-1);
    if (!previous) continue;
    if (middle < previous.top || middle > previous.bottom || box.left - previous.right > 16) {
      problems.push(`the arrow in "${label}" is not behind its last word`);
    }
  }
  return problems;
}
