import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { Facts } from '../components/Facts';
import { GrantTable } from '../components/GrantTable';
import { PageHeader } from '../components/PageHeader';
import { Part } from '../components/Part';
import { ProblemAlert } from '../components/ProblemAlert';
import { utcTime } from '../lib/format';
import { readableMac } from '../lib/lookup';
import { firstPageCaption } from '../lib/paging';

/** One user of one merchant: who they are, their devices and their grants. */
export function UserLookupPage() {
  const { openId = '' } = useParams();
  const api = useApi();
  const view = useQuery({
    queryKey: ['user-view', openId],
    queryFn: () => unwrap(api.GET('/admin/v1/users/{openId}', { params: { path: { openId } } })),
  });
  const v = view.data;
  return (
    <>
      <PageHeader title={`User ${openId}`} />
      <ProblemAlert error={view.error} title="The user could not be looked up" />
      {v ? (
        <Stack>
          <Part title="User" part={v.user}>
            {(u) => (
              <Facts
                label="User"
                rows={[
                  ['openId', u.openId],
                  ['Merchant', <Anchor component={Link} to={`/merchants/${encodeURIComponent(u.merchant.clientId)}`}>{u.merchant.name}</Anchor>],
                  ["Merchant's user id (uuid)", u.uuid],
                  ['Name', u.name || '—'],
                  ['User name', u.username || '—'],
                  ['First seen', utcTime(u.createdAt)],
                  ['Last sign-in', utcTime(u.lastSignInAt)],
                ]}
              />
            )}
          </Part>
          <Part title="Devices" part={v.devices}>
            {(d) =>
              d.items.length === 0 ? (
                <Text size="sm">No devices bound.</Text>
              ) : (
                <Table.ScrollContainer minWidth={420}>
                  <Table withTableBorder>
                    <Table.Caption>{firstPageCaption('Devices', d.items.length, d.total, d.totalIsEstimate)}</Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">MAC</Table.Th>
                        <Table.Th scope="col">Name</Table.Th>
                        <Table.Th scope="col">Bound since</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {d.items.map((device) => (
                        <Table.Tr key={device.macAddr}>
                          <Table.Td>
                            <Anchor component={Link} to={`/lookup/devices/${device.macAddr}`}>
                              {readableMac(device.macAddr)}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{device.deviceName}</Table.Td>
                          <Table.Td>{utcTime(device.boundAt)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )
            }
          </Part>
          <Part title="Grants" part={v.grants}>
            {(g) => <GrantTable grants={g.items} total={g.total} totalIsEstimate={g.totalIsEstimate} asOf={view.dataUpdatedAt} caption="Grants of this user" />}
          </Part>
        </Stack>
      ) : null}
    </>
  );
}
