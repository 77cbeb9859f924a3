import { Anchor, Badge, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { PageHeader } from '../components/PageHeader';
import { SearchBox } from '../components/SearchBox';
import { ServerList } from '../components/ServerList';
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
  const openModel = (model: string) => {
    if (model.trim()) navigate(`/firmware/${encodeURIComponent(model.trim())}`);
  };
  return (
    <>
      <PageHeader title="Firmware" description="A model is created with its first release. Each model has a system and an application upgrade chain." />
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <SearchBox key={filters.q} label="Model name contains" value={filters.q} onSearch={(q) => setFilter('q', q)} />
        {canChange(current?.session) ? <SearchBox label="New model (machineTypeName)" value="" buttonLabel="Open" onSearch={openModel} /> : null}
      </Group>
      <ServerList
        list={list}
        caption="Models"
        rowKey={(m) => m.machineTypeName}
        page={page}
        onPage={setPage}
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
