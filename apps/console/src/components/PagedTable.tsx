import { Button, Group, Pagination, Select, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type CursorAnswer, PAGE_SIZES, type PageState, firstPage, nextPage, pageCount, previousPage, rangeLabel } from '../lib/paging';

export interface Column<Row> {
  readonly key: string;
  readonly label: string;
  readonly render: (row: Row) => ReactNode;
}

interface PagedTableProps<Row> {
  readonly caption: string;
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[] | undefined;
  readonly rowKey: (row: Row) => string;
  readonly total: number;
  /** The list pages by cursor (it answered nextCursor): First, Previous and Next instead of numbered pages. */
  readonly cursor?: CursorAnswer;
  readonly page: PageState;
  readonly onPage: (page: PageState) => void;
  readonly loading?: boolean;
  readonly empty?: string;
}

/**
 * One page of a server-side list: the rows the API answered, the range shown of `total` ("about N" when the
 * total is an estimate), and the pager — First, Previous and Next along the list's cursors, or numbered pages
 * for a list without cursors. Scrolls sideways on a narrow screen instead of squeezing the columns.
 */
export function PagedTable<Row>({ caption, columns, rows, rowKey, total, cursor, page, onPage, loading, empty = 'Nothing here yet.' }: PagedTableProps<Row>) {
  const before = previousPage(page);
  return (
    <div>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover withTableBorder aria-busy={loading ? 'true' : 'false'}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} scope="col">
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows ?? []).map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
            {rows && rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text size="sm" c="dimmed">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {rangeLabel(page, rows?.length ?? 0, total, cursor?.totalIsEstimate)}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label="Rows per page"
            w={110}
            data={PAGE_SIZES.map((s) => ({ value: String(s), label: `${s} / page` }))}
            value={String(page.pageSize)}
            onChange={(v) => v && onPage({ page: 1, pageSize: Number(v) })}
            allowDeselect={false}
          />
          {cursor ? (
            <Group gap="xs" role="navigation" aria-label={`${caption}: pages`}>
              <Button variant="default" size="xs" disabled={page.page <= 1} onClick={() => onPage(firstPage(page))}>
                First
              </Button>
              <Button variant="default" size="xs" disabled={before === undefined} onClick={() => before && onPage(before)}>
                Previous
              </Button>
              <Button variant="default" size="xs" disabled={cursor.nextCursor === null} onClick={() => cursor.nextCursor !== null && onPage(nextPage(page, cursor.nextCursor))}>
                Next
              </Button>
            </Group>
          ) : (
            <Pagination
              total={pageCount(total, page.pageSize)}
              value={page.page}
              onChange={(p) => onPage({ page: p, pageSize: page.pageSize })}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          )}
        </Group>
      </Group>
    </div>
  );
}
