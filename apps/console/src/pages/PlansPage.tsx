import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { FilterForm, filterKey } from '../components/FilterForm';
import { FormDialog } from '../components/FormDialog';
import { PageHeader } from '../components/PageHeader';
import { ProblemAlert } from '../components/ProblemAlert';
import { ServerList } from '../components/ServerList';
import { SearchBox } from '../components/SearchBox';
import { useAction } from '../components/useAction';
import { useListPage } from '../components/useListPage';
import { utcTime } from '../lib/format';
import { losesFootage } from '../lib/recordings';
import { grantState, planTypeLabel } from '../lib/grants';
import { canChange } from '../lib/roles';
import { readableMac } from '../lib/lookup';

/** The plan catalogue (permissions) and the grants of plans to users. */
export function PlansPage() {
  // The tab is in the address too (?tab=plans); changing it starts the other list afresh (page 1, no filters).
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'plans' ? 'plans' : 'grants';
  return (
    <>
      <PageHeader title="Plans and grants" description="Plans are the cloud-recording services a merchant sells; a grant gives one to a user (a paid grant waits for activation in the app)." />
      <Tabs value={tab} onChange={(next) => next && next !== tab && setSearch(new URLSearchParams({ tab: next }))} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="grants">Grants</Tabs.Tab>
          <Tabs.Tab value="plans">Plans</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="grants" pt="md">
          <GrantsTab />
        </Tabs.Panel>
        <Tabs.Panel value="plans" pt="md">
          <PlansTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** The plan-type filter's choices: `permissionType` as the API takes it, or no filter. */
const PLAN_TYPE_FILTER = [
  { value: 'all', label: 'All' },
  { value: '1', label: 'Paid' },
  { value: '2', label: 'Free (type 2)' },
  { value: '3', label: 'Free (type 3)' },
];

/** The grant-state filter's choices: `state` as the API takes it (docs/decisions.md P26), or no filter. */
const GRANT_STATE_FILTER = [
  { value: 'any', label: 'Any' },
  { value: 'waiting', label: 'Waiting for activation' },
  { value: 'active', label: 'Active' },
  { value: 'over', label: 'Over (period ended)' },
  { value: 'revoked', label: 'Revoked' },
];

function PlansTab() {
  const api = useApi();
  const { current } = useSession();
  const { page, filters, setPage, setFilter, query } = useListPage(['q', 'permissionType'] as const);
  const list = useQuery({ queryKey: ['permissions', query], queryFn: () => unwrap(api.GET('/admin/v1/permissions', { params: { query } })) });
  const writable = canChange(current?.session);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap">
          <SearchBox key={filters.q} label="Code or name contains" value={filters.q} onSearch={(q) => setFilter('q', q)} />
          <Select
            label="Plan type"
            w={160}
            allowDeselect={false}
            value={filters.permissionType || 'all'}
            onChange={(v) => setFilter('permissionType', !v || v === 'all' ? '' : v)}
            data={PLAN_TYPE_FILTER}
          />
        </Group>
        {writable ? <CreatePlan /> : null}
      </Group>
      <ServerList
        list={list}
        caption="Plans"
        rowKey={(p) => p.permissionCode}
        page={page}
        onPage={setPage}
        empty="No plan matches."
        columns={[
          { key: 'code', label: 'Code', render: (p) => p.permissionCode },
          { key: 'name', label: 'Name', render: (p) => p.permissionName },
          { key: 'type', label: 'Type', render: (p) => planTypeLabel(p.permissionType) },
          { key: 'days', label: 'Days', render: (p) => p.durationDays },
          { key: 'channels', label: 'Channels', render: (p) => p.channelCount },
          { key: 'retention', label: 'Retention', render: (p) => retentionLabel(p.retentionDays) },
          { key: 'created', label: 'Created', render: (p) => utcTime(p.createdAt) },
          // The one field a plan may change once created (PATCH /admin/v1/permissions/{code}); full tokens only.
          ...(writable ? [{ key: 'set-retention', label: 'Set retention (days)', render: (p: Plan) => <RetentionEditor key={`${p.permissionCode}/${p.retentionDays}`} plan={p} /> }] : []),
        ]}
      />
    </Stack>
  );
}

type Plan = { permissionCode: string; retentionDays: number | null };

/** A plan's rolling retention of cloud recordings (docs/decisions.md CU6); "—": not a cloud-recording plan. */
function retentionLabel(days: number | null): string {
  if (days === null) return '—';
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * Sets or clears (empty) a plan's retention in place; the platform's refusal shows under it. Shortening or
 * clearing it loses footage (decisions CU6: the devices' cameras record the new plan at their next upload,
 * and what it no longer keeps is hidden and purged), so it asks first; a longer retention saves at once.
 */
function RetentionEditor({ plan }: { plan: Plan }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { busy, error, run } = useAction();
  const [value, setValue] = useState<string | number>(plan.retentionDays ?? '');
  const [confirming, { open: confirm, close: cancel }] = useDisclosure();
  const next = value === '' ? null : Number(value);
  const apply = async () => {
    cancel();
    await run(async () => {
      await unwrap(api.PATCH('/admin/v1/permissions/{permissionCode}', { params: { path: { permissionCode: plan.permissionCode } }, body: { retentionDays: next } }));
      await queryClient.invalidateQueries({ queryKey: ['permissions'] });
    });
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (losesFootage(plan.retentionDays, next)) confirm();
    else await apply();
  };
  return (
    <form onSubmit={save}>
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap">
          <NumberInput
            size="xs"
            w={90}
            aria-label={`Retention of ${plan.permissionCode} in days`}
            placeholder="none"
            allowDecimal={false}
            allowNegative={false}
            value={value}
            onChange={setValue}
          />
          <Button size="xs" variant="default" type="submit" loading={busy} aria-label={`Save the retention of ${plan.permissionCode}`}>
            Save
          </Button>
        </Group>
        <ProblemAlert error={error} title="Not saved" />
      </Stack>
      <Modal opened={confirming} onClose={cancel} title={next === null ? `Stop cloud recording on ${plan.permissionCode}?` : `Keep less footage on ${plan.permissionCode}?`} centered>
        <Stack>
          <Text size="sm">
            {next === null
              ? 'Cameras on this plan can no longer upload, and their footage is purged once the grace period (RECORDING_GRACE_DAYS, 7 days by default) has passed. This cannot be undone.'
              : `Footage older than ${retentionLabel(next)} of every device on this plan is purged once its camera next uploads (now ${retentionLabel(plan.retentionDays)}). This cannot be undone.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void apply()}>
              {next === null ? 'Clear the retention' : 'Shorten the retention'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

function CreatePlan() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure();
  const [form, setForm] = useState({ permissionCode: '', permissionName: '', permissionType: 1 as 1 | 2 | 3, durationDays: 30, channelCount: 1, bpi: false });
  const [retention, setRetention] = useState<string | number>('');
  const create = async () => {
    await unwrap(api.POST('/admin/v1/permissions', { body: { ...form, ...(retention === '' ? {} : { retentionDays: Number(retention) }) } }));
    await queryClient.invalidateQueries({ queryKey: ['permissions'] });
  };
  return (
    <>
      <Button onClick={open}>New plan</Button>
      <FormDialog title="New plan" opened={opened} onClose={close} submitLabel="Create plan" onSubmit={create}>
        <TextInput label="Code" required value={form.permissionCode} onChange={(e) => setForm({ ...form, permissionCode: e.currentTarget.value })} />
        <TextInput label="Name" required value={form.permissionName} onChange={(e) => setForm({ ...form, permissionName: e.currentTarget.value })} />
        <Select
          label="Type"
          allowDeselect={false}
          value={String(form.permissionType)}
          onChange={(v) => setForm({ ...form, permissionType: Number(v) as 1 | 2 | 3 })}
          data={[
            { value: '1', label: 'Paid (waits for activation)' },
            { value: '2', label: 'Free (type 2)' },
            { value: '3', label: 'Free (type 3)' },
          ]}
        />
        <Group grow>
          <NumberInput label="Duration (days)" min={1} value={form.durationDays} onChange={(v) => setForm({ ...form, durationDays: Number(v) })} />
          <NumberInput label="Channels" min={1} value={form.channelCount} onChange={(v) => setForm({ ...form, channelCount: Number(v) })} />
        </Group>
        <NumberInput
          label="Retention (days)"
          description="Makes it a cloud-recording plan keeping this many rolling days of footage; empty: not one"
          allowDecimal={false}
          allowNegative={false}
          value={retention}
          onChange={setRetention}
        />
        <Switch label="Needs a client that supports BPI" checked={form.bpi} onChange={(e) => setForm({ ...form, bpi: e.currentTarget.checked })} />
      </FormDialog>
    </>
  );
}

const GRANT_TEXT_FILTERS = [
  { name: 'openId', label: 'Grants of the user (openId)' },
  { name: 'permissionCode', label: 'Plan code (exact)' },
  { name: 'ipcMac', label: 'Device MAC', placeholder: 'any spelling' },
] as const;

function GrantsTab() {
  const api = useApi();
  const { current } = useSession();
  const { page, filters, setPage, setFilter, setFilters, query } = useListPage(['openId', 'permissionCode', 'ipcMac', 'state'] as const);
  const list = useQuery({ queryKey: ['grants', query], queryFn: () => unwrap(api.GET('/admin/v1/grants', { params: { query } })) });
  // The text boxes are sent together by the Filter button; the state select applies at once.
  const textFilters = { openId: filters.openId, permissionCode: filters.permissionCode, ipcMac: filters.ipcMac };
  // States as of the answer shown (an active grant may be over by now; the next refresh says so).
  const now = list.dataUpdatedAt;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap">
          <FilterForm key={filterKey(textFilters)} fields={GRANT_TEXT_FILTERS} values={textFilters} onApply={setFilters} />
          <Select
            label="State"
            w={200}
            allowDeselect={false}
            value={filters.state || 'any'}
            onChange={(v) => setFilter('state', !v || v === 'any' ? '' : v)}
            data={GRANT_STATE_FILTER}
          />
        </Group>
        {canChange(current?.session) ? <GrantPlan /> : null}
      </Group>
      <ServerList
        list={list}
        caption={filters.state === 'active' ? 'Grants, soonest-ending first' : filters.state === 'over' ? 'Grants, most recently ended first' : 'Grants'}
        rowKey={(g) => String(g.grantId)}
        page={page}
        onPage={setPage}
        empty="No grant matches."
        columns={[
          { key: 'id', label: 'Grant', render: (g) => g.grantId },
          { key: 'openId', label: 'openId', render: (g) => g.openId },
          { key: 'plan', label: 'Plan', render: (g) => `${g.permissionName} (${g.permissionCode})` },
          { key: 'device', label: 'Device', render: (g) => (g.ipcMac ? readableMac(g.ipcMac) : 'none yet') },
          { key: 'state', label: 'State', render: (g) => grantState(g, now) },
          { key: 'end', label: 'Ends', render: (g) => utcTime(g.endTime) },
        ]}
      />
    </Stack>
  );
}

function GrantPlan() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure();
  const [form, setForm] = useState({ openId: '', permissionCode: '', ipcMac: '' });
  const grant = async () => {
    const body = { openId: form.openId.trim(), permissionCode: form.permissionCode.trim(), ...(form.ipcMac.trim() ? { ipcMac: form.ipcMac.trim() } : {}) };
    await unwrap(api.POST('/admin/v1/grants', { body }));
    await queryClient.invalidateQueries({ queryKey: ['grants'] });
  };
  return (
    <>
      <Button onClick={open}>Grant a plan</Button>
      <FormDialog title="Grant a plan to a user" opened={opened} onClose={close} submitLabel="Grant" onSubmit={grant}>
        <TextInput label="User (openId)" required value={form.openId} onChange={(e) => setForm({ ...form, openId: e.currentTarget.value })} />
        <TextInput label="Plan code" required value={form.permissionCode} onChange={(e) => setForm({ ...form, permissionCode: e.currentTarget.value })} />
        <TextInput label="Device MAC (optional)" description="Any spelling; without it the user picks the device at activation" value={form.ipcMac} onChange={(e) => setForm({ ...form, ipcMac: e.currentTarget.value })} />
      </FormDialog>
    </>
  );
}
