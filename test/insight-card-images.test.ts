/**
 * The insight card images tell their content type apart: each type has its own band colour along
 * the top, every shipped card carries its type's band, and the cards stay in the usual byte range.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { CONTENT_TYPES } from '#app/insights/model.ts';
// @ts-expect-error: the artwork is a build script without types
import { BAND_HEIGHT_SHARE, TYPE_BANDS } from '../scripts/insight-card-art.mjs';

const INSIGHTS = 'content/en/homepage/insights';
const bands = TYPE_BANDS as Record<string, string>;
const bandOf = (type: string) => bands[type] ?? '#000000';

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}
const distance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(...a.map((value, i) => value - (b[i] ?? 0)));

/** The mean colour of the band's middle row, across the image's width. */
async function bandColour(file: string): Promise<number[]> {
  const image = sharp(file);
  const { width = 0, height = 0 } = await image.metadata();
  const row = Math.floor((height * BAND_HEIGHT_SHARE) / 2);
  const { data, info } = await image
    .extract({ left: 0, top: row, width, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [0, 1, 2].map((channel) => {
    let sum = 0;
    for (let x = 0; x < info.width; x += 1) sum += data[x * info.channels + channel] ?? 0;
    return sum / info.width;
  });
}

t.test('each content type has a band colour of its own', async (t) => {
  for (const type of CONTENT_TYPES) t.ok(bands[type], `${type} has a band`);
  const colours = CONTENT_TYPES.map((type) => rgb(bandOf(type)));
  for (let a = 0; a < colours.length; a += 1)
    for (let b = a + 1; b < colours.length; b += 1)
      t.ok(
        distance(colours[a] ?? [], colours[b] ?? []) > 60,
        `${CONTENT_TYPES[a]} and ${CONTENT_TYPES[b]} look different`,
      );
});

t.test("every card image carries its type's band, and the cards differ by type", async (t) => {
  const folders = readdirSync(INSIGHTS, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const seen = new Map<string, number[]>();
  for (const { name } of folders) {
    const { type } = JSON.parse(readFileSync(path.join(INSIGHTS, name, 'general_information.json'), 'utf8')) as {
      type: string;
    };
    const file = path.join('static/images/insights', name, 'image.jpg');
    const colour = await bandColour(file);
    t.ok(distance(colour, rgb(bandOf(type))) < 24, `${name} (${type}) has the ${type} band`);
    seen.set(type, colour);
    const bytes = statSync(file).size;
    t.ok(bytes > 8_000 && bytes < 40_000, `${name}: ${bytes} B, in the usual range`);
  }
  t.ok(seen.size >= 5, `the shipped cards show ${seen.size} types`);
});
