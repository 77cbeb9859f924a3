import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type PageState, listQuery, readPage } from '../lib/paging';

/**
 * The page and the filters of a list, kept in the address (`?page=2&size=25&q=acme`): reload, back and a
 * shared link show the same rows. Changing a filter goes back to page 1.
 */
export function useListPage<F extends string>(filterNames: readonly F[]) {
  const [search, setSearch] = useSearchParams();
  const page = readPage(search);
  const filters = Object.fromEntries(filterNames.map((n) => [n, search.get(n) ?? ''])) as Record<F, string>;
  const setPage = useCallback(
    (next: PageState) =>
      setSearch((prev) => {
        const s = new URLSearchParams(prev);
        s.set('page', String(next.page));
        s.set('size', String(next.pageSize));
        return s;
      }),
    [setSearch],
  );
  const setFilter = useCallback(
    (name: F, value: string) =>
      setSearch((prev) => {
        const s = new URLSearchParams(prev);
        if (value) s.set(name, value);
        else s.delete(name);
        s.delete('page');
        return s;
      }),
    [setSearch],
  );
  return { page, filters, setPage, setFilter, query: listQuery(page, filters) };
}
