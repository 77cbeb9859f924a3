import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { lookupPath, lookupTarget, readableMac } from '../lib/lookup';

/** One box for what an operator has at hand: a MAC (any spelling), an openId, or a merchant's user id. */
export function LookupPage() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [asUuid, setAsUuid] = useState(false);
  const target = lookupTarget(value, asUuid);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (target.kind !== 'empty') navigate(lookupPath(target));
  };
  return (
    <>
      <PageHeader title="Look-up" description="Find a device by its MAC, or a user by openId or by the merchant's own user id (uuid): owner, merchant, grants, current service and recordings on one page." />
      <form onSubmit={submit}>
        <Stack maw={560}>
          <TextInput label="MAC, openId or merchant uuid" placeholder="AA:BB:CC:DD:EE:FF" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
          <Checkbox label="It is a merchant's user id (uuid)" checked={asUuid} onChange={(e) => setAsUuid(e.currentTarget.checked)} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {target.kind === 'device' ? `Looks like the MAC ${readableMac(target.mac)}: opens the device.` : target.kind === 'user' ? 'Not a MAC: looked up as an openId.' : target.kind === 'uuid' ? 'Searched among every merchant’s users.' : ' '}
          </Text>
          <Group>
            <Button type="submit" disabled={target.kind === 'empty'}>
              Look up
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
