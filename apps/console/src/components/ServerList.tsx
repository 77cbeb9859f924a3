import type { UseQueryResult } from '@tanstack/react-query';
import type { PageState } from '../lib/paging';
import { type Column, PagedTable } from './PagedTable';
import { ProblemAlert } from './ProblemAlert';

interface ServerListProps<Row> {
  /** The list query: `{ items, total }` of one page, or the platform's refusal. */
  readonly list: UseQueryResult<{ items: Row[]; total: number }>;
  readonly caption: string;
  readonly columns: readonly Column<Row>[];
  readonly rowKey: (row: Row) => string;
  readonly page: PageState;
  readonly onPage: (page: PageState) => void;
  readonly empty?: string;
}

/** One page of a server-side list, or why the platform did not answer it. */
export function ServerList<Row>({ list, caption, columns, rowKey, page, onPage, empty }: ServerListProps<Row>) {
  return (
    <>
      <ProblemAlert error={list.error} title={`${caption}: not listed`} />
      <PagedTable caption={caption} rows={list.data?.items} total={list.data?.total ?? 0} rowKey={rowKey} page={page} onPage={onPage} loading={list.isFetching} empty={empty} columns={columns} />
    </>
  );
}
