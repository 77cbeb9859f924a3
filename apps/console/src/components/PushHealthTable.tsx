import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { healthBadge, providerLabel } from '../lib/push';

export interface PushHealthRow {
  readonly clientId: string;
  readonly provider: string;
  readonly sent: number;
  readonly pending: number;
  readonly invalidTokens: number;
  readonly dead: number;
  readonly breaker: string;
  readonly lastError: string | null;
}

/**
 * Push deliveries of the last 24 hours per merchant and provider: sent, pending, invalid tokens removed, dead
 * letters, the breaker and the last error, with a red badge where someone should look (dead letters, breaker open).
 */
export function PushHealthTable({ rows, caption, withMerchant = false }: { rows: readonly PushHealthRow[]; caption: string; withMerchant?: boolean }) {
  if (rows.length === 0) return <Text size="sm">No deliveries in the last 24 hours and no provider set.</Text>;
  return (
    <Table.ScrollContainer minWidth={withMerchant ? 760 : 640}>
      <Table withTableBorder>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {withMerchant ? <Table.Th scope="col">Merchant (clientId)</Table.Th> : null}
            <Table.Th scope="col">Provider</Table.Th>
            <Table.Th scope="col">Health</Table.Th>
            <Table.Th scope="col">Sent</Table.Th>
            <Table.Th scope="col">Pending</Table.Th>
            <Table.Th scope="col">Invalid tokens removed</Table.Th>
            <Table.Th scope="col">Dead</Table.Th>
            <Table.Th scope="col">Breaker</Table.Th>
            <Table.Th scope="col">Last error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((h) => {
            const badge = healthBadge(h);
            return (
              <Table.Tr key={`${h.clientId}/${h.provider}`} data-testid={`push-health-${h.provider}`}>
                {withMerchant ? (
                  <Table.Td>
                    <Anchor component={Link} to={`/merchants/${encodeURIComponent(h.clientId)}`}>
                      {h.clientId}
                    </Anchor>
                  </Table.Td>
                ) : null}
                <Table.Td>{providerLabel(h.provider)}</Table.Td>
                <Table.Td>
                  <Badge color={badge.color} variant="light" style={{ minWidth: 'max-content' }}>
                    {badge.label}
                  </Badge>
                </Table.Td>
                <Table.Td>{h.sent}</Table.Td>
                <Table.Td>{h.pending}</Table.Td>
                <Table.Td>{h.invalidTokens}</Table.Td>
                <Table.Td>{h.dead}</Table.Td>
                <Table.Td>{h.breaker}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>
                    {h.lastError ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
