import { Anchor, Badge, Button, Group, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { PageHeader } from '../components/PageHeader';
import { PagedTable } from '../components/PagedTable';
import { ProblemAlert } from '../components/ProblemAlert';
import { useListPage } from '../components/useListPage';
import { utcTime } from '../lib/format';
import { canChange } from '../lib/roles';

/** The device models that have firmware; a model opens its upgrade chains. */
export function FirmwarePage() {
  const api = useApi();
  const { current } = useSession();
  const navigate = useNavigate();
  const { page, filters, setPage, setFilter, query } = useListPage(['q'] as const);
  const list = useQuery({ queryKey: ['firmware-models', query], queryFn: () => unwrap(api.GET('/admin/v1/firmware/models', { params: { query } })) });
  const [search, setSearch] = useState(filters.q);
  const [newModel, setNewModel] = useState('');
  const openModel = (e: FormEvent) => {
    e.preventDefault();
    if (newModel.trim()) navigate(`/firmware/${encodeURIComponent(newModel.trim())}`);
  };
  return (
    <>
      <PageHeader title="Firmware" description="A model is created with its first release. Each model has a system and an application upgrade chain." />
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setFilter('q', search);
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput label="Model name contains" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
            <Button type="submit" variant="default">
              Search
            </Button>
          </Group>
        </form>
        {canChange(current?.session) ? (
          <form onSubmit={openModel}>
            <Group gap="xs" align="flex-end">
              <TextInput label="New model (machineTypeName)" value={newModel} onChange={(e) => setNewModel(e.currentTarget.value)} />
              <Button type="submit" disabled={!newModel.trim()}>
                Open
              </Button>
            </Group>
          </form>
        ) : null}
      </Group>
      <ProblemAlert error={list.error} title="The models could not be listed" />
      <PagedTable
        caption="Models"
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(m) => m.machineTypeName}
        page={page}
        onPage={setPage}
        loading={list.isFetching}
        empty="No model has firmware yet."
        columns={[
          { key: 'model', label: 'Model', render: (m) => <Anchor component={Link} to={`/firmware/${encodeURIComponent(m.machineTypeName)}`}>{m.machineTypeName}</Anchor> },
          { key: 'releases', label: 'Releases', render: (m) => `${m.activeReleaseCount} active of ${m.releaseCount}` },
          { key: 'smart', label: 'Smart upgrade', render: (m) => <Badge color={m.smartUpgrade ? 'green' : 'gray'} variant="light">{m.smartUpgrade ? 'on' : 'off'}</Badge> },
          { key: 'updated', label: 'Changed', render: (m) => utcTime(m.updateTime) },
        ]}
      />
    </>
  );
}
