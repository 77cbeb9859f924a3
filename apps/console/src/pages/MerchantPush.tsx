import { Alert, Badge, Button, Card, Group, NumberInput, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { ConfirmButton } from '../components/ConfirmButton';
import { Facts } from '../components/Facts';
import { FormDialog } from '../components/FormDialog';
import { ProblemAlert } from '../components/ProblemAlert';
import { PushHealthTable } from '../components/PushHealthTable';
import { useAction } from '../components/useAction';
import { utcTime } from '../lib/format';
import { PUSH_PROVIDERS, type PushProvider, needsAttention, providerLabel, retentionLabel } from '../lib/push';

interface ProviderView {
  provider: PushProvider;
  summary: Record<string, string>;
  updatedAt: string;
}

/**
 * A merchant's alarm pushes (push-service): the providers set up (their summary, never a key) with forms to set
 * or remove each, how long its users' messages are kept, and the delivery health of the last 24 hours.
 */
export function MerchantPush({ clientId, writable }: { clientId: string; writable: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const push = useQuery({
    queryKey: ['push-merchant', clientId],
    queryFn: () => unwrap(api.GET('/admin/v1/push/merchants/{clientId}', { params: { path: { clientId } } })),
  });
  const [notice, setNotice] = useState<string>();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ['push-merchant', clientId] }), queryClient.invalidateQueries({ queryKey: ['push-health'] })]);
  const p = push.data;
  const dead = p ? p.health.reduce((n, h) => n + h.dead, 0) : 0;
  return (
    <Card withBorder component="section" aria-labelledby="merchant-push">
      <Stack>
        <Title order={3} size="h4" id="merchant-push">
          Push
        </Title>
        <ProblemAlert error={push.error} title="The push settings could not be read" />
        {p ? (
          <>
            <Stack gap="xs">
              <Text fw={600}>Providers</Text>
              {PUSH_PROVIDERS.map((provider) => (
                <ProviderRow key={provider} clientId={clientId} provider={provider} view={p.providers.find((v) => v.provider === provider)} writable={writable} onChanged={refresh} />
              ))}
            </Stack>
            <MessageRetention clientId={clientId} retentionDays={p.retentionDays} defaultDays={p.defaultRetentionDays} writable={writable} onSaved={refresh} />
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Text fw={600}>Delivery health, last 24 hours</Text>
                {p.health.some(needsAttention) ? (
                  <Badge color="red" variant="light" data-testid="push-attention">
                    needs attention
                  </Badge>
                ) : null}
              </Group>
              <PushHealthTable rows={p.health} caption={`Push deliveries of ${clientId} by provider`} />
              {notice ? (
                <Alert color="green" variant="light" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(undefined)}>
                  {notice}
                </Alert>
              ) : null}
              {writable ? (
                <Group>
                  <ConfirmButton
                    variant="outline"
                    color="blue"
                    title="Replay the dead deliveries?"
                    message={`Every dead delivery of this merchant (${dead} in the last 24 hours, older ones too) is sent again now. Fix its credentials or push server first, or they die again.`}
                    confirmLabel="Replay dead deliveries"
                    onConfirm={async () => {
                      const { replayed } = await unwrap(api.POST('/admin/v1/push/merchants/{clientId}/replay-dead', { params: { path: { clientId } } }));
                      setNotice(replayed === 1 ? '1 dead delivery replayed.' : `${replayed} dead deliveries replayed.`);
                      await refresh();
                    }}
                  >
                    Replay dead deliveries
                  </ConfirmButton>
                </Group>
              ) : null}
            </Stack>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function ProviderRow({ clientId, provider, view, writable, onChanged }: { clientId: string; provider: PushProvider; view: ProviderView | undefined; writable: boolean; onChanged: () => Promise<unknown> }) {
  const api = useApi();
  const [opened, { open, close }] = useDisclosure();
  const label = providerLabel(provider);
  return (
    <Card withBorder padding="sm" data-testid={`push-provider-${provider}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{label}</Text>
            <Badge color={view ? 'green' : 'gray'} variant="light">
              {view ? 'set' : 'not set'}
            </Badge>
          </Group>
          {writable ? (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={open}>
                {view ? `Replace ${label} credentials` : `Set ${label} credentials`}
              </Button>
              {view ? (
                <ConfirmButton
                  size="xs"
                  variant="outline"
                  color="red"
                  title={`Remove the ${label} credentials?`}
                  message={`The merchant's deliveries to ${label} end as dead letters until credentials are set again, and its apps can no longer register ${label} endpoints. The key is deleted.`}
                  confirmLabel="Remove credentials"
                  onConfirm={async () => {
                    await unwrap(api.DELETE('/admin/v1/push/merchants/{clientId}/providers/{provider}', { params: { path: { clientId, provider } } }));
                    await onChanged();
                  }}
                >
                  Remove
                </ConfirmButton>
              ) : null}
            </Group>
          ) : null}
        </Group>
        {view ? <Facts label={`${label} credentials`} rows={[...Object.entries(view.summary), ['Set', utcTime(view.updatedAt)] as const]} /> : null}
      </Stack>
      {writable ? <ProviderDialog key={String(opened)} clientId={clientId} provider={provider} replacing={view !== undefined} opened={opened} onClose={close} onSaved={onChanged} /> : null}
    </Card>
  );
}

