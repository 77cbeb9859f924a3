import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { DeliveryStateBadge } from '../components/DeliveryStateBadge';
import { PageHeader } from '../components/PageHeader';
import { ProblemAlert } from '../components/ProblemAlert';
import { PushHealthTable } from '../components/PushHealthTable';
import { ReplayDeliveryButton } from '../components/ReplayDeliveryButton';
import { SearchBox } from '../components/SearchBox';
import { ServerList } from '../components/ServerList';
import { useListPage } from '../components/useListPage';
import { utcTime } from '../lib/format';
import { providerLabel } from '../lib/push';
import { canChange } from '../lib/roles';

/** Alarm pushes fleet-wide: every merchant's delivery health, refreshed every 30 s, and the dead deliveries to replay. */
export function PushPage() {
  return (
    <>
      <PageHeader
        title="Push"
        description="Alarms pushed to phones through FCM, APNs and merchants' own push servers. A dead delivery is one push-service gave up on (credentials missing or refused, attempts used up): fix the cause, then replay it."
      />
      <Stack gap="xl">
        <PushHealth />
        <DeadDeliveries />
      </Stack>
    </>
  );
}

function PushHealth() {
  const api = useApi();
  const health = useQuery({ queryKey: ['push-health'], queryFn: () => unwrap(api.GET('/admin/v1/push/health')), refetchInterval: 30_000 });
  return (
    <section aria-labelledby="push-health">
      <Title order={3} size="h4" id="push-health" mb="xs">
        Delivery health, last 24 hours
      </Title>
      <ProblemAlert error={health.error} title="The delivery health could not be read" />
      {health.data ? <PushHealthTable rows={health.data.items} caption="Push deliveries by merchant and provider" withMerchant /> : null}
    </section>
  );
}

function DeadDeliveries() {
  const api = useApi();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const { page, filters, setPage, setFilter, query } = useListPage(['clientId'] as const);
  const list = useQuery({
    queryKey: ['push-deliveries', 'dead', query],
    queryFn: () => unwrap(api.GET('/admin/v1/push/deliveries', { params: { query: { ...query, state: 'dead' } } })),
  });
  const writable = canChange(current?.session);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ['push-deliveries'] }), queryClient.invalidateQueries({ queryKey: ['push-health'] })]);
  return (
    <section aria-labelledby="push-dead">
      <Title order={3} size="h4" id="push-dead" mb="xs">
        Dead deliveries
      </Title>
      <Group mb="sm" align="flex-end" wrap="wrap">
        <SearchBox key={filters.clientId} label="Merchant (clientId)" value={filters.clientId} onSearch={(v) => setFilter('clientId', v)} buttonLabel="Filter" />
      </Group>
      <ServerList
        list={list}
        caption="Dead push deliveries, most recently changed first"
        rowKey={(d) => d.deliveryId}
        page={page}
        onPage={setPage}
        empty="No dead deliveries."
        columns={[
          { key: 'merchant', label: 'Merchant', render: (d) => <Anchor component={Link} to={`/merchants/${encodeURIComponent(d.clientId)}`}>{d.clientId}</Anchor> },
          {
            key: 'provider',
            label: 'Provider',
            render: (d) => (
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{providerLabel(d.provider)}</Text>
                <DeliveryStateBadge state={d.state} />
              </Group>
            ),
          },
          { key: 'message', label: 'Message', render: (d) => <Text size="sm" style={{ wordBreak: 'break-all' }}>{d.messageId}</Text> },
          { key: 'token', label: 'Token', render: (d) => (d.tokenTail ? `…${d.tokenTail}` : 'endpoint removed') },
          { key: 'attempts', label: 'Attempts', render: (d) => d.attempts },
          { key: 'error', label: 'Last error', render: (d) => <Text size="sm" style={{ wordBreak: 'break-word' }}>{d.lastError ?? '—'}</Text> },
          { key: 'when', label: 'Given up', render: (d) => utcTime(d.updatedAt) },
          ...(writable ? [{ key: 'replay', label: 'Replay', render: (d: { deliveryId: string; provider: string }) => <ReplayDeliveryButton delivery={d} onReplayed={refresh} /> }] : []),
        ]}
      />
    </section>
  );
}
