import { Accordion, Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { FilterForm, filterKey } from '../components/FilterForm';
import { JsonBlock } from '../components/JsonBlock';
import { PageHeader } from '../components/PageHeader';
import { ServerList } from '../components/ServerList';
import { useListPage } from '../components/useListPage';
import { auditCall, auditResultColor, auditWhat } from '../lib/audit';
import { utcTime } from '../lib/format';

const FILTERS = ['actor', 'result', 'path'] as const;
const AUDIT_TEXT_FILTERS = [
  { name: 'actor', label: 'Token name' },
  { name: 'path', label: 'Path starts with', placeholder: '/admin/v1/merchants' },
] as const;

/** Every changing admin call, newest first: who, what, when and how it ended (GET /admin/v1/audit). */
export function AuditPage() {
  const api = useApi();
  const { page, filters, setPage, setFilter, setFilters, query } = useListPage(FILTERS);
  const list = useQuery({ queryKey: ['audit', query], queryFn: () => unwrap(api.GET('/admin/v1/audit', { params: { query } })) });
  return (
    <>
      <PageHeader title="Audit log" description="Every call that changes something, refused ones included, recorded before it is carried out. Bodies are kept; secrets the platform answered are not." />
      <Group align="flex-end" mb="sm" wrap="wrap">
        <FilterForm key={filterKey({ actor: filters.actor, path: filters.path })} fields={AUDIT_TEXT_FILTERS} values={{ actor: filters.actor, path: filters.path }} onApply={setFilters} />
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
                  {/* Named by what it shows (WCAG 2.5.3): what was done, then the call. */}
                  <Accordion.Control>
                    <Text size="sm" fw={600}>
                      {auditWhat(a)}
                    </Text>
                    <Text size="xs" style={{ wordBreak: 'break-all' }}>
                      {auditCall(a)}
                    </Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="xs">
                      <Text size="xs">request id {a.requestId ?? '—'}</Text>
                      {a.clientRequestId !== null ? <Text size="xs">caller's x-request-id {a.clientRequestId} (as sent, not verified)</Text> : null}
                      {a.bodyBytes !== null ? (
                        <Text size="xs" style={{ wordBreak: 'break-all' }}>
                          body of {a.bodyBytes} bytes (not recorded){a.bodySha256 !== null ? `, SHA-256 ${a.bodySha256}` : ''}
                        </Text>
                      ) : null}
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
