import { Accordion, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { JsonBlock } from '../components/JsonBlock';
import { PageHeader } from '../components/PageHeader';
import { ServerList } from '../components/ServerList';
import { useListPage } from '../components/useListPage';
import { auditResultColor, auditWhat } from '../lib/audit';
import { utcTime } from '../lib/format';

const FILTERS = ['actor', 'result', 'path'] as const;

/** Every changing admin call, newest first: who, what, when and how it ended (GET /admin/v1/audit). */
export function AuditPage() {
  const api = useApi();
  const { page, filters, setPage, setFilter, setFilters, query } = useListPage(FILTERS);
  const list = useQuery({ queryKey: ['audit', query], queryFn: () => unwrap(api.GET('/admin/v1/audit', { params: { query } })) });
  const [actor, setActor] = useState(filters.actor);
  const [path, setPath] = useState(filters.path);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ actor, path });
  };
  return (
    <>
      <PageHeader title="Audit log" description="Every call that changes something, refused ones included, recorded before it is carried out. Bodies are kept; secrets the platform answered are not." />
      <Group align="flex-end" mb="sm" wrap="wrap">
        <form onSubmit={submit}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput label="Token name" value={actor} onChange={(e) => setActor(e.currentTarget.value)} />
            <TextInput label="Path starts with" placeholder="/admin/v1/merchants" value={path} onChange={(e) => setPath(e.currentTarget.value)} />
            <Button type="submit" variant="default">
              Filter
            </Button>
          </Group>
        </form>
        <Select
          label="Result"
          w={160}
          value={filters.result || 'any'}
          allowDeselect={false}
          onChange={(v) => setFilter('result', !v || v === 'any' ? '' : v)}
          data={[
            { value: 'any', label: 'Any' },
            { value: 'ok', label: 'Done' },
            { value: 'refused', label: 'Refused' },
            { value: 'failed', label: 'Failed' },
            { value: 'pending', label: 'No result recorded' },
          ]}
        />
      </Group>
      <ServerList
        list={list}
        caption="Audit log, newest first"
        rowKey={(a) => a.id}
        page={page}
        onPage={setPage}
        empty="No call recorded matches."
        columns={[
          { key: 'at', label: 'When', render: (a) => utcTime(a.at) },
          { key: 'who', label: 'Who', render: (a) => `${a.actor.name} (${a.actor.role})` },
          {
            key: 'what',
            label: 'What',
            render: (a) => (
              <Accordion variant="default" chevronPosition="left">
                <Accordion.Item value={a.id}>
                  <Accordion.Control aria-label={`Details of ${a.method} ${a.path}`}>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {auditWhat(a)}
                    </Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="xs">
                      <Text size="xs">request id {a.requestId ?? '—'}</Text>
                      {a.bodyBytes !== null ? <Text size="xs">body of {a.bodyBytes} bytes (not recorded)</Text> : null}
                      <JsonBlock label={`request of audit entry ${a.id}`} value={{ params: a.params, query: a.query, body: a.body }} />
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              </Accordion>
            ),
          },
          {
            key: 'result',
            label: 'Result',
            render: (a) => (
              <Badge color={auditResultColor(a.result)} variant="light">
                {a.result}
                {a.status !== null ? ` ${a.status}` : ''}
                {a.errorCode ? ` ${a.errorCode}` : ''}
              </Badge>
            ),
          },
        ]}
      />
    </>
  );
}
