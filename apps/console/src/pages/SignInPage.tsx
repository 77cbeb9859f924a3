import { Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSession } from '../api/session';
import { ProblemAlert } from '../components/ProblemAlert';

/** Sign in with an admin token (ADMIN_TOKEN or one of ADMIN_TOKENS); the platform says whose it is. */
export function SignInPage() {
  const { signIn } = useSession();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await signIn(token.trim());
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="lg" w="100%" maw={420} component="main">
        <form onSubmit={submit}>
          <Stack>
            <Title order={1} size="h3">
              Device Cloud console
            </Title>
            <Text size="sm">Sign in with an admin token of this platform. It stays in this tab only: closing the tab signs you out.</Text>
            <PasswordInput label="Admin token" value={token} onChange={(e) => setToken(e.currentTarget.value)} required autoComplete="current-password" />
            <ProblemAlert error={error} title="Not signed in" />
            <Button type="submit" loading={busy} disabled={!token.trim()}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
