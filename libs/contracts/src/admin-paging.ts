/**
 * Paging of the operator's lists (docs/decisions.md AL2–AL4). Every list answers one page in a fixed order
 * and, when more rows follow, `nextCursor`: the position after the page's last row. Asking again with
 * `cursor=<nextCursor>` continues from there through the list's index (keyset paging), so a page costs the
 * same at the first row as at the ten millionth, and rows inserted between two pages are neither shown twice
 * nor push others out of sight. `offset` still works for callers written before cursors, up to
 * MAX_LIST_OFFSET: it costs every row it skips.
 *
 * A cursor is opaque to callers: base64url JSON naming the list, a fingerprint of the filters it was issued
 * under and the last row's sort key, then a checksum. An edited or truncated cursor, one of another list or
 * of other filters answers ADMIN_VALIDATION_FAILED naming `cursor`. The checksum is no secret and need not be:
 * a forged cursor can only choose where a page starts, which an operator's filters and offsets already can.
 *
 * `total` counts the rows the filters match: exact up to EXACT_LIST_TOTAL_UP_TO (counted through the list's
 * index, never more rows than that), beyond it the planner's estimate with `totalIsEstimate: true`.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './admin-schemas';
import { ErrorCode } from './error-codes';
import { PlatformError } from './platform-error';

/** Deepest `offset` a list accepts: beyond it, page on with `cursor` (an offset reads every row it skips). */
export const MAX_LIST_OFFSET = 10_000;

/** Rows up to which a list's `total` is exact; beyond, it is the planner's estimate. */
export const EXACT_LIST_TOTAL_UP_TO = 1_000;

/** Longest cursor accepted (the longest a list issues is well under 200 characters). */
export const MAX_CURSOR_LENGTH = 512;

/** `limit`, `offset` and `cursor` of a list, as query-string text or numbers (validated by the owning service). */
export const listPageRequestSchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_LIST_OFFSET, `must be at most ${MAX_LIST_OFFSET}: page further with cursor (nextCursor of the page before)`).optional(),
  cursor: z.string().min(1, 'must not be empty').max(MAX_CURSOR_LENGTH, `must be at most ${MAX_CURSOR_LENGTH} characters`).optional(),
});
export type ListPageRequest = z.output<typeof listPageRequestSchema>;

/** The fields of a list's RPC request that page it; they travel as the query string gave them. */
export const listPageFields = { limit: z.unknown().optional(), offset: z.unknown().optional(), cursor: z.unknown().optional() };

/** One page of a list as every list answers it. */
export function listPageSchema<S extends z.ZodTypeAny>(item: S) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative().describe(`rows the filters match: exact up to ${EXACT_LIST_TOTAL_UP_TO}, beyond that an estimate (totalIsEstimate)`),
    totalIsEstimate: z.boolean().describe(`true when total is the database planner's estimate (more than ${EXACT_LIST_TOTAL_UP_TO} rows match), not a count`),
    nextCursor: z.string().nullable().describe('pass as cursor to get the next page; null on the last page'),
  });
}

export interface ListPage<T> {
  items: T[];
  total: number;
  totalIsEstimate: boolean;
  nextCursor: string | null;
}

/** How many rows the filters match (`ListPage.total`). */
export interface ListTotal {
  total: number;
  totalIsEstimate: boolean;
}

/** The page a request asks for, resolved: read `take` rows (one more than shown) after `after` or from `offset`. */
export interface ResolvedPage<Key> {
  limit: number;
  /** limit + 1: the extra row only tells whether another page follows. */
  take: number;
  /** The sort key of the last row of the previous page (a cursor was given); rows after it. */
  after: Key | undefined;
  /** Rows skipped (0 with a cursor). */
  offset: number;
}

/** What a repository needs of the page: the rows to read and where they start. */
export type PageWindow<Key> = Pick<ResolvedPage<Key>, 'take' | 'after' | 'offset'>;

const CURSOR_VERSION = 1;
const CHECKSUM_LABEL = 'dcp-admin-list-cursor';

/**
 * The paging of one list: its name (a cursor of another list is refused) and its sort key, a tuple of
 * numbers and strings (an id, or a time and a sequence number). The filters given to `resolve` and `answer`
 * must be the validated filters of the request: a cursor is only good for the filters it was issued under.
 */
export function listPaging<K extends z.ZodTuple>(list: string, key: K) {
  return {
    /** The page asked for; ADMIN_VALIDATION_FAILED naming the parameter for a bad limit, offset or cursor. */
    resolve(request: Record<string, unknown>, filters: object, wording: 'field' | 'parameter' = 'field'): ResolvedPage<z.output<K>> {
      const refuse = (name: string, reason: string) => new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid ${wording} ${name}: ${reason}`);
      const parsed = listPageRequestSchema.safeParse({ limit: request.limit, offset: request.offset, cursor: request.cursor });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw refuse(String(issue?.path[0] ?? 'cursor'), issue?.message ?? 'invalid');
      }
      const { limit = DEFAULT_PAGE_SIZE, offset, cursor } = parsed.data;
      if (cursor !== undefined && offset !== undefined) throw refuse('offset', 'give cursor or offset, not both');
      const after = cursor === undefined ? undefined : decode(cursor, filters, (reason) => refuse('cursor', reason));
      return { limit, take: limit + 1, after, offset: offset ?? 0 };
    },

    /** The page to answer from the rows read (`take` of them at most): nextCursor when a row beyond the page was read. */
    answer<Row, View>(rows: readonly Row[], page: ResolvedPage<z.output<K>>, filters: object, total: ListTotal, keyOf: (row: Row) => z.input<K>, view: (row: Row) => View): ListPage<View> {
      const shown = rows.slice(0, page.limit);
      const last = shown[shown.length - 1];
      const nextCursor = rows.length > page.limit && last !== undefined ? encode(keyOf(last), filters) : null;
      return { items: shown.map(view), total: total.total, totalIsEstimate: total.totalIsEstimate, nextCursor };
    },
  };

  function encode(value: z.input<K>, filters: object): string {
    const payload = Buffer.from(JSON.stringify([CURSOR_VERSION, list, fingerprint(filters), value]), 'utf8').toString('base64url');
    return `${payload}.${checksum(payload)}`;
  }

  function decode(cursor: string, filters: object, refuse: (reason: string) => PlatformError): z.output<K> {
    const malformed = () => refuse('not a cursor this list answered (pass nextCursor exactly as it came)');
    const [payload, sum, ...rest] = cursor.split('.');
    if (rest.length > 0 || !payload || !sum || !/^[A-Za-z0-9_-]+$/.test(payload) || sum !== checksum(payload)) throw malformed();
    let parts: unknown;
    try {
      parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw malformed();
    }
    if (!Array.isArray(parts) || parts.length !== 4 || parts[0] !== CURSOR_VERSION) throw malformed();
    if (parts[1] !== list) throw refuse(`a cursor of another list (${String(parts[1]).slice(0, 40)}), not of ${list}`);
    if (parts[2] !== fingerprint(filters)) throw refuse('issued for other filters: ask for the first page again without cursor');
    const position = key.safeParse(parts[3]);
    if (!position.success) throw malformed();
    return position.data;
  }
}

/** The filters as given (absent ones left out, keys sorted), hashed: equal filters, equal fingerprints. */
function fingerprint(filters: object): string {
  const entries = Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url').slice(0, 12);
}

function checksum(payload: string): string {
  return createHash('sha256').update(CHECKSUM_LABEL).update(payload).digest('base64url').slice(0, 12);
}
