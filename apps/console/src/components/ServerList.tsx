import type { UseQueryResult } from '@tanstack/react-query';
import type { CursorAnswer, PageState } from '../lib/paging';
import { type Column, PagedTable } from './PagedTable';
import { ProblemAlert } from './ProblemAlert';

/** One page as a list answers it: `nextCursor` and `totalIsEstimate` on the lists paged by cursor. */
export interface ListAnswer<Row> extends Partial<CursorAnswer> {
  readonly items: Row[];
  readonly total: number;
}

interface ServerListProps<Row> {
  /** The list query: one page, or the platform's refusal. */
  readonly list: UseQueryResult<ListAnswer<Row>>;
  readonly caption: string;
  readonly columns: readonly Column<Row>[];
  readonly rowKey: (row: Row) => string;
  readonly page: PageState;
  readonly onPage: (page: PageState) => void;
  readonly empty?: string;
}

/** One page of a server-side list, or why the platform did not answer it; paged by cursor when the list answers one. */
export function ServerList<Row>({ list, caption, columns, rowKey, page, onPage, empty }: ServerListProps<Row>) {
  const data = list.data;
  // A page asked with a cursor is of a list paged by cursor, also while its answer loads.
  const pagedByCursor = data?.nextCursor !== undefined || page.cursor !== undefined;
  const cursor = pagedByCursor ? { nextCursor: data?.nextCursor ?? null, totalIsEstimate: data?.totalIsEstimate ?? false } : undefined;
  return (
    <>
      <ProblemAlert error={list.error} title={`${caption}: not listed`} />
      <PagedTable caption={caption} rows={data?.items} total={data?.total ?? 0} cursor={cursor} rowKey={rowKey} page={page} onPage={onPage} loading={list.isFetching} empty={empty} columns={columns} />
    </>
  );
}
