import { Group, Pagination, Select, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PAGE_SIZES, type PageState, pageCount, rangeLabel } from '../lib/paging';

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
  readonly page: PageState;
  readonly onPage: (page: PageState) => void;
  readonly loading?: boolean;
  readonly empty?: string;
}

/**
 * One page of a server-side list: the rows the API answered for limit/offset, the range shown of `total`,
 * and the pager. Scrolls sideways on a narrow screen instead of squeezing the columns.
 */
export function PagedTable<Row>({ caption, columns, rows, rowKey, total, page, onPage, loading, empty = 'Nothing here yet.' }: PagedTableProps<Row>) {
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
          {rangeLabel(page, rows?.length ?? 0, total)}
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
          <Pagination
            total={pageCount(total, page.pageSize)}
            value={page.page}
            onChange={(p) => onPage({ ...page, page: p })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        </Group>
      </Group>
    </div>
  );
}
