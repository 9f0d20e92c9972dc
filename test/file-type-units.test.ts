/**
 * What a file is by its bytes, and what a check may cost: a Word document's package is found
 * by the names in its ZIP directory, compared where they lie, within the limits a CV's
 * directory can have; anything past them, or a directory that is not where or what its end
 * record says, is no document. Checks across the server run a few at a time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { detectFileType, FILE_TYPES, ZIP_LIMITS } from '#server/uploads/file-type.ts';
import { createTypeCheckSlots } from '#server/uploads/type-check-slots.ts';
import { crowdedDocx, samples, zip } from './helpers/files.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'file-type-'));
t.teardown(() => rmSync(folder, { recursive: true, force: true }));
let written = 0;
/** The type of these bytes, as the upload would have them on disk. */
async function typeOf(bytes: Uint8Array): Promise<string | undefined> {
  written += 1;
  const file = path.join(folder, `${written}.bin`);
  writeFileSync(file, bytes);
  return (await detectFileType(file))?.extension;
}

const CONTENT_TYPES: [string, string] = ['[Content_Types].xml', '<Types/>'];
const DOCUMENT: [string, string] = ['word/document.xml', '<w:document/>'];
/** The end record's place in a ZIP without a comment. */
const endOf = (file: Buffer) => file.length - 22;

t.test('every accepted type is told by its bytes, and impostors are not', async (t) => {
  for (const type of ['pdf', 'png', 'jpeg', 'doc', 'docx', 'odt'] as const)
    t.equal(await typeOf(samples[type]), FILE_TYPES[type].extension, type);
  for (const impostor of ['exe', 'plainZip', 'xls', 'html'] as const)
    t.equal(await typeOf(samples[impostor]), undefined);
});

t.test('a Word document is found by its two names, in any order and among others', async (t) => {
  t.equal(await typeOf(zip([DOCUMENT, ['word/styles.xml', '<w:styles/>'], CONTENT_TYPES])), 'docx', 'body first');
  const parts = Array.from({ length: 300 }, (_, index): [string, string] => [`word/media/image${index}.png`, 'x']);
  t.equal(await typeOf(zip([...parts, CONTENT_TYPES, ...parts, DOCUMENT])), 'docx', 'among 600 other parts');
  t.equal(await typeOf(zip([CONTENT_TYPES])), undefined, 'one of the two is not enough');
  t.equal(await typeOf(zip([CONTENT_TYPES, CONTENT_TYPES])), undefined, 'nor is one of them twice');
  t.equal(
    await typeOf(zip([CONTENT_TYPES, ['word/document.xmL', ''], ['word/document.xml2', '']])),
    undefined,
    'a name is the same bytes, not a near spelling or a longer one',
  );
  t.equal(await typeOf(zip([CONTENT_TYPES, ['Word/Document.xml', '']])), undefined, 'letter case counts');
});

t.test(
  'a directory past the entries or bytes a CV can have is refused, as its end record says or as walked',
  async (t) => {
    const names = (count: number) => Array.from({ length: count }, (_, index): [string, string] => [`p/${index}`, '']);
    const atLimit = zip([...names(ZIP_LIMITS.maxEntries - 2), CONTENT_TYPES, DOCUMENT]);
    t.equal(await typeOf(atLimit), 'docx', `${ZIP_LIMITS.maxEntries} entries are a document`);
    t.equal(
      await typeOf(zip([...names(ZIP_LIMITS.maxEntries - 1), CONTENT_TYPES, DOCUMENT])),
      undefined,
      'one more is not',
    );

    const understated = Buffer.from(atLimit);
    understated.writeUInt16LE(10, endOf(understated) + 8);
    understated.writeUInt16LE(10, endOf(understated) + 10);
    t.equal(await typeOf(understated), undefined, 'an end record that counts fewer entries than the walk finds');

    const longNames = Array.from({ length: 300 }, (_, index): [string, string] => [`${'n'.repeat(2000)}${index}`, '']);
    t.equal(await typeOf(zip([...longNames, CONTENT_TYPES, DOCUMENT])), undefined, 'a directory of more than 512 KB');

    t.equal(await typeOf(crowdedDocx(200_000)), undefined, 'the 200,000 entries of a crafted "CV"');
    t.equal(await typeOf(crowdedDocx(65_536)), undefined, 'the same whose end record counts 2');
    t.equal(await typeOf(crowdedDocx(100)), 'docx', 'the same with 100 entries is a document');
  },
);

