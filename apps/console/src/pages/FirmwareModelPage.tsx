import { Badge, Box, Button, Card, Group, NumberInput, Select, SimpleGrid, Slider, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { PageHeader } from '../components/PageHeader';
import { ConfirmButton } from '../components/ConfirmButton';
import { FormDialog } from '../components/FormDialog';
import { ProblemAlert } from '../components/ProblemAlert';
import { type ChainRelease, chainsOf, releaseState, versionLabel } from '../lib/firmware-chain';
import { utcTime } from '../lib/format';
import { problemFromThrown } from '../lib/problem';
import { canChange } from '../lib/roles';
import { FirmwareProgress } from './FirmwareProgress';

/** One model: its upgrade chains drawn step by step, each release's rollout, and who asked lately. */
export function FirmwareModelPage() {
  const { machineTypeName = '' } = useParams();
  const api = useApi();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const writable = canChange(current?.session);
  const model = useQuery({
    queryKey: ['firmware-model', machineTypeName],
    queryFn: () => unwrap(api.GET('/admin/v1/firmware/models/{machineTypeName}', { params: { path: { machineTypeName } } })),
  });
  // A chain is short (a model has tens of releases, not thousands): one page of the largest size holds it.
  const releases = useQuery({
    queryKey: ['firmware-releases', machineTypeName],
    queryFn: () => unwrap(api.GET('/admin/v1/firmware', { params: { query: { machineTypeName, limit: '500' } } })),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['firmware-releases', machineTypeName] }),
      queryClient.invalidateQueries({ queryKey: ['firmware-model', machineTypeName] }),
      queryClient.invalidateQueries({ queryKey: ['firmware-progress', machineTypeName] }),
    ]);
  const chains = chainsOf(releases.data?.items ?? []);
  // A model the platform does not know yet (opened from the Firmware page to add its first release).
  const modelIsNew = model.error !== null && problemFromThrown(model.error).code === 'AD0404';
  return (
    <>
      <PageHeader title={`Firmware of ${machineTypeName}`} description="firmware.latest walks each chain upwards from the version a device reports: interim steps first, the highest eligible release otherwise.">
        {writable ? <CreateRelease machineTypeName={machineTypeName} onCreated={refresh} /> : null}
      </PageHeader>
      {modelIsNew ? (
        <Text size="sm" mb="md">
          No release of {machineTypeName} yet: the model is created with its first release.
        </Text>
      ) : (
        <ProblemAlert error={model.error ?? releases.error} title="The model could not be read" />
      )}
      {model.data ? <SmartUpgrade machineTypeName={machineTypeName} on={model.data.smartUpgrade} writable={writable} /> : null}
      <Stack gap="lg">
        {chains.map((chain) => (
          <section key={chain.type} aria-labelledby={`chain-${chain.type}`}>
            <Title order={3} size="h4" id={`chain-${chain.type}`} mb="xs">
              {chain.label}
            </Title>
            <Group gap={0} align="stretch" wrap="wrap" role="list" aria-label={`${chain.label} upgrade chain, lowest first`}>
              {chain.releases.map((release, i) => (
                <Group key={release.id} gap={0} wrap="nowrap" role="listitem" align="center">
                  {i > 0 ? (
                    <Box px={6} aria-hidden="true">
                      →
                    </Box>
                  ) : null}
                  {/* Keyed by the last change: a release changed elsewhere starts its slider from the stored value. */}
                  <ReleaseStep key={`${release.id}-${release.updateTime}`} release={release} writable={writable} onChanged={refresh} />
                </Group>
              ))}
            </Group>
          </section>
        ))}
        {releases.data && chains.length === 0 ? <Text size="sm">No release yet.</Text> : null}
        {model.data ? <FirmwareProgress machineTypeName={machineTypeName} /> : null}
      </Stack>
    </>
  );
}

