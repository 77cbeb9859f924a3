import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { DeliveryStateBadge } from '../components/DeliveryStateBadge';
import { ReplayDeliveryButton } from '../components/ReplayDeliveryButton';
import { ServerList } from '../components/ServerList';
import { useListPage } from '../components/useListPage';
import { utcTime } from '../lib/format';
import { alarmTypeName, providerLabel, utcDay } from '../lib/push';
import { canChange } from '../lib/roles';

interface Delivery {
  deliveryId: string;
  provider: string;
  state: string;
  attempts: number;
  tokenTail: string;
  lastError: string | null;
}

/**
 * A device's alarm messages (push-service), newest first: picture, type, times, count, read, and each delivery to a
 * phone or push server with its state; a dead one can be replayed. `recordedDays` (UTC days with footage, from the
 * device view) decides whether an alarm links to the recording around it.
 */
export function DeviceAlarms({ mac, recordedDays }: { mac: string; recordedDays: readonly string[] }) {
  const api = useApi();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const { page, setPage, query } = useListPage([] as const);
  const list = useQuery({
    queryKey: ['device-alarms', mac, query],
    queryFn: () => unwrap(api.GET('/admin/v1/push/devices/{macAddr}/alarms', { params: { path: { macAddr: mac }, query } })),
  });
  const writable = canChange(current?.session);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['device-alarms', mac] });
  return (
    <Card withBorder component="section" aria-label="Alarms">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Alarms
        </Title>
        <ServerList
          list={list}
          caption="Alarm messages of this device, newest first (UTC)"
          rowKey={(a) => a.messageId}
          page={page}
          onPage={setPage}
          empty="No alarms."
          columns={[
            {
              key: 'picture',
              label: 'Picture',
              render: (a) =>
                a.pictureUrl ? (
                  <Anchor href={a.pictureUrl} target="_blank" rel="noreferrer">
                    <img src={a.pictureUrl} alt={`${alarmTypeName(a.type)} alarm at ${utcTime(a.time)}`} width={96} height={54} loading="lazy" style={{ objectFit: 'cover', display: 'block', background: 'var(--mantine-color-gray-2)' }} />
                  </Anchor>
                ) : null,
            },
            {
              key: 'alarm',
              label: 'Alarm',
              render: (a) => (
                <Stack gap={2}>
                  <Text size="sm" fw={600} data-testid="alarm-type">
                    {alarmTypeName(a.type)}
                  </Text>
                  <Text size="sm">{utcTime(a.time)}</Text>
                  {a.lastTime !== a.time ? <Text size="sm">last {utcTime(a.lastTime)}</Text> : null}
                </Stack>
              ),
            },
            { key: 'count', label: 'Count', render: (a) => a.count },
            { key: 'read', label: 'Read', render: (a) => (a.read ? 'read' : 'unread') },
            {
              key: 'deliveries',
              label: 'Deliveries',
              render: (a) => <Deliveries deliveries={a.deliveries} writable={writable} onReplayed={refresh} />,
            },
            {
              key: 'recording',
              label: 'Recording',
              render: (a) => {
                const day = utcDay(a.time);
                if (!day || !recordedDays.includes(day)) return null;
                return (
                  <Anchor component={Link} to={`/recordings/${mac}?${new URLSearchParams({ day, at: String(Math.floor(Date.parse(a.time) / 1000)) })}`}>
                    Play the recording
                  </Anchor>
                );
              },
            },
          ]}
        />
      </Stack>
    </Card>
  );
}

function Deliveries({ deliveries, writable, onReplayed }: { deliveries: readonly Delivery[]; writable: boolean; onReplayed: () => Promise<unknown> }) {
  if (deliveries.length === 0) return <Text size="sm">none (no endpoint, or switched off)</Text>;
  return (
    <Stack gap={6}>
      {deliveries.map((d) => (
        <Stack key={d.deliveryId} gap={2} data-testid="alarm-delivery">
          <Group gap={6} wrap="wrap">
            <Text size="sm">{providerLabel(d.provider)}</Text>
            <DeliveryStateBadge state={d.state} />
            <Text size="sm">
              {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
            </Text>
            {d.tokenTail ? <Text size="sm">token …{d.tokenTail}</Text> : null}
            {d.state === 'dead' && writable ? <ReplayDeliveryButton delivery={d} onReplayed={onReplayed} /> : null}
          </Group>
          {d.lastError ? (
            <Text size="xs" style={{ wordBreak: 'break-word' }}>
              {d.lastError}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}
