import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { type PageState, listQuery, readPage, withFilters, withPage } from '../lib/paging';

/**
 * The page and the filters of a list, kept in the address (`?page=2&size=25&cursor=…&q=acme`): reload, back and
 * a shared link show the same rows; the cursors followed to get there ride in the navigation's state (paging.ts).
 * Changing a filter goes back to page 1. Set the filters of one form with setFilters, not with several setFilter
 * calls (withFilters says why).
 */
export function useListPage<F extends string>(filterNames: readonly F[]) {
  const [search, setSearch] = useSearchParams();
  const { state } = useLocation();
  const page = readPage(search, state);
  const filters = Object.fromEntries(filterNames.map((n) => [n, search.get(n) ?? ''])) as Record<F, string>;
  const setPage = useCallback((next: PageState) => setSearch((prev) => withPage(prev, next), { state: { trail: next.trail ?? [] } }), [setSearch]);
  /** Several filters at once (a form with several boxes): one call, one address. */
  const setFilters = useCallback((values: Partial<Record<F, string>>) => setSearch((prev) => withFilters(prev, values)), [setSearch]);
  const setFilter = useCallback((name: F, value: string) => setFilters({ [name]: value } as Partial<Record<F, string>>), [setFilters]);
  return { page, filters, setPage, setFilter, setFilters, query: listQuery(page, filters) };
}
