/**
 * Chromium stamps every PDF with the moment it printed it (/CreationDate, /ModDate) and its own user agent as the
 * creator, so two runs over the same texts would give different files, and every run a diff to commit. This writes
 * the document information dictionary anew (fixed dates, title, author, subject) and moves the objects after it,
 * with a fresh cross-reference table, so the file stays valid. It reads the classic xref table Chromium (Skia)
 * writes; a file with cross-reference streams is refused rather than damaged.
 */

export interface DocumentInfo {
  title: string;
  author: string;
  subject: string;
  creator: string;
  /** A PDF date, D:YYYYMMDDHHmmSS+HH'mm'. */
  date: string;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** A PDF text string in UTF-16BE with its byte order mark, which holds any character. */
export function pdfText(text: string): string {
  const units = Buffer.from(text, 'utf16le').swap16();
  return `<FEFF${units.toString('hex').toUpperCase()}>`;
}

interface Xref {
  offset: number;
  /** Object number → byte offset, in-use objects only. */
  objects: Map<number, number>;
  size: number;
  trailer: string;
}

function readXref(pdf: string): Xref {
  const start = pdf.lastIndexOf('startxref');
  const offset = Number(/startxref\s+(\d+)/.exec(pdf.slice(start))?.[1]);
  if (!Number.isInteger(offset) || !pdf.startsWith('xref', offset))
    throw new Error('no classic cross-reference table where startxref points');
  const trailerAt = pdf.indexOf('trailer', offset);
  const lines = pdf
    .slice(offset + 4, trailerAt)
    .trim()
    .split(/\r?\n/);
  const objects = new Map<number, number>();
  let number = 0;
  for (const line of lines) {
    const section = /^(\d+) (\d+)$/.exec(line.trim());
    if (section) {
      number = Number(section[1]);
      continue;
    }
    const entry = /^(\d{10}) (\d{5}) ([nf])/.exec(line);
    if (!entry) throw new Error(`an unreadable cross-reference entry: ${line}`);
    if (entry[3] === 'n') objects.set(number, Number(entry[1]));
    number += 1;
  }
  const trailer = pdf.slice(trailerAt, start).trim();
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  if (/\/Prev\b/.test(trailer)) throw new Error('an incrementally updated file');
  return { offset, objects, size, trailer };
}

/** The PDF with its information dictionary replaced by one built from `info`; everything else stays as printed. */
export function setDocumentInfo(bytes: Uint8Array, info: DocumentInfo): Buffer {
  const pdf = latin1(bytes);
  const xref = readXref(pdf);
  const infoNumber = Number(/\/Info (\d+) 0 R/.exec(xref.trailer)?.[1]);
  if (!xref.objects.has(infoNumber)) throw new Error('the trailer names no document information dictionary');
  const producer = /\/Producer \(([^()\\]*)\)/.exec(pdf.slice(xref.objects.get(infoNumber)))?.[1];
  const dictionary = [
    `/Title ${pdfText(info.title)}`,
    `/Author ${pdfText(info.author)}`,
    `/Subject ${pdfText(info.subject)}`,
    `/Creator ${pdfText(info.creator)}`,
    ...(producer ? [`/Producer (${producer})`] : []),
    `/CreationDate (${info.date})`,
    `/ModDate (${info.date})`,
  ].join('\n');
  const ordered = [...xref.objects].sort((a, b) => a[1] - b[1]);
  const first = ordered[0]?.[1] ?? xref.offset;
  const parts: Buffer[] = [Buffer.from(pdf.slice(0, first), 'latin1')];
  const offsets = new Map<number, number>();
  let position = first;
  ordered.forEach(([number, offset], index) => {
    const end = ordered[index + 1]?.[1] ?? xref.offset;
    const object =
      number === infoNumber
        ? Buffer.from(`${number} 0 obj\n<<${dictionary}>>\nendobj\n`, 'latin1')
        : Buffer.from(pdf.slice(offset, end), 'latin1');
    offsets.set(number, position);
    parts.push(object);
    position += object.length;
  });
  const entries = Array.from({ length: xref.size }, (_, number) => {
    const offset = offsets.get(number);
    return offset === undefined ? '0000000000 65535 f \n' : `${String(offset).padStart(10, '0')} 00000 n \n`;
  });
  parts.push(
    Buffer.from(`xref\n0 ${xref.size}\n${entries.join('')}${xref.trailer}\nstartxref\n${position}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(parts);
}