t.test('a ZIP64 marker, a directory that is not where its end record says, or cut short is no document', async (t) => {
  const docx = Buffer.from(samples.docx);
  const zip64 = Buffer.from(docx);
  zip64.writeUInt32LE(0xffffffff, endOf(zip64) + 16);
  t.equal(await typeOf(zip64), undefined, 'offset 0xffffffff (see the ZIP64 record)');
  const manyEntries = Buffer.from(docx);
  manyEntries.writeUInt16LE(0xffff, endOf(manyEntries) + 10);
  t.equal(await typeOf(manyEntries), undefined, 'entry count 0xffff');

  const garbage = Buffer.from(docx);
  garbage.writeUInt32LE(7, endOf(garbage) + 16);
  t.equal(await typeOf(garbage), undefined, 'an offset into the middle of a part');
  const pastEnd = Buffer.from(docx);
  pastEnd.writeUInt32LE(pastEnd.length, endOf(pastEnd) + 16);
  t.equal(await typeOf(pastEnd), undefined, 'an offset past the end record');
  const oversized = Buffer.from(docx);
  oversized.writeUInt32LE(oversized.readUInt32LE(endOf(oversized) + 12) + 40, endOf(oversized) + 12);
  t.equal(await typeOf(oversized), undefined, 'a size that runs into the end record');

  const directoryStart = docx.readUInt32LE(endOf(docx) + 16);
  const cut = Buffer.concat([docx.subarray(0, directoryStart + 60), docx.subarray(endOf(docx))]);
  t.equal(await typeOf(cut), undefined, 'a directory cut short after its first entry began');
  const nameCut = Buffer.from(docx);
  // The first entry says its name is longer than the whole directory.
  nameCut.writeUInt16LE(0xffff, directoryStart + 28);
  t.equal(await typeOf(nameCut), undefined, 'an entry that runs past the directory');
  t.equal(await typeOf(docx.subarray(0, endOf(docx))), undefined, 'no end record at all');
});

t.test('a Word 97 document is found wherever its stream name lies, across the read windows too', async (t) => {
  const ole2 = Buffer.from(samples.doc.subarray(0, 8));
  const word = Buffer.from('WordDocument', 'utf16le');
  for (const at of [256 * 1024 - 10, 256 * 1024, 3 * 1024 * 1024 + 5]) {
    const file = Buffer.alloc(4 * 1024 * 1024);
    ole2.copy(file, 0);
    word.copy(file, at);
    t.equal(await typeOf(file), 'doc', `at byte ${at}`);
  }
  const without = Buffer.alloc(4 * 1024 * 1024);
  ole2.copy(without, 0);
  t.equal(await typeOf(without), undefined, 'a compound file without it is not a Word document');
});

t.test('checks run a few at a time; past the waiting line they are refused without running', async (t) => {
  const slots = createTypeCheckSlots(2, 1);
  const gates: Array<() => void> = [];
  const started: number[] = [];
  const check = (id: number) => () =>
    new Promise<number>((resolve) => {
      started.push(id);
      gates.push(() => resolve(id));
    });
  const first = slots.run(check(1));
  const second = slots.run(check(2));
  const third = slots.run(check(3));
  t.same(await slots.run(check(4)), undefined, 'a fourth finds the line full');
  await new Promise(setImmediate);
  t.same(started, [1, 2], 'two run, one waits');
  t.same(slots.stats(), { running: 2, waiting: 1 });
  gates.shift()!();
  t.same(await first, { value: 1 });
  await new Promise(setImmediate);
  t.same(started, [1, 2, 3], 'the waiting one takes the freed turn');
  for (const open of gates.splice(0)) open();
  t.same(await Promise.all([second, third]), [{ value: 2 }, { value: 3 }]);
  t.same(slots.stats(), { running: 0, waiting: 0 });
  const failing = slots.run(() => Promise.reject(new Error('unreadable')));
  await t.rejects(failing, /unreadable/, 'a failing check fails its caller');
  t.same(slots.stats(), { running: 0, waiting: 0 }, 'and gives its turn back');
});
