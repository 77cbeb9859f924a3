/**
 * Server-side paging: every list of the admin API takes `limit` and `offset` and answers `total`; the console
 * shows pages numbered from 1 and keeps the page and the filters in the address, so a link opens the same view.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface PageState {
  readonly page: number;
  readonly pageSize: number;
}

export const offsetOf = ({ page, pageSize }: PageState): number => (page - 1) * pageSize;

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** The page and page size in a query string, falling back to page 1 and the default size on anything odd. */
export function readPage(search: URLSearchParams): PageState {
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/**
 * The query of one list request: the page as limit/offset plus the filters that have a value (an empty
 * filter is not sent: the API reads an absent filter as "any").
 */
export function listQuery(page: PageState, filters: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
  const query: Record<string, string> = { limit: String(page.pageSize), offset: String(offsetOf(page)) };
  for (const [name, value] of Object.entries(filters)) {
    const trimmed = value?.trim();
    if (trimmed) query[name] = trimmed;
  }
  return query;
}

/**
 * The address after the operator set some filters at once: each given filter is set, or removed when empty
 * (absent ones stay as they were), and the list goes back to page 1. One address for all of them, because
 * react-router's functional setSearchParams starts every call from the address of the last render, so
 * separate calls in one event would undo each other.
 */
export function withFilters(search: URLSearchParams, values: Readonly<Record<string, string | undefined>>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value) next.set(name, value);
    else next.delete(name);
  }
  next.delete('page');
  return next;
}

/** "26–50 of 73" (or "none" for an empty list). */
export function rangeLabel(page: PageState, shown: number, total: number): string {
  if (total === 0 || shown === 0) return 'none';
  const first = offsetOf(page) + 1;
  return `${first}–${first + shown - 1} of ${total}`;
}
