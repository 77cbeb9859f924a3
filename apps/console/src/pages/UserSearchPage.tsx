import { Anchor, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { FilterForm, filterKey } from '../components/FilterForm';
import { PageHeader } from '../components/PageHeader';
import { ServerList } from '../components/ServerList';
import { useListPage } from '../components/useListPage';
import { utcTime } from '../lib/format';

const USER_FILTERS = [
  { name: 'uuid', label: "Merchant's user id (uuid)", required: true },
  { name: 'clientId', label: 'Merchant clientId (optional)' },
] as const;

/** Users by the merchant's own user id (uuid): one per merchant that has a user with that id. */
export function UserSearchPage() {
  const api = useApi();
  const { page, filters, setPage, setFilters, query } = useListPage(['uuid', 'clientId'] as const);
  const list = useQuery({
    queryKey: ['users', query],
    queryFn: () => unwrap(api.GET('/admin/v1/users', { params: { query } })),
    enabled: Boolean(filters.uuid),
  });
  return (
    <>
      <PageHeader title="Users by merchant uuid" description="The same uuid may belong to users of several merchants: narrow it with the merchant's clientId." />
      <Group mb="sm">
        <FilterForm key={filterKey(filters)} fields={USER_FILTERS} values={filters} onApply={setFilters} buttonLabel="Search" />
      </Group>
      {filters.uuid ? (
        <ServerList
          list={list}
          caption={`Users with uuid ${filters.uuid}`}
          rowKey={(u) => u.openId}
          page={page}
          onPage={setPage}
          empty="No user has this uuid."
          columns={[
            { key: 'openId', label: 'openId', render: (u) => <Anchor component={Link} to={`/lookup/users/${encodeURIComponent(u.openId)}`}>{u.openId}</Anchor> },
            { key: 'merchant', label: 'Merchant', render: (u) => u.merchant.name },
            { key: 'name', label: 'Name', render: (u) => u.name || '—' },
            { key: 'seen', label: 'Last sign-in', render: (u) => utcTime(u.lastSignInAt) },
          ]}
        />
      ) : null}
    </>
  );
}
