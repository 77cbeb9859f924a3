import { Anchor, Badge, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { CallHealthBadge } from '../components/CallHealthBadge';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { FormDialog } from '../components/FormDialog';
import { PageHeader } from '../components/PageHeader';
import { SearchBox } from '../components/SearchBox';
import { SecretOnce } from '../components/SecretOnce';
import { ServerList } from '../components/ServerList';
import { useListPage } from '../components/useListPage';
import { lifetime, utcTime } from '../lib/format';
import { canChange } from '../lib/roles';

export function MerchantsPage() {
  const api = useApi();
  const { current } = useSession();
  const { page, filters, setPage, setFilter, query } = useListPage(['q', 'enabled'] as const);
  const list = useQuery({ queryKey: ['merchants', query], queryFn: () => unwrap(api.GET('/admin/v1/merchants', { params: { query } })) });
  return (
    <>
      <PageHeader title="Merchants" description="The brands whose apps sign users in. A merchant's clientSecret signs its SSO calls; it is shown once, when created or rotated.">
        {canChange(current?.session) ? <CreateMerchant /> : null}
      </PageHeader>
      <Group mb="sm" align="flex-end" wrap="wrap">
        <SearchBox key={filters.q} label="Name or clientId contains" value={filters.q} onSearch={(q) => setFilter('q', q)} />
        <SegmentedControl
          aria-label="Show merchants"
          value={filters.enabled || 'all'}
          onChange={(v) => setFilter('enabled', v === 'all' ? '' : v)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'true', label: 'Enabled' },
            { value: 'false', label: 'Disabled' },
          ]}
        />
      </Group>
      <ServerList
        list={list}
        caption="Merchants"
        rowKey={(m) => m.clientId}
        page={page}
        onPage={setPage}
        empty="No merchant matches."
        columns={[
          { key: 'name', label: 'Name', render: (m) => <Anchor component={Link} to={`/merchants/${encodeURIComponent(m.clientId)}`}>{m.name}</Anchor> },
          { key: 'clientId', label: 'clientId', render: (m) => m.clientId },
          { key: 'state', label: 'State', render: (m) => <Badge color={m.enabled ? 'green' : 'gray'} variant="light">{m.enabled ? 'enabled' : 'disabled'}</Badge> },
          { key: 'calls', label: 'Calls (1 h)', render: (m) => <CallHealthBadge health={m.callHealth} /> },
          { key: 'tokens', label: 'Token lifetimes', render: (m) => `${lifetime(m.accessTokenTtlSeconds)} / ${lifetime(m.refreshTokenTtlSeconds)}` },
          { key: 'created', label: 'Created', render: (m) => utcTime(m.createdAt) },
        ]}
      />
    </>
  );
}

const NEW_MERCHANT = { name: '', tokenValidationUrl: '', userProfileUrl: '', accessTokenTtlSeconds: 7200, refreshTokenTtlSeconds: 2592000, refreshTokenRotation: false };

function CreateMerchant() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure();
  const [form, setForm] = useState(NEW_MERCHANT);
  const [created, setCreated] = useState<{ clientId: string; clientSecret: string }>();
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const create = async () => {
    const merchant = await unwrap(api.POST('/admin/v1/merchants', { body: form }));
    setCreated({ clientId: merchant.clientId, clientSecret: merchant.clientSecret });
    setForm(NEW_MERCHANT);
    await queryClient.invalidateQueries({ queryKey: ['merchants'] });
  };
  return (
    <>
      <Button onClick={open}>New merchant</Button>
      <FormDialog title="New merchant" opened={opened} onClose={close} submitLabel="Create merchant" onSubmit={create} size="lg">
        <TextInput label="Name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
        <TextInput label="Token validation URL" description="The merchant's endpoint that checks its users' tokens" required value={form.tokenValidationUrl} onChange={(e) => set('tokenValidationUrl', e.currentTarget.value)} />
        <TextInput label="User profile URL" required value={form.userProfileUrl} onChange={(e) => set('userProfileUrl', e.currentTarget.value)} />
        <Group grow wrap="wrap">
          <NumberInput label="Access token lifetime (s)" min={1} value={form.accessTokenTtlSeconds} onChange={(v) => set('accessTokenTtlSeconds', Number(v))} />
          <NumberInput label="Refresh token lifetime (s)" min={1} value={form.refreshTokenTtlSeconds} onChange={(v) => set('refreshTokenTtlSeconds', Number(v))} />
        </Group>
        <Switch label="Rotate refresh tokens on every refresh" checked={form.refreshTokenRotation} onChange={(e) => set('refreshTokenRotation', e.currentTarget.checked)} />
      </FormDialog>
      <Modal opened={created !== undefined} onClose={() => setCreated(undefined)} title="Merchant created" size="lg">
        {created ? (
          <Stack>
            <TextInput label="clientId" value={created.clientId} readOnly />
            <SecretOnce label="clientSecret" value={created.clientSecret} />
            <Group justify="flex-end">
              <Button onClick={() => setCreated(undefined)}>Done</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
