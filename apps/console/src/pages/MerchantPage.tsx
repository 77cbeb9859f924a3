import { Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { CallHealthBadge, CallHealthDetail } from '../components/CallHealthBadge';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { unwrap } from '../api/client';
import { useApi, useSession } from '../api/session';
import { ConfirmButton } from '../components/ConfirmButton';
import { PageHeader } from '../components/PageHeader';
import { ProblemAlert } from '../components/ProblemAlert';
import { SecretOnce } from '../components/SecretOnce';
import { useAction } from '../components/useAction';
import { utcTime } from '../lib/format';
import { canChange } from '../lib/roles';
import { MerchantPush } from './MerchantPush';

/** One merchant: its settings (editable), secret rotation and disabling, its alarm pushes. */
export function MerchantPage() {
  const { clientId = '' } = useParams();
  const api = useApi();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const merchant = useQuery({
    queryKey: ['merchant', clientId],
    queryFn: () => unwrap(api.GET('/admin/v1/merchants/{clientId}', { params: { path: { clientId } } })),
  });
  const [rotated, setRotated] = useState<string>();
  const [grace, setGrace] = useState<number>(86400);
  const writable = canChange(current?.session);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ['merchant', clientId] }), queryClient.invalidateQueries({ queryKey: ['merchants'] })]);
  const m = merchant.data;
  return (
    <>
      <PageHeader title={m ? `Merchant ${m.name}` : 'Merchant'} description={`clientId ${clientId}`}>
        {m && writable && !m.enabled ? (
          <ConfirmButton
            color="blue"
            variant="outline"
            title="Enable this merchant again?"
            message="Its signed SSO calls and its users' gateway calls are served again; tokens issued before that have not expired work again."
            confirmLabel="Enable merchant"
            onConfirm={async () => {
              await unwrap(api.PATCH('/admin/v1/merchants/{clientId}', { params: { path: { clientId } }, body: { enabled: true } }));
              await refresh();
            }}
          >
            Enable
          </ConfirmButton>
        ) : null}
        {m && writable && m.enabled ? (
          <ConfirmButton
            color="red"
            variant="outline"
            title="Disable this merchant?"
            message="Its signed SSO calls will be refused and its users' gateway calls answered 030010 until it is enabled again. Nothing is deleted."
            confirmLabel="Disable merchant"
            onConfirm={async () => {
              await unwrap(api.POST('/admin/v1/merchants/{clientId}/disable', { params: { path: { clientId } } }));
              await refresh();
            }}
          >
            Disable
          </ConfirmButton>
        ) : null}
      </PageHeader>
      <ProblemAlert error={merchant.error} title="The merchant could not be read" />
      {m ? (
        <Stack>
          <Group gap="xs">
            <Badge color={m.enabled ? 'green' : 'gray'} variant="light">
              {m.enabled ? 'enabled' : 'disabled'}
            </Badge>
            <CallHealthBadge health={m.callHealth} />
            <Text size="sm">created {utcTime(m.createdAt)}, changed {utcTime(m.updatedAt)}</Text>
          </Group>
          <CallHealthDetail health={m.callHealth} />
          {/* Keyed by the merchant: after a save the form keeps what was saved (and says so). */}
          <MerchantSettings key={m.clientId} merchant={m} writable={writable} onSaved={refresh} />
          <Card withBorder>
            <Stack>
              <Text fw={600}>clientSecret</Text>
              <Text size="sm">
                {m.previousSecretExpiresAt ? `The secret replaced last still verifies until ${utcTime(m.previousSecretExpiresAt)}.` : 'No replaced secret is still verifying.'}
              </Text>
              {rotated ? <SecretOnce label="clientSecret" value={rotated} /> : null}
              {writable ? (
                <Group align="flex-end" wrap="wrap">
                  <NumberInput label="Old secret keeps verifying for (s)" min={0} max={2592000} value={grace} onChange={(v) => setGrace(Number(v))} w={260} />
                  <ConfirmButton
                    color="red"
                    title="Rotate the clientSecret?"
                    message={`A new secret is made and shown once. The current one keeps verifying for ${grace} s, then stops: the merchant's servers must switch before then.`}
                    confirmLabel="Rotate secret"
                    onConfirm={async () => {
                      const next = await unwrap(api.POST('/admin/v1/merchants/{clientId}/secret', { params: { path: { clientId } }, body: { graceSeconds: grace } }));
                      setRotated(next.clientSecret);
                      await refresh();
                    }}
                  >
                    Rotate secret
                  </ConfirmButton>
                </Group>
              ) : null}
            </Stack>
          </Card>
          <MerchantPush clientId={m.clientId} writable={writable} />
        </Stack>
      ) : null}
    </>
  );
}

interface MerchantFields {
  name: string;
  tokenValidationUrl: string;
  userProfileUrl: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshTokenRotation: boolean;
}

function MerchantSettings({ merchant, writable, onSaved }: { merchant: MerchantFields & { clientId: string }; writable: boolean; onSaved: () => Promise<unknown> }) {
  const api = useApi();
  const pick = (m: MerchantFields): MerchantFields => ({
    name: m.name,
    tokenValidationUrl: m.tokenValidationUrl,
    userProfileUrl: m.userProfileUrl,
    accessTokenTtlSeconds: m.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: m.refreshTokenTtlSeconds,
    refreshTokenRotation: m.refreshTokenRotation,
  });
  const [form, setForm] = useState(pick(merchant));
  const { busy, error, run } = useAction();
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof MerchantFields>(key: K, value: MerchantFields[K]) => {
    setSaved(false);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      await unwrap(api.PATCH('/admin/v1/merchants/{clientId}', { params: { path: { clientId: merchant.clientId } }, body: form }));
      setSaved(true);
      await onSaved();
    });
  };
  return (
    <Card withBorder component="form" onSubmit={submit}>
      <Stack>
        <Text fw={600}>Settings</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" value={form.name} onChange={(e) => set('name', e.currentTarget.value)} readOnly={!writable} />
          <TextInput label="Token validation URL" value={form.tokenValidationUrl} onChange={(e) => set('tokenValidationUrl', e.currentTarget.value)} readOnly={!writable} />
          <TextInput label="User profile URL" value={form.userProfileUrl} onChange={(e) => set('userProfileUrl', e.currentTarget.value)} readOnly={!writable} />
          <NumberInput label="Access token lifetime (s)" min={1} value={form.accessTokenTtlSeconds} onChange={(v) => set('accessTokenTtlSeconds', Number(v))} readOnly={!writable} />
          <NumberInput label="Refresh token lifetime (s)" min={1} value={form.refreshTokenTtlSeconds} onChange={(v) => set('refreshTokenTtlSeconds', Number(v))} readOnly={!writable} />
        </SimpleGrid>
        <Switch label="Rotate refresh tokens on every refresh" checked={form.refreshTokenRotation} onChange={(e) => set('refreshTokenRotation', e.currentTarget.checked)} disabled={!writable} />
        <ProblemAlert error={error} title="Not saved" />
        {writable ? (
          <Group justify="flex-end">
            {saved ? (
              <Text size="sm" role="status">
                Saved.
              </Text>
            ) : null}
            <Button type="submit" loading={busy}>
              Save settings
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
