import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label–value pairs of one record, as a two-column table (read by screen readers as row headers). */
export function Facts({ rows, label }: { rows: readonly (readonly [string, ReactNode])[]; label: string }) {
  return (
    <Table aria-label={label} withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w={{ base: 110, xs: 180 }} fw={600}>
              {name}
            </Table.Th>
            {/* `anywhere` (not break-word) also lowers the cell's minimum width: a long id wraps instead of widening the page. */}
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
