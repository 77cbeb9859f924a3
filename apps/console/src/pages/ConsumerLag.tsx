import { Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { ProblemAlert } from '../components/ProblemAlert';
import { duration } from '../lib/timeline';

/**
 * How far each consuming service's durable consumer is behind (`GET /admin/v1/consumers`): events not yet
 * delivered or not yet acknowledged, the oldest one's age, and open dead letters; refreshed every 10 s.
 */
export function ConsumerLag() {
  const api = useApi();
  const lag = useQuery({ queryKey: ['consumers'], queryFn: () => unwrap(api.GET('/admin/v1/consumers')), refetchInterval: 10_000 });
  return (
    <section aria-labelledby="consumer-lag">
      <Title order={3} size="h4" id="consumer-lag" mt="lg" mb="xs">
        Consumer lag
      </Title>
      <ProblemAlert error={lag.error} title="The consumers' lag could not be read" />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {(lag.data?.items ?? []).map((c) => {
          if ('error' in c) {
            return (
              <Card withBorder key={c.service} data-testid={`consumer-${c.service}`}>
                <Group justify="space-between">
                  <Text fw={600}>{c.service}-service</Text>
                  <Badge color="red" variant="light">
                    {c.error.errorCode}
                  </Badge>
                </Group>
                <Text size="sm" mt={4}>
                  {c.error.failureDetails}
                </Text>
              </Card>
            );
          }
          const behind = c.pending + c.ackPending;
          return (
            <Card withBorder key={c.service} data-testid={`consumer-${c.service}`}>
              <Group justify="space-between">
                <Text fw={600}>{c.service}-service</Text>
                <Badge color={behind === 0 ? 'green' : 'orange'} variant="light">
                  {behind} behind
                </Badge>
              </Group>
              <Text size="sm" mt={4}>
                {behind === 0
                  ? 'Every event applied.'
                  : `${c.pending} not yet delivered, ${c.ackPending} being applied or retried${c.redelivered ? ` (${c.redelivered} delivered again)` : ''}; oldest ${duration(c.oldestPendingAgeSeconds)}.`}
              </Text>
              <Text size="sm" fw={c.deadLettersOpen ? 600 : undefined}>
                {c.deadLettersOpen === 1 ? '1 open dead letter' : `${c.deadLettersOpen} open dead letters`}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
