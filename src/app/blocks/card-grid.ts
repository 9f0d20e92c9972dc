/**
 * The classes of a card grid, chosen by how many cards it holds, so that no row ends with an empty slot: three
 * or four columns on wide screens, and when the count does not divide, the first row holds fewer, wider cards
 * (five cards: two above three; seven: three above four). Below 1280 px a four-column grid shows two columns, and
 * from 768 px to 1024 px every grid shows two, the first card spanning both when the count is odd. The layout
 * itself is cards.css's (`.card-grid`), on a twelve-track grid.
 */

export interface CardGridLayout {
  /** Columns on wide screens: 1 to 4. */
  columns: number;
  /** How many wider cards lead the first row when the count does not fill every row (0 when it does). */
  lead: number;
}

/** maxColumns 2 keeps cards that need room (a job with its facts) two a row on every wide screen. */
export function cardGridLayout(count: number, maxColumns: 2 | 4 = 4): CardGridLayout {
  if (maxColumns === 2) return count <= 2 ? { columns: Math.max(count, 1), lead: 0 } : { columns: 2, lead: count % 2 };
  if (count <= 4) return { columns: Math.max(count, 1), lead: 0 };
  // Three columns when the count divides by three or leaves two (two wide cards lead), four otherwise.
  const columns = count % 3 === 0 || count % 3 === 2 ? 3 : 4;
  return { columns, lead: count % columns };
}

export function cardGridClass(count: number, extra?: string, maxColumns: 2 | 4 = 4): string {
  const { columns, lead } = cardGridLayout(count, maxColumns);
  const classes = ['card-grid', `card-grid--cols-${columns}`];
  if (lead > 0) classes.push(`card-grid--lead-${lead}`);
  if (count % 2 === 1 && count > 1) classes.push('card-grid--odd');
  if (extra) classes.push(extra);
  return classes.join(' ');
}
