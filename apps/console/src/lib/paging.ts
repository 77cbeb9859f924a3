/**
 * Server-side paging. The admin API's lists answer `nextCursor` (docs/decisions.md AL9): the console pages them
 * by cursor — Next follows `nextCursor`, Previous goes back along the cursors it followed, First starts again —
 * and shows their `total` as "about N" when it is an estimate (AL10). Lists that answer no cursor are paged by
 * numbered pages (`limit` and `offset`). The page, its size and its cursor are kept in the address, so a link
 * opens the same rows; the cursors of the pages before it (the trail) travel in the navigation's state, so the
 * browser's Back and a reload keep them.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface PageState {
  /** From 1: the page shown (counted as the operator paged, also by cursor). */
  readonly page: number;
  readonly pageSize: number;
  /** The cursor the page was asked with (absent: the first page, or a numbered page of a list without cursors). */
  readonly cursor?: string;
  /** The cursors of the pages before this one, oldest first ('' for the first page). */
  readonly trail?: readonly string[];
}

/** What a list answered about paging on: present only on lists paged by cursor. */
export interface CursorAnswer {
  readonly nextCursor: string | null;
  readonly totalIsEstimate: boolean;
}

export const offsetOf = ({ page, pageSize }: PageState): number => (page - 1) * pageSize;

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** The page, its size and its cursor in a query string (odd values fall back to page 1 and the default size); the trail from the navigation's state. */
export function readPage(search: URLSearchParams, state?: unknown): PageState {
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  const cursor = search.get('cursor') || undefined;
  const trail = (state as { trail?: unknown } | null | undefined)?.trail;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    ...(cursor === undefined ? {} : { cursor }),
    ...(Array.isArray(trail) && trail.every((c) => typeof c === 'string') ? { trail: trail as string[] } : {}),
  };
}

/** The address of a page: its number, size and cursor (absent when it has none); the rest of the address kept. */
export function withPage(search: URLSearchParams, page: PageState): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('page', String(page.page));
  next.set('size', String(page.pageSize));
  if (page.cursor) next.set('cursor', page.cursor);
  else next.delete('cursor');
  return next;
}

/**
 * The query of one list request: the page as `limit` and `cursor`, or `limit` and `offset` without one, plus the
 * filters that have a value (an empty filter is not sent: the API reads an absent filter as "any").
 */
export function listQuery(page: PageState, filters: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
  const query: Record<string, string> = page.cursor ? { limit: String(page.pageSize), cursor: page.cursor } : { limit: String(page.pageSize), offset: String(offsetOf(page)) };
  for (const [name, value] of Object.entries(filters)) {
    const trimmed = value?.trim();
    if (trimmed) query[name] = trimmed;
  }
  return query;
}

/** The page after this one: asked with the list's nextCursor, this page's cursor added to the trail. */
export function nextPage(page: PageState, nextCursor: string): PageState {
  return { page: page.page + 1, pageSize: page.pageSize, cursor: nextCursor, trail: [...(page.trail ?? []), page.cursor ?? ''] };
}

/**
 * The page before this one: the last cursor of the trail (or a numbered page when this one was reached by
 * number); undefined when it is not known (a link opened at a page after a cursor: First is the way back).
 */
export function previousPage(page: PageState): PageState | undefined {
  if (page.page <= 1) return undefined;
  const trail = page.trail ?? [];
  if (trail.length === 0) return page.cursor ? undefined : { page: page.page - 1, pageSize: page.pageSize };
  const cursor = trail[trail.length - 1];
  return { page: page.page - 1, pageSize: page.pageSize, ...(cursor ? { cursor } : {}), trail: trail.slice(0, -1) };
}

export const firstPage = (page: PageState): PageState => ({ page: 1, pageSize: page.pageSize });

/**
 * The address after the operator set some filters at once: each given filter is set, or removed when empty
 * (absent ones stay as they were), and the list goes back to its first page — a cursor is good only for the
 * filters it was answered for. One address for all of them, because react-router's functional setSearchParams
 * starts every call from the address of the last render, so separate calls in one event would undo each other.
 */
export function withFilters(search: URLSearchParams, values: Readonly<Record<string, string | undefined>>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value) next.set(name, value);
    else next.delete(name);
  }
  next.delete('page');
  next.delete('cursor');
  return next;
}

/** A list's total as shown: grouped digits, "about" before an estimate (the database's statistics, not a count). */
export function totalText(total: number, estimated = false): string {
  const text = total.toLocaleString('en-US');
  return estimated ? `about ${text}` : text;
}

/** "26–50 of 73", "26–50 of about 1,200,000" (or "none" for an empty list). */
export function rangeLabel(page: PageState, shown: number, total: number, estimated = false): string {
  if (shown === 0) return page.page > 1 ? 'no more rows' : 'none';
  const first = offsetOf(page) + 1;
  return `${first.toLocaleString('en-US')}–${(first + shown - 1).toLocaleString('en-US')} of ${totalText(total, estimated)}`;
}

/** The caption of a look-up's list that shows its first page only: "Devices (first 100 of about 1,200)". */
export function firstPageCaption(caption: string, shown: number, total: number, estimated = false): string {
  return total > shown || estimated ? `${caption} (first ${shown.toLocaleString('en-US')} of ${totalText(total, estimated)})` : caption;
}
