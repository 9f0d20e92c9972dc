/**
 * Open positions for the pages and the careers API. With CAREERS_API_URL set they come
 * from the careers service (GET ?language=de|en answering { activePositions }), kept for
 * CAREERS_TTL_MS; a failing, slow or garbled answer keeps the last good list and is
 * logged. Without a URL, or before the service ever answered well, they come from
 * content/{language}/careers/positions.json.
 */

import { Ajv } from 'ajv';
import type { FastifyBaseLogger } from 'fastify';
import { type CareersSource, type Position, uniqueByFolder } from '#app/careers/model.ts';
import { MAX_OPEN_POSITIONS, PositionSchema } from '#app/content/schemas/career.ts';
import { isPlainEmailAddress } from '#app/email/email-address.ts';
import type { Language } from '#app/i18n/language.ts';
import type { ContentStore } from '../content/content-store.ts';
import { BodyTooLargeError, readCappedText } from './capped-body.ts';

export interface CareersOptions {
  /** The careers service's company endpoint; unset, positions come from content. */
  url?: string;
  ttlMs: number;
  timeoutMs: number;
  store: ContentStore;
  log: FastifyBaseLogger;
  now?: () => number;
}

export const POSITIONS_FILE = 'careers/positions.json';
/**
 * The most a careers service's answer may be. A position is about 5 KB of JSON, so the longest
 * list the schema allows fits in 1 MB; twice that leaves room for longer texts. A larger
 * answer is read no further and counts as a failed one.
 */
export const CAREERS_ANSWER_MAX_BYTES = 2 * 1024 * 1024;

interface CacheEntry {
  positions: Position[];
  fetchedAt: number;
}

export class CareersAnswerError extends Error {
  override name = 'CareersAnswerError';
}

function reasonOf(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = (error.cause as { code?: string } | undefined)?.code;
  return cause ? `${error.message} (${cause})` : error.message;
}

/**
 * A position whose coffee-chat address is not a plain email address, without that address.
 * The position itself is kept: a visitor looking for the job still finds it and can apply with
 * the form on its page, and only the mail button to the person to talk to is missing. Dropping
 * the whole job would hide a real opening for one bad field; keeping the address would put
 * whatever the service sent ('?cc=…&body=…') into a link on the page.
 */
function withoutBadAddress(entry: unknown): { entry: unknown; removed?: unknown } {
  if (!entry || typeof entry !== 'object') return { entry };
  const chat = (entry as { coffee_chat?: unknown }).coffee_chat;
  if (!chat || typeof chat !== 'object' || !('email' in chat)) return { entry };
  const { email, ...rest } = chat as { email: unknown };
  if (isPlainEmailAddress(email)) return { entry };
  return { entry: { ...entry, coffee_chat: rest }, removed: email };
}

export function createCareersService({
  url,
  ttlMs,
  timeoutMs,
  store,
  log,
  now = Date.now,
}: CareersOptions): CareersSource {
  const ajv = new Ajv({ allErrors: false, strict: false });
  const validPosition = ajv.compile<Position>(PositionSchema);

  // The same list for the same file: the sitemap keeps its document while its inputs are the same objects.
  const contentLists = new WeakMap<object, Position[]>();
  const fromContent = (language: Language): Position[] => {
    const file = store.get(`${language}/${POSITIONS_FILE}`);
    const known = file && contentLists.get(file);
    if (known) return known;
    const positions = uniqueByFolder(
      (file?.value as { activePositions?: Position[] } | undefined)?.activePositions ?? [],
    );
    if (file) contentLists.set(file, positions);
    return positions;
  };
  if (!url) return { positions: async (language) => fromContent(language) };

  const cache = new Map<Language, CacheEntry>();
  const inFlight = new Map<Language, Promise<Position[]>>();

  /** Reads one answer; anything but a list of positions is an error. Single positions that do not fit are dropped. */
  async function fetchPositions(language: Language): Promise<Position[]> {
    const target = new URL(url as string);
    target.searchParams.set('language', language);
    const response = await fetch(target, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new CareersAnswerError(`the careers service answered ${response.status}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(await readCappedText(response, CAREERS_ANSWER_MAX_BYTES));
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        throw new CareersAnswerError(`the careers service answered more than ${error.maxBytes} bytes`);
      if (error instanceof SyntaxError)
        throw new CareersAnswerError('the careers service answered something that is not JSON');
      throw error;
    }
    const list = (body as { activePositions?: unknown } | null)?.activePositions;
    if (!Array.isArray(list))
      throw new CareersAnswerError('the careers service answered without an activePositions list');
    if (list.length > MAX_OPEN_POSITIONS)
      throw new CareersAnswerError(
        `the careers service listed ${list.length} positions, more than the ${MAX_OPEN_POSITIONS} a list may have`,
      );
    const positions = list
      .map((listed) => {
        const { entry, removed } = withoutBadAddress(listed);
        if (removed !== undefined) {
          const folder = (entry as { generic?: { folder?: unknown } }).generic?.folder;
          log.warn(
            {
              language,
              folder: typeof folder === 'string' ? folder.slice(0, 120) : undefined,
              address: JSON.stringify(removed)?.slice(0, 120),
            },
            'careers service: a coffee-chat address that is not a plain email address was left out',
          );
        }
        return entry;
      })
      .filter((entry): entry is Position => validPosition(entry));
    if (positions.length < list.length) {
      log.warn(
        { language, dropped: list.length - positions.length, of: list.length },
        'careers service: positions that do not fit the expected shape were left out',
      );
    }
    if (list.length > 0 && positions.length === 0)
      throw new CareersAnswerError('no position of the careers service fits the expected shape');
    return uniqueByFolder(positions);
  }

  function refresh(language: Language): Promise<Position[]> {
    const running = inFlight.get(language);
    if (running !== undefined) return running;
    const started = now();
    const request = fetchPositions(language)
      .then((positions) => {
        cache.set(language, { positions, fetchedAt: now() });
        if (positions.length === 0) log.info({ language }, 'careers service lists no open positions');
        return positions;
      })
      .catch((error: unknown) => {
        const last = cache.get(language);
        const reason = reasonOf(error, timeoutMs);
        log.warn(
          { language, reason, ms: now() - started, serving: last ? 'last good list' : 'content positions' },
          'careers service failed',
        );
        if (last) {
          // Try again after another TTL rather than on every request.
          last.fetchedAt = now();
          return last.positions;
        }
        return fromContent(language);
      })
      .finally(() => inFlight.delete(language));
    inFlight.set(language, request);
    return request;
  }

  return {
    async positions(language) {
      const entry = cache.get(language);
      if (!entry) return refresh(language);
      // A stale list is served at once while a fresh one is fetched.
      if (now() - entry.fetchedAt >= ttlMs) void refresh(language);
      return entry.positions;
    },
  };
}
