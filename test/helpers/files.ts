/** Small real files of every accepted type, and impostors, made in memory for upload tests. */
import { crc32 } from 'node:zlib';

/** A ZIP with stored (uncompressed) entries, in order. */
export function zip(entries: [name: string, content: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Bytes in a plain ArrayBuffer, as Blob and fetch want them. */
const bytes = (buffer: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(buffer);

export const samples = {
  pdf: bytes(
    Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  ),
  png: bytes(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  ),
  jpeg: bytes(
    Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0'),
      Buffer.alloc(64),
      Buffer.from([0xff, 0xd9]),
    ]),
  ),
  docx: bytes(
    zip([
      [
        '[Content_Types].xml',
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ],
      [
        'word/document.xml',
        '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
      ],
    ]),
  ),
  odt: bytes(
    zip([
      ['mimetype', 'application/vnd.oasis.opendocument.text'],
      [
        'content.xml',
        '<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>',
      ],
    ]),
  ),
  doc: bytes(
    Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
      Buffer.from('Root Entry', 'utf16le'),
      Buffer.alloc(54),
      Buffer.from('WordDocument', 'utf16le'),
      Buffer.alloc(40),
    ]),
  ),
  /** Impostors: the right name, the wrong bytes. */
  exe: bytes(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])),
  plainZip: bytes(zip([['notes.txt', 'just a zip']])),
  xls: bytes(
    Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
      Buffer.from('Workbook', 'utf16le'),
      Buffer.alloc(40),
    ]),
  ),
  html: bytes(Buffer.from('<html><script>alert(1)</script></html>')),
};

/** A file of size bytes that starts as a PDF. */
export function pdfOfSize(size: number): Uint8Array<ArrayBuffer> {
  const buffer = new Uint8Array(size).fill(0x20);
  buffer.set(samples.pdf);
  return buffer;
}

/**
 * A ZIP that names a Word document's two parts after `filler` further entries of tiny names,
 * all pointing at one empty local entry: a "CV" of a few MB whose central directory is nearly
 * all of it. Written by hand, so it takes milliseconds; the same count gives the same bytes.
 * The end record's 16-bit entry count wraps, as it does in archives made by careless tools.
 */
export function crowdedDocx(filler: number): Uint8Array<ArrayBuffer> {
  const local = Buffer.alloc(30 + 1);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(1, 26);
  local.write('a', 30);
  const names = [
    ...Array.from({ length: filler }, (_, index) => (index % 46_656).toString(36).padStart(3, '0')),
    'word/document.xml',
    '[Content_Types].xml',
  ];
  const directoryLength = names.reduce((length, name) => length + 46 + name.length, 0);
  const file = Buffer.alloc(local.length + directoryLength + 22);
  local.copy(file, 0);
  let at = local.length;
  for (const name of names) {
    file.writeUInt32LE(0x02014b50, at);
    file.writeUInt16LE(20, at + 4);
    file.writeUInt16LE(20, at + 6);
    file.writeUInt16LE(name.length, at + 28);
    file.write(name, at + 46, 'latin1');
    at += 46 + name.length;
  }
  file.writeUInt32LE(0x06054b50, at);
  file.writeUInt16LE(names.length % 0x10000, at + 8);
  file.writeUInt16LE(names.length % 0x10000, at + 10);
  file.writeUInt32LE(directoryLength, at + 12);
  file.writeUInt32LE(local.length, at + 16);
  return bytes(file);
}