/** The model's smart-upgrade switch: turning it off reaches every device of the model, so it asks first (OC7). */
function SmartUpgrade({ machineTypeName, on, writable }: { machineTypeName: string; on: boolean; writable: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const set = async (smartUpgrade: boolean) => {
    await unwrap(api.PATCH('/admin/v1/firmware/models/{machineTypeName}', { params: { path: { machineTypeName } }, body: { smartUpgrade } }));
    await queryClient.invalidateQueries({ queryKey: ['firmware-model', machineTypeName] });
  };
  return (
    <Group mb="md" gap="sm">
      <Badge color={on ? 'green' : 'gray'} variant="light" data-testid="smart-upgrade">
        smart upgrade {on ? 'on' : 'off'}
      </Badge>
      {writable ? (
        <ConfirmButton
          size="xs"
          variant="outline"
          color={on ? 'red' : 'blue'}
          title={on ? `Turn smart upgrade off for ${machineTypeName}?` : `Turn smart upgrade on for ${machineTypeName}?`}
          message={on ? 'firmware.latest then answers 010121 to every device of this model: none is offered a release.' : 'firmware.latest offers this model\'s releases again, as their rollouts allow.'}
          confirmLabel={on ? 'Turn off' : 'Turn on'}
          onConfirm={() => set(!on)}
        >
          {on ? 'Turn smart upgrade off' : 'Turn smart upgrade on'}
        </ConfirmButton>
      ) : null}
    </Group>
  );
}

function ReleaseStep({ release, writable, onChanged }: { release: ChainRelease & { createTime: number; updateTime: number; remind: number }; writable: boolean; onChanged: () => Promise<unknown> }) {
  const api = useApi();
  const [rollout, setRollout] = useState(release.rolloutPercent);
  const [error, setError] = useState<unknown>();
  const patch = async (body: { active?: boolean; interim?: boolean; remind?: 0 | 1; rolloutPercent?: number }) => {
    setError(undefined);
    try {
      await unwrap(api.PATCH('/admin/v1/firmware/{id}', { params: { path: { id: String(release.id) } }, body }));
      await onChanged();
    } catch (err) {
      setError(err);
      setRollout(release.rolloutPercent);
    }
  };
  const label = versionLabel(release);
  return (
    <Card withBorder w={260} p="sm" data-testid={`release-${release.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{label}</Text>
          {release.interim ? (
            <Badge color="violet" variant="light">
              interim
            </Badge>
          ) : null}
        </Group>
        <Text size="xs">{releaseState(release)}</Text>
        <Text size="xs" c="dimmed">
          added {utcTime(release.createTime)}
        </Text>
        <Text size="sm" id={`rollout-${release.id}`}>
          Rollout: {rollout}% of devices
        </Text>
        <Slider
          aria-labelledby={`rollout-${release.id}`}
          thumbLabel={`Rollout of ${label} in percent`}
          min={0}
          max={100}
          step={5}
          value={rollout}
          disabled={!writable}
          onChange={setRollout}
          onChangeEnd={(value) => void patch({ rolloutPercent: value })}
          marks={[{ value: 0 }, { value: 50 }, { value: 100 }]}
        />
        <Group gap="xs" mt={4}>
          <Switch size="xs" label="Active" checked={release.active} disabled={!writable} onChange={(e) => void patch({ active: e.currentTarget.checked })} />
          <Switch size="xs" label="Interim" checked={release.interim} disabled={!writable} onChange={(e) => void patch({ interim: e.currentTarget.checked })} />
          <Switch size="xs" label="Remind" checked={release.remind === 1} disabled={!writable} onChange={(e) => void patch({ remind: e.currentTarget.checked ? 1 : 0 })} />
        </Group>
        <ProblemAlert error={error} title="Not changed" />
      </Stack>
    </Card>
  );
}

const emptyRelease = {
  type: '1',
  version1: 1,
  version2: '0',
  version3: 0,
  version4: 0,
  patchVersion: 0,
  downloadUri: '',
  md5: '',
  descEn: '',
  descZh: '',
  interim: false,
  active: true,
  rolloutPercent: 100,
};

function CreateRelease({ machineTypeName, onCreated }: { machineTypeName: string; onCreated: () => Promise<unknown> }) {
  const api = useApi();
  const [opened, { open, close }] = useDisclosure();
  const [form, setForm] = useState(emptyRelease);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const create = async () => {
    const { descEn, descZh, type, ...rest } = form;
    await unwrap(api.POST('/admin/v1/firmware', { body: { ...rest, machineTypeName, type: type === '2' ? 2 : 1, desc: { en: descEn, zh: descZh } } }));
    setForm(emptyRelease);
    await onCreated();
  };
  return (
    <>
      <Button onClick={open}>New release</Button>
      <FormDialog title={`New release of ${machineTypeName}`} opened={opened} onClose={close} submitLabel="Add release" onSubmit={create} size="lg">
        <Select label="Firmware" allowDeselect={false} value={form.type} onChange={(v) => set('type', v ?? '1')} data={[{ value: '1', label: 'System' }, { value: '2', label: 'Application' }]} />
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          <NumberInput label="version1" min={0} value={form.version1} onChange={(v) => set('version1', Number(v))} />
          <TextInput label="version2 (tag)" value={form.version2} onChange={(e) => set('version2', e.currentTarget.value)} />
          <NumberInput label="version3" min={0} value={form.version3} onChange={(v) => set('version3', Number(v))} />
          <NumberInput label="version4" min={0} value={form.version4} onChange={(v) => set('version4', Number(v))} />
          <NumberInput label="patchVersion" min={0} value={form.patchVersion} onChange={(v) => set('patchVersion', Number(v))} />
        </SimpleGrid>
        <TextInput label="Download URL" required value={form.downloadUri} onChange={(e) => set('downloadUri', e.currentTarget.value)} />
        <TextInput label="MD5" required value={form.md5} onChange={(e) => set('md5', e.currentTarget.value)} />
        <TextInput label="Release notes (English)" value={form.descEn} onChange={(e) => set('descEn', e.currentTarget.value)} />
        <TextInput label="Release notes (Chinese)" value={form.descZh} onChange={(e) => set('descZh', e.currentTarget.value)} />
        <NumberInput label="Rollout (% of devices)" min={0} max={100} value={form.rolloutPercent} onChange={(v) => set('rolloutPercent', Number(v))} />
        <Group>
          <Switch label="Interim" checked={form.interim} onChange={(e) => set('interim', e.currentTarget.checked)} />
          <Switch label="Active" checked={form.active} onChange={(e) => set('active', e.currentTarget.checked)} />
        </Group>
      </FormDialog>
    </>
  );
}
