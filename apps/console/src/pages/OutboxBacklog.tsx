import { Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { ProblemAlert } from '../components/ProblemAlert';
import { duration } from '../lib/timeline';

/** Events each producing service has written but not yet published (its outbox), refreshed every 10 s. */
export function OutboxBacklog() {
  const api = useApi();
  const backlog = useQuery({ queryKey: ['outbox'], queryFn: () => unwrap(api.GET('/admin/v1/outbox')), refetchInterval: 10_000 });
  return (
    <section aria-labelledby="outbox-backlog">
      <Title order={3} size="h4" id="outbox-backlog" mb="xs">
        Outbox backlog
      </Title>
      <ProblemAlert error={backlog.error} title="The backlog could not be read" />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(backlog.data?.services ?? []).map((s) => (
          <Card withBorder key={s.service} data-testid={`outbox-${s.service}`}>
            <Group justify="space-between">
              <Text fw={600}>{s.service}-service</Text>
              {'error' in s ? (
                <Badge color="red" variant="light">
                  {s.error.errorCode}
                </Badge>
              ) : (
                <Badge color={s.pending === 0 ? 'green' : 'orange'} variant="light">
                  {s.pending} waiting
                </Badge>
              )}
            </Group>
            <Text size="sm" mt={4}>
              {'error' in s ? s.error.failureDetails : s.pending === 0 ? 'Everything published.' : `Oldest waiting ${duration(s.oldestAgeSeconds)}.`}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
