// The portraits of everyone the site names: content/people.json lists each person with the
// variants that make up their face, and each portrait is drawn in one style (Notionists by
// Zoish, CC0 1.0, through DiceBear) as static/images/people/{name}.svg. The drawings are line
// art in the site's ink on one of three tints of its palette; no photograph stands in for a
// person the company invented. npm run images calls writePortraits; content:check ties the
// people named in the content to this list.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createAvatar } from '@dicebear/core';
import * as notionists from '@dicebear/notionists';
import { PORTRAITS_FOLDER, personSlug } from '../src/app/people/portrait-path.ts';

const INK = '#14212d';
const BACKGROUNDS = { sky: 'dde8f1', sea: 'd8eeeb', mist: 'eceff3' };
/** The drawn size: a portrait is shown at most at 96 CSS pixels, the viewBox scales it. */
const SIZE = 192;

const variant = (number) => [`variant${String(number).padStart(2, '0')}`];

/** One person's portrait as SVG text: the same traits always give the same file. */
export function portraitSvg(traits) {
  return createAvatar(notionists, {
    size: SIZE,
    backgroundColor: [BACKGROUNDS[traits.background]],
    hair: variant(traits.hair),
    body: variant(traits.body),
    brows: variant(traits.brows),
    eyes: variant(traits.eyes),
    lips: variant(traits.lips),
    nose: variant(traits.nose),
    glasses: variant(traits.glasses ?? 1),
    glassesProbability: traits.glasses ? 100 : 0,
    beard: variant(traits.beard ?? 1),
    beardProbability: traits.beard ? 100 : 0,
    // A consultant's portrait, not a sticker: no waving hands, no planets on the shirt.
    gestureProbability: 0,
    bodyIconProbability: 0,
  })
    .toString()
    .replaceAll('fill="#000"', `fill="${INK}"`);
}

/** Draws every listed person's portrait into root's static images and removes those of people no longer listed. */
export async function writePortraits(root) {
  const { people } = JSON.parse(await readFile(path.join(root, 'content', 'people.json'), 'utf8'));
  const folder = path.join(root, 'static', PORTRAITS_FOLDER);
  await mkdir(folder, { recursive: true });
  const files = new Set();
  for (const person of people) {
    const file = `${personSlug(person.name)}.svg`;
    files.add(file);
    await writeFile(path.join(folder, file), `${portraitSvg(person.portrait)}\n`);
  }
  for (const file of await readdir(folder)) if (!files.has(file)) await rm(path.join(folder, file));
  return files.size;
}
