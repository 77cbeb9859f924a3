import { Anchor, Badge, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { PageHeader } from '../components/PageHeader';
import { PagedTable } from '../components/PagedTable';
import { ProblemAlert } from '../components/ProblemAlert';
import { SecretOnce } from '../components/SecretOnce';
import { useListPage } from '../components/useListPage';
import { lifetime, utcTime } from '../lib/format';
import { canChange } from '../lib/roles';

export function MerchantsPage() {
  const api = useApi();
  const { current } = useSession();
  const { page, filters, setPage, setFilter, query } = useListPage(['q', 'enabled'] as const);
  const list = useQuery({ queryKey: ['merchants', query], queryFn: () => unwrap(api.GET('/admin/v1/merchants', { params: { query } })) });
  const [search, setSearch] = useState(filters.q);
  return (
    <>
      <PageHeader title="Merchants" description="The brands whose apps sign users in. A merchant's clientSecret signs its SSO calls; it is shown once, when created or rotated.">
        {canChange(current?.session) ? <CreateMerchant /> : null}
      </PageHeader>
      <Group mb="sm" align="flex-end" wrap="wrap">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setFilter('q', search);
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput label="Name or clientId contains" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
            <Button type="submit" variant="default">
              Search
            </Button>
          </Group>
        </form>
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
      <ProblemAlert error={list.error} title="The merchants could not be listed" />
      <PagedTable
        caption="Merchants"
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(m) => m.clientId}
        page={page}
        onPage={setPage}
        loading={list.isFetching}
        empty="No merchant matches."
        columns={[
          { key: 'name', label: 'Name', render: (m) => <Anchor component={Link} to={`/merchants/${encodeURIComponent(m.clientId)}`}>{m.name}</Anchor> },
          { key: 'clientId', label: 'clientId', render: (m) => m.clientId },
          { key: 'state', label: 'State', render: (m) => <Badge color={m.enabled ? 'green' : 'gray'} variant="light">{m.enabled ? 'enabled' : 'disabled'}</Badge> },
          { key: 'tokens', label: 'Token lifetimes', render: (m) => `${lifetime(m.accessTokenTtlSeconds)} / ${lifetime(m.refreshTokenTtlSeconds)}` },
          { key: 'created', label: 'Created', render: (m) => utcTime(m.createdAt) },
        ]}
      />
    </>
  );
}

function CreateMerchant() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure();
  const [form, setForm] = useState({ name: '', tokenValidationUrl: '', userProfileUrl: '', accessTokenTtlSeconds: 7200, refreshTokenTtlSeconds: 2592000, refreshTokenRotation: false });
  const [created, setCreated] = useState<{ clientId: string; clientSecret: string }>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const merchant = await unwrap(api.POST('/admin/v1/merchants', { body: form }));
      setCreated({ clientId: merchant.clientId, clientSecret: merchant.clientSecret });
      await queryClient.invalidateQueries({ queryKey: ['merchants'] });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const dismiss = () => {
    close();
    setCreated(undefined);
    setError(undefined);
  };
  return (
    <>
      <Button onClick={open}>New merchant</Button>
      <Modal opened={opened} onClose={dismiss} title="New merchant" size="lg">
        {created ? (
          <Stack>
            <TextInput label="clientId" value={created.clientId} readOnly />
            <SecretOnce label="clientSecret" value={created.clientSecret} />
            <Group justify="flex-end">
              <Button onClick={dismiss}>Done</Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit}>
            <Stack>
              <TextInput label="Name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
              <TextInput label="Token validation URL" description="The merchant's endpoint that checks its users' tokens" required value={form.tokenValidationUrl} onChange={(e) => set('tokenValidationUrl', e.currentTarget.value)} />
              <TextInput label="User profile URL" required value={form.userProfileUrl} onChange={(e) => set('userProfileUrl', e.currentTarget.value)} />
              <Group grow wrap="wrap">
                <NumberInput label="Access token lifetime (s)" min={1} value={form.accessTokenTtlSeconds} onChange={(v) => set('accessTokenTtlSeconds', Number(v))} />
                <NumberInput label="Refresh token lifetime (s)" min={1} value={form.refreshTokenTtlSeconds} onChange={(v) => set('refreshTokenTtlSeconds', Number(v))} />
              </Group>
              <Switch label="Rotate refresh tokens on every refresh" checked={form.refreshTokenRotation} onChange={(e) => set('refreshTokenRotation', e.currentTarget.checked)} />
              <ProblemAlert error={error} title="Not created" />
              <Group justify="flex-end">
                <Button variant="default" onClick={dismiss}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Create merchant
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
