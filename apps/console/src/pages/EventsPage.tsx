import { Accordion, Alert, Badge, Group, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { ConfirmButton } from '../components/ConfirmButton';
import { JsonBlock } from '../components/JsonBlock';
import { PageHeader } from '../components/PageHeader';
import { ServerList } from '../components/ServerList';
import { useListPage } from '../components/useListPage';
import { utcTime } from '../lib/format';
import { canChange } from '../lib/roles';
import { ConsumerLag } from './ConsumerLag';
import { OutboxBacklog } from './OutboxBacklog';

const CONSUMERS = ['device', 'permission', 'storage'] as const;
type Consumer = (typeof CONSUMERS)[number];

/** Events the consumers gave up on (dead letters), per service, what each service has yet to publish, and how far each consumer is behind. */
export function EventsPage() {
  const { filters, setFilter } = useListPage(['service'] as const);
  const service = (CONSUMERS as readonly string[]).includes(filters.service) ? (filters.service as Consumer) : 'device';
  return (
    <>
      <PageHeader
        title="Events"
        description="A dead letter is an event a service failed to apply after its maximum deliveries. Fix the cause, then replay it (applied at most once) or resolve it without replaying."
      />
      <OutboxBacklog />
      <ConsumerLag />
      <Tabs value={service} onChange={(v) => v && setFilter('service', v)} mt="lg" keepMounted={false}>
        <Tabs.List>
          {CONSUMERS.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {s}-service
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CONSUMERS.map((s) => (
          <Tabs.Panel key={s} value={s} pt="md">
            <DeadLetters service={s} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

function DeadLetters({ service }: { service: Consumer }) {
  const api = useApi();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const { page, filters, setPage, setFilter, query } = useListPage(['includeResolved'] as const);
  const path = `/admin/v1/dead-letters/${service}` as const;
  const list = useQuery({ queryKey: ['dead-letters', service, query], queryFn: () => unwrap(api.GET(path, { params: { query } })) });
  const writable = canChange(current?.session);
  // The open list no longer shows a resolved entry: say what happened to it.
  const [notice, setNotice] = useState<string>();
  const resolve = async (id: string, subject: string, replay: boolean) => {
    const resolved = await unwrap(api.POST(`/admin/v1/dead-letters/${service}/{id}/resolve`, { params: { path: { id } }, body: { replay } }));
    setNotice(`${subject} ${replay ? 'applied again and ' : ''}marked resolved at ${utcTime(resolved.resolvedAt)}.`);
    await queryClient.invalidateQueries({ queryKey: ['dead-letters', service] });
  };
  return (
    <Stack>
      {notice ? (
        <Alert color="green" variant="light" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(undefined)}>
          {notice}
        </Alert>
      ) : null}
      <Switch label="Show resolved ones too" checked={filters.includeResolved === 'true'} onChange={(e) => setFilter('includeResolved', e.currentTarget.checked ? 'true' : '')} />
      <ServerList
        list={list}
        caption={`Dead letters of ${service}-service`}
        rowKey={(d) => d.id}
        page={page}
        onPage={setPage}
        empty="No dead letters: every event was applied."
        columns={[
          {
            key: 'event',
            label: 'Event',
            render: (d) => (
              <Accordion variant="contained" chevronPosition="left">
                <Accordion.Item value={d.id}>
                  <Accordion.Control aria-label={`Payload of ${d.subject} ${d.eventId ?? d.id}`}>
                    <Text size="sm">{d.subject}</Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <JsonBlock label={`payload of dead letter ${d.id}`} value={d.payload} />
                  </Accordion.Panel>
                </Accordion.Item>
              </Accordion>
            ),
          },
          { key: 'error', label: 'Last error', render: (d) => <Text size="sm" style={{ wordBreak: 'break-word' }}>{d.error}</Text> },
          { key: 'deliveries', label: 'Deliveries', render: (d) => d.deliveries },
          { key: 'when', label: 'Given up', render: (d) => utcTime(d.createdAt) },
          {
            key: 'actions',
            label: 'Actions',
            render: (d) =>
              d.resolvedAt ? (
                <Badge color="green" variant="light">
                  resolved {utcTime(d.resolvedAt)}
                </Badge>
              ) : writable ? (
                <Group gap="xs" wrap="nowrap">
                  <ConfirmButton
                    size="xs"
                    color="blue"
                    title="Replay this event?"
                    message={`${service}-service applies ${d.subject} again (once at most: an event already applied changes nothing), then marks it resolved.`}
                    confirmLabel="Replay"
                    onConfirm={() => resolve(d.id, d.subject, true)}
                  >
                    Replay
                  </ConfirmButton>
                  <ConfirmButton
                    size="xs"
                    variant="outline"
                    color="gray"
                    title="Resolve without replaying?"
                    message="The event is marked handled and is not applied. Use this when it was dealt with by hand."
                    confirmLabel="Resolve"
                    onConfirm={() => resolve(d.id, d.subject, false)}
                  >
                    Resolve
                  </ConfirmButton>
                </Group>
              ) : (
                <Badge color="red" variant="light">
                  open
                </Badge>
              ),
          },
        ]}
      />
    </Stack>
  );
}
