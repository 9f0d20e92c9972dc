/** Card grid layouts by count: every count up to twenty fills every row, at four, three and two columns. */
import t from 'tap';
import { cardGridClass, cardGridLayout } from '../src/app/blocks/card-grid.ts';

t.test('the wide layout of every count fills its rows', async (t) => {
  for (let count = 1; count <= 20; count++) {
    const { columns, lead } = cardGridLayout(count);
    t.ok(columns >= 1 && columns <= 4, `${count}: ${columns} columns`);
    // The lead row holds `lead` wider cards; the rest fill whole rows of `columns`.
    t.equal((count - lead) % columns, 0, `${count}: the cards after the lead fill whole rows`);
    t.ok(lead === 0 || 12 % lead === 0, `${count}: ${lead} lead cards share the twelve tracks evenly`);
  }
});

t.test('the classes name the layout', async (t) => {
  t.equal(cardGridClass(3), 'card-grid card-grid--cols-3 card-grid--odd');
  t.equal(cardGridClass(4, 'benefits__grid'), 'card-grid card-grid--cols-4 benefits__grid');
  t.equal(cardGridClass(5), 'card-grid card-grid--cols-3 card-grid--lead-2 card-grid--odd');
  t.equal(cardGridClass(6), 'card-grid card-grid--cols-3');
  t.equal(cardGridClass(7), 'card-grid card-grid--cols-4 card-grid--lead-3 card-grid--odd');
  t.equal(cardGridClass(4, 'jobs__list', 2), 'card-grid card-grid--cols-2 jobs__list');
  t.equal(cardGridClass(3, 'jobs__list', 2), 'card-grid card-grid--cols-2 card-grid--lead-1 card-grid--odd jobs__list');
});
