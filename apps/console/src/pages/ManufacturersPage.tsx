import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { ConfirmButton } from '../components/ConfirmButton';
import { FormDialog } from '../components/FormDialog';
import { PageHeader } from '../components/PageHeader';
import { SearchBox } from '../components/SearchBox';
import { SecretOnce } from '../components/SecretOnce';
import { ServerList } from '../components/ServerList';
import { useListPage } from '../components/useListPage';
import { utcTime } from '../lib/format';
import { canChange } from '../lib/roles';

/** Device manufacturers and their delKeys (the key of force unbind, delOemDeviceForce). */
export function ManufacturersPage() {
  const api = useApi();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const { page, filters, setPage, setFilter, query } = useListPage(['q'] as const);
  const list = useQuery({ queryKey: ['manufacturers', query], queryFn: () => unwrap(api.GET('/admin/v1/manufacturers', { params: { query } })) });
  const [newKey, setNewKey] = useState<{ oemCode: string; delKey: string }>();
  const writable = canChange(current?.session);
  return (
    <>
      <PageHeader title="Manufacturers" description="Device makers. A manufacturer's delKey lets its support unbind a device without its owner; it is shown once.">
        {writable ? <CreateManufacturer onCreated={setNewKey} /> : null}
      </PageHeader>
      {newKey ? (
        <Stack mb="md">
          <SecretOnce label={`delKey of ${newKey.oemCode}`} value={newKey.delKey} />
          <Group>
            <Button variant="default" onClick={() => setNewKey(undefined)}>
              I have copied it
            </Button>
          </Group>
        </Stack>
      ) : null}
      <Group mb="sm">
        <SearchBox key={filters.q} label="Code or name contains" value={filters.q} onSearch={(q) => setFilter('q', q)} />
      </Group>
      <ServerList
        list={list}
        caption="Manufacturers"
        rowKey={(m) => m.oemCode}
        page={page}
        onPage={setPage}
        columns={[
          { key: 'oemCode', label: 'oemCode', render: (m) => m.oemCode },
          { key: 'name', label: 'Name', render: (m) => m.name },
          { key: 'created', label: 'Created', render: (m) => utcTime(m.createdAt) },
          { key: 'rotated', label: 'delKey rotated', render: (m) => utcTime(m.delKeyRotatedAt) },
          {
            key: 'actions',
            label: 'Actions',
            render: (m) =>
              writable ? (
                <ConfirmButton
                  size="xs"
                  variant="outline"
                  color="red"
                  title={`Rotate the delKey of ${m.oemCode}?`}
                  message="The current delKey stops working at once; the new one is shown once."
                  confirmLabel="Rotate delKey"
                  onConfirm={async () => {
                    const rotated = await unwrap(api.POST('/admin/v1/manufacturers/{oemCode}/del-key', { params: { path: { oemCode: m.oemCode } } }));
                    setNewKey({ oemCode: rotated.oemCode, delKey: rotated.delKey });
                    await queryClient.invalidateQueries({ queryKey: ['manufacturers'] });
                  }}
                >
                  Rotate delKey
                </ConfirmButton>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </>
  );
}

function CreateManufacturer({ onCreated }: { onCreated: (key: { oemCode: string; delKey: string }) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure();
  const [oemCode, setOemCode] = useState('');
  const [name, setName] = useState('');
  const create = async () => {
    const created = await unwrap(api.POST('/admin/v1/manufacturers', { body: { oemCode, name } }));
    onCreated({ oemCode: created.oemCode, delKey: created.delKey });
    setOemCode('');
    setName('');
    await queryClient.invalidateQueries({ queryKey: ['manufacturers'] });
  };
  return (
    <>
      <Button onClick={open}>New manufacturer</Button>
      <FormDialog title="New manufacturer" opened={opened} onClose={close} submitLabel="Create manufacturer" onSubmit={create}>
        <TextInput label="oemCode" required value={oemCode} onChange={(e) => setOemCode(e.currentTarget.value)} />
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </FormDialog>
    </>
  );
}
