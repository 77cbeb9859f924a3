import { Table, Text } from '@mantine/core';
import { utcTime } from '../lib/format';
import { grantState } from '../lib/grants';
import { readableMac } from '../lib/lookup';
import { firstPageCaption } from '../lib/paging';

export interface GrantRow {
  readonly grantId: number;
  readonly permissionCode: string;
  readonly permissionName: string;
  readonly ipcMac: string | null;
  readonly grantStatus: number;
  readonly endTime: number | null;
  readonly revokedAt: string | null;
  readonly revokeReason: string | null;
}

/** The grants of a user or device (the first page), with their state as of `asOf`; the total may be an estimate. */
export function GrantTable({ grants, total, totalIsEstimate, asOf, caption }: { grants: readonly GrantRow[]; total: number; totalIsEstimate?: boolean; asOf: number; caption: string }) {
  if (grants.length === 0) return <Text size="sm">No grants.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table withTableBorder>
        <Table.Caption>{firstPageCaption(caption, grants.length, total, totalIsEstimate)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Grant</Table.Th>
            <Table.Th scope="col">Plan</Table.Th>
            <Table.Th scope="col">Device</Table.Th>
            <Table.Th scope="col">State</Table.Th>
            <Table.Th scope="col">Ends</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grants.map((g) => (
            <Table.Tr key={g.grantId}>
              <Table.Td>{g.grantId}</Table.Td>
              <Table.Td>
                {g.permissionName} ({g.permissionCode})
              </Table.Td>
              <Table.Td>{g.ipcMac ? readableMac(g.ipcMac) : 'none yet'}</Table.Td>
              <Table.Td>{grantState(g, asOf)}</Table.Td>
              <Table.Td>{utcTime(g.endTime)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
