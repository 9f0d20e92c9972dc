/**
 * What a file really is, by its bytes: PDF, DOC, DOCX, ODT, PNG or JPEG. Names and the
 * declared content type are never trusted; a renamed executable or a plain ZIP is refused.
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

type Handle = Awaited<ReturnType<typeof open>>;

async function readAt(handle: Handle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Names in a ZIP's central directory. */
async function zipEntryNames(handle: Handle, size: number): Promise<string[]> {
  const tailLength = Math.min(size, 65_557);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd === -1) return [];
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directoryOffset + directorySize > size || directorySize > 16 * 1024 * 1024) return [];
  const directory = await readAt(handle, directoryOffset, directorySize);
  const names: string[] = [];
  for (let at = 0; at + 46 <= directory.length && directory.readUInt32LE(at) === CENTRAL_SIGNATURE; ) {
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    names.push(directory.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

async function containsBytes(handle: Handle, size: number, needle: Buffer): Promise<boolean> {
  const chunk = 256 * 1024;
  for (let position = 0; position < size; position += chunk - needle.length) {
    if ((await readAt(handle, position, chunk)).includes(needle)) return true;
  }
  return false;
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
      const names = await zipEntryNames(handle, size);
      if (names.includes('word/document.xml') && names.includes('[Content_Types].xml')) return FILE_TYPES.docx;
    }
    return null;
  } finally {
    await handle.close();
  }
}