const EMPTY = { projectId: '', clientEmail: '', teamId: '', keyId: '', bundleId: '', environment: 'production' as 'production' | 'sandbox', url: '', privateKey: '' };

/**
 * Sets (replaces) one provider's credentials. The private key is sent once and never shown again: the dialog is
 * mounted afresh each time it opens (keyed by `opened`), so a closed dialog keeps nothing of it.
 */
function ProviderDialog({ clientId, provider, replacing, opened, onClose, onSaved }: { clientId: string; provider: PushProvider; replacing: boolean; opened: boolean; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const api = useApi();
  const [form, setForm] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [key]: value }));
  };
  const body = () => {
    switch (provider) {
      case 'fcm':
        return { projectId: form.projectId.trim(), clientEmail: form.clientEmail.trim(), privateKey: form.privateKey };
      case 'apns':
        return { teamId: form.teamId.trim(), keyId: form.keyId.trim(), privateKey: form.privateKey, bundleId: form.bundleId.trim(), environment: form.environment };
      case 'webhook':
        return { url: form.url.trim() };
    }
  };
  const save = async () => {
    await unwrap(api.PUT('/admin/v1/push/merchants/{clientId}/providers/{provider}', { params: { path: { clientId, provider } }, body: body() }));
    await onSaved();
  };
  const label = providerLabel(provider);
  const privateKey = (description: string) => (
    <Textarea label="Private key" description={description} required autosize minRows={4} maxRows={10} spellCheck={false} autoComplete="off" value={form.privateKey} onChange={set('privateKey')} styles={{ input: { fontFamily: 'monospace' } }} />
  );
  return (
    <FormDialog title={`${replacing ? 'Replace' : 'Set'} the ${label} credentials`} opened={opened} onClose={onClose} submitLabel="Save credentials" onSubmit={save} size="lg">
      {provider === 'fcm' ? (
        <>
          <TextInput label="Project id" description="project_id of the service account's key file" required value={form.projectId} onChange={set('projectId')} />
          <TextInput label="Client email" description="client_email of the key file" required value={form.clientEmail} onChange={set('clientEmail')} />
          {privateKey('private_key of the key file (-----BEGIN PRIVATE KEY----- …). Encrypted at rest and never shown again.')}
        </>
      ) : null}
      {provider === 'apns' ? (
        <>
          <Group grow wrap="wrap">
            <TextInput label="Team id" description="10 characters" required value={form.teamId} onChange={set('teamId')} />
            <TextInput label="Key id" description="10 characters" required value={form.keyId} onChange={set('keyId')} />
          </Group>
          <TextInput label="Bundle id" description="The app's bundle id (the APNs topic)" required value={form.bundleId} onChange={set('bundleId')} />
          <Select
            label="Environment"
            allowDeselect={false}
            value={form.environment}
            onChange={(v) => v && setForm((f) => ({ ...f, environment: v as 'production' | 'sandbox' }))}
            data={[
              { value: 'production', label: 'production' },
              { value: 'sandbox', label: 'sandbox (development builds)' },
            ]}
          />
          {privateKey('The .p8 file\'s content (-----BEGIN PRIVATE KEY----- …). Encrypted at rest and never shown again.')}
        </>
      ) : null}
      {provider === 'webhook' ? (
        <TextInput label="Push server URL" description="Pushes are POSTed there, signed with the merchant's clientSecret" required value={form.url} onChange={set('url')} />
      ) : null}
    </FormDialog>
  );
}

/** Days the merchant's users' messages are kept; empty: the platform's default. */
function MessageRetention({ clientId, retentionDays, defaultDays, writable, onSaved }: { clientId: string; retentionDays: number | null; defaultDays: number; writable: boolean; onSaved: () => Promise<unknown> }) {
  const api = useApi();
  const { busy, error, run } = useAction();
  const [value, setValue] = useState<string | number>(retentionDays ?? '');
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const next = value === '' ? null : Number(value);
      await unwrap(api.PATCH('/admin/v1/push/merchants/{clientId}', { params: { path: { clientId } }, body: { retentionDays: next } }));
      setSaved(true);
      await onSaved();
    });
  };
  return (
    <Stack gap="xs" component="form" onSubmit={submit}>
      <Text fw={600}>Message retention</Text>
      <Text size="sm" data-testid="push-retention">
        Alarm messages are kept {retentionLabel(retentionDays, defaultDays)}.
      </Text>
      {writable ? (
        <Group align="flex-end" wrap="wrap">
          <NumberInput
            label="Keep messages for (days)"
            description={`Empty: the platform's default (${defaultDays} days)`}
            placeholder={`default (${defaultDays})`}
            allowDecimal={false}
            allowNegative={false}
            w={260}
            value={value}
            onChange={(v) => {
              setSaved(false);
              setValue(v);
            }}
          />
          <Button type="submit" variant="default" loading={busy}>
            Save retention
          </Button>
          {saved ? (
            <Text size="sm" role="status">
              Saved.
            </Text>
          ) : null}
        </Group>
      ) : null}
      <ProblemAlert error={error} title="Not saved" />
    </Stack>
  );
}
