/**
 * What a file really is, by its bytes: PDF, DOC, DOCX, ODT, PNG or JPEG. Names and the
 * declared content type are never trusted; a renamed executable or a plain ZIP is refused.
 * A check reads the file in fixed windows, so what it holds does not grow with what the file holds.
 */
import { open } from 'node:fs/promises';

export interface FileType {
  mime: string;
  extension: string;
}

export const FILE_TYPES = {
  pdf: { mime: 'application/pdf', extension: 'pdf' },
  png: { mime: 'image/png', extension: 'png' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  doc: { mime: 'application/msword', extension: 'doc' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  odt: { mime: 'application/vnd.oasis.opendocument.text', extension: 'odt' },
} as const satisfies Record<string, FileType>;

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((byte, index) => head[index] === byte);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ODT_MIMETYPE = 'mimetypeapplication/vnd.oasis.opendocument.text';
/** The stream every Word 97-2003 document has, as its compound file directory spells it. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
/** A central directory entry's fixed part; its name follows. */
const CENTRAL_HEADER_BYTES = 46;
/** The end record's fixed part and the longest comment it may carry after it. */
const EOCD_BYTES = 22;
const EOCD_SEARCH_BYTES = EOCD_BYTES + 0xffff;
/** The names a Word document's package must hold, as the ZIP directory spells them (ASCII, so UTF-8 alike). */
const DOCX_NAMES = [Buffer.from('[Content_Types].xml'), Buffer.from('word/document.xml')];
/**
 * What a CV's ZIP directory may be. A Word document has tens of entries (its parts, styles,
 * themes, relations), a few hundred with many embedded images; 2,000 leaves room for any real
 * CV. Each entry costs at least 46 bytes, so 2,000 entries of names up to ~200 bytes fit in
 * 512 KB. A file past either is no document anyone wrote, only work for the server: refused.
 */
export const ZIP_LIMITS = { maxEntries: 2_000, maxDirectoryBytes: 512 * 1024 } as const;
/**
 * How much of a file a check holds at once. The directory is read in windows of this size,
 * so a check's memory does not grow with what the file holds.
 */
const WINDOW_BYTES = 64 * 1024;
/** The compound file scan reads larger windows: its needle can be anywhere in the file. */
const SCAN_WINDOW_BYTES = 256 * 1024;

type Handle = Awaited<ReturnType<typeof open>>;

/** Reads into the given buffer (never a new one); returns the part that was filled. */
async function readInto(handle: Handle, buffer: Buffer, position: number, length: number): Promise<Buffer> {
  const { bytesRead } = await handle.read(buffer, 0, Math.min(length, buffer.length), position);
  return buffer.subarray(0, bytesRead);
}

async function readAt(handle: Handle, position: number, length: number): Promise<Buffer> {
  return readInto(handle, Buffer.allocUnsafe(length), position, length);
}

interface CentralDirectory {
  offset: number;
  size: number;
  entries: number;
}

/** Where the central directory is, by the end record; null for a ZIP64, an oversized or an impossible one. */
async function centralDirectoryOf(handle: Handle, size: number): Promise<CentralDirectory | null> {
  const tailLength = Math.min(size, EOCD_SEARCH_BYTES);
  const tail = await readAt(handle, size - tailLength, tailLength);
  for (let i = tail.length - EOCD_BYTES; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) !== EOCD_SIGNATURE) continue;
    const entries = tail.readUInt16LE(i + 10);
    const directorySize = tail.readUInt32LE(i + 12);
    const offset = tail.readUInt32LE(i + 16);
    // 0xffff and 0xffffffff mean "see the ZIP64 record": only archives far beyond any CV need one.
    if (entries > ZIP_LIMITS.maxEntries || directorySize > ZIP_LIMITS.maxDirectoryBytes) return null;
    if (offset + directorySize > size - tailLength + i) return null;
    return { offset, size: directorySize, entries };
  }
  return null;
}

/**
 * Whether a ZIP's central directory names every one of `wanted`. The directory is walked
 * in fixed windows and names are compared as bytes where they lie: no string per entry,
 * no copy of the directory. A walk that overruns the directory, finds anything but an
 * entry where one should start, or counts more entries than the end record said fails.
 */
async function directoryNamesAll(handle: Handle, directory: CentralDirectory, wanted: Buffer[]): Promise<boolean> {
  const window = Buffer.allocUnsafe(WINDOW_BYTES);
  const end = directory.offset + directory.size;
  const found = new Set<Buffer>();
  const longestWanted = Math.max(...wanted.map((name) => name.length));
  let view: Buffer = Buffer.alloc(0);
  let viewStart = directory.offset;
  let at = directory.offset;
  for (let entries = 0; at < end; entries += 1) {
    if (entries >= directory.entries || end - at < CENTRAL_HEADER_BYTES) return false;
    // The fixed part and as much of the name as a wanted name can be, in the window.
    const needed = Math.min(CENTRAL_HEADER_BYTES + longestWanted, end - at);
    if (at + needed > viewStart + view.length) {
      view = await readInto(handle, window, at, end - at);
      viewStart = at;
      if (view.length < needed) return false;
    }
    const local = at - viewStart;
    if (view.readUInt32LE(local) !== CENTRAL_SIGNATURE) return false;
    const nameLength = view.readUInt16LE(local + 28);
    const entryLength =
      CENTRAL_HEADER_BYTES + nameLength + view.readUInt16LE(local + 30) + view.readUInt16LE(local + 32);
    if (at + entryLength > end) return false;
    const nameStart = local + CENTRAL_HEADER_BYTES;
    // A wanted name is no longer than what the window was filled to hold past the fixed part.
    for (const name of wanted) {
      if (name.length === nameLength && view.compare(name, 0, name.length, nameStart, nameStart + nameLength) === 0)
        found.add(name);
    }
    at += entryLength;
  }
  return found.size === wanted.length;
}

/** Whether the file holds the needle anywhere, read one window at a time into the same buffer. */
async function containsBytes(handle: Handle, size: number, needle: Buffer): Promise<boolean> {
  const window = Buffer.allocUnsafe(SCAN_WINDOW_BYTES);
  // Windows overlap by the needle's length, so one that straddles two is still seen.
  for (let position = 0; position < size; position += window.length - needle.length) {
    if ((await readInto(handle, window, position, window.length)).includes(needle)) return true;
  }
  return false;
}

/** A Word document by its package: a ZIP whose directory, within a CV's limits, names its content types and body. */
async function isDocx(handle: Handle, size: number): Promise<boolean> {
  const directory = await centralDirectoryOf(handle, size);
  return directory !== null && (await directoryNamesAll(handle, directory, DOCX_NAMES));
}

export async function detectFileType(file: string): Promise<FileType | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = await readAt(handle, 0, 96);
    if (head.subarray(0, 5).toString('latin1') === '%PDF-') return FILE_TYPES.pdf;
    if (startsWith(head, PNG)) return FILE_TYPES.png;
    if (startsWith(head, JPEG)) return FILE_TYPES.jpeg;
    if (startsWith(head, OLE2)) return (await containsBytes(handle, size, WORD_STREAM)) ? FILE_TYPES.doc : null;
    if (startsWith(head, ZIP)) {
      if (head.subarray(30, 30 + ODT_MIMETYPE.length).toString('latin1') === ODT_MIMETYPE) return FILE_TYPES.odt;
      if (await isDocx(handle, size)) return FILE_TYPES.docx;
    }
    return null;
  } finally {
    await handle.close();
  }
}
