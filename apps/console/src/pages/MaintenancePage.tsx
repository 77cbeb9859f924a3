import { Badge, Button, Card, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { PageHeader } from '../components/PageHeader';
import { ProblemAlert } from '../components/ProblemAlert';
import { useAction } from '../components/useAction';
import { utcTime } from '../lib/format';
import { type MaintenanceMode, maintenanceEffect, maintenanceRequest } from '../lib/maintenance';
import { canChange } from '../lib/roles';

/** The maintenance mode apps see in center.getServerInfo, switched only after a confirmation. */
export function MaintenancePage() {
  const api = useApi();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const mode = useQuery({ queryKey: ['maintenance'], queryFn: () => unwrap(api.GET('/admin/v1/maintenance')) });
  const [next, setNext] = useState<MaintenanceMode>('none');
  const [serverUrl, setServerUrl] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useAction();
  const apply = async () => {
    const switched = await run(async () => {
      await unwrap(api.PUT('/admin/v1/maintenance', { body: maintenanceRequest(next, serverUrl) }));
      await queryClient.invalidateQueries({ queryKey: ['maintenance'] });
    });
    if (switched) setConfirming(false);
  };
  return (
    <>
      <PageHeader title="Maintenance" description="What every app is told when it asks center.getServerInfo: carry on, wait for an upgrade (000066), or move to a new address (000077)." />
      <ProblemAlert error={mode.error} title="The mode could not be read" />
      {mode.data ? (
        <Stack maw={640}>
          <Card withBorder>
            <Group gap="xs">
              <Text fw={600}>Now:</Text>
              <Badge color={mode.data.mode === 'none' ? 'green' : 'orange'} variant="light" data-testid="maintenance-mode">
                {mode.data.mode}
              </Badge>
              {mode.data.serverUrl ? <Text size="sm">{mode.data.serverUrl}</Text> : null}
            </Group>
            <Text size="sm" mt="xs">
              {maintenanceEffect(mode.data.mode, mode.data.serverUrl)}
            </Text>
            <Text size="xs" c="dimmed" mt="xs">
              Last changed {utcTime(mode.data.updatedAt)}
            </Text>
          </Card>
          {canChange(current?.session) ? (
            <Card withBorder>
              <Stack>
                <Radio.Group label="Switch to" value={next} onChange={(v) => setNext(v as MaintenanceMode)}>
                  <Stack gap="xs" mt="xs">
                    <Radio value="none" label="None: normal service" />
                    <Radio value="upgrade" label="Upgrade: apps show that the service is being upgraded (000066)" />
                    <Radio value="address-change" label="Address change: apps move to a new server address (000077)" />
                  </Stack>
                </Radio.Group>
                {next === 'address-change' ? <TextInput label="New server address" required value={serverUrl} onChange={(e) => setServerUrl(e.currentTarget.value)} placeholder="https://…" /> : null}
                <Group>
                  <Button color="red" onClick={() => setConfirming(true)} disabled={next === mode.data.mode && next !== 'address-change'}>
                    Switch mode
                  </Button>
                </Group>
              </Stack>
            </Card>
          ) : null}
          <Modal opened={confirming} onClose={() => setConfirming(false)} title="Switch the maintenance mode?" centered>
            <Stack>
              <Text size="sm">{maintenanceEffect(next, serverUrl)} This reaches every app of every merchant at its next check.</Text>
              <ProblemAlert error={error} title="Not switched" />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
                <Button color="red" loading={busy} onClick={apply}>
                  Switch to {next}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </Stack>
      ) : null}
    </>
  );
}
