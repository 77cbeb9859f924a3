import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { CallHealthBadge } from '../components/CallHealthBadge';
import { PageHeader } from '../components/PageHeader';
import { ProblemAlert } from '../components/ProblemAlert';
import { countText, errorRateColor, latencyText, orderedCounts, percent } from '../lib/overview';
import { duration } from '../lib/timeline';

const REFRESH_MS = 15_000;

/**
 * The landing page: the platform at a glance (GET /admin/v1/overview), the outboxes (GET /outbox) and the
 * consumers' lag with their dead letters (GET /consumers), each refreshed every 15 s; a part that cannot be
 * read says so without hiding the others.
 */
export function OverviewPage() {
  const api = useApi();
  const overview = useQuery({ queryKey: ['overview'], queryFn: () => unwrap(api.GET('/admin/v1/overview')), refetchInterval: REFRESH_MS });
  const outbox = useQuery({ queryKey: ['outbox'], queryFn: () => unwrap(api.GET('/admin/v1/outbox')), refetchInterval: REFRESH_MS });
  const consumers = useQuery({ queryKey: ['consumers'], queryFn: () => unwrap(api.GET('/admin/v1/consumers')), refetchInterval: REFRESH_MS });
  const o = overview.data;
  const traffic = o?.edge.publicTraffic;
  return (
    <>
      <PageHeader title="Overview" description="The platform at a glance, refreshed every 15 s. Counts marked ≈ are PostgreSQL's estimates (tables beyond 100,000 rows are not counted row by row)." />
      <ProblemAlert error={overview.error} title="The overview could not be read" />
      <Stack gap="lg">
        {o ? (
          <section aria-labelledby="overview-counts">
            <Title order={3} size="h4" id="overview-counts" mb="xs">
              Counts
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
              {orderedCounts(o.counts).map((c) => (
                <Card withBorder key={`${c.service}-${c.name}`} padding="sm" data-testid={`count-${c.name}`}>
                  <Text size="sm" c="dimmed">
                    {c.label}
                  </Text>
                  <Text fw={700} size="xl" title={c.estimated ? 'estimated from PostgreSQL statistics' : 'counted'}>
                    {countText(c.value, c.estimated)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        ) : null}

        {traffic ? (
          <section aria-labelledby="overview-traffic">
            <Title order={3} size="h4" id="overview-traffic" mb={4}>
              Public API, last hour
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              As the edge replica that answered this page served it{traffic.windowSeconds < 3600 ? ` (started ${duration(traffic.windowSeconds)} ago)` : ''}; other replicas served other requests.
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
              <Figure label="Requests" value={traffic.requests.toLocaleString('en-US')} testId="traffic-requests" />
              <Figure
                label="Platform errors"
                value={
                  <Group gap={6} wrap="nowrap">
                    <span>{traffic.serverErrors.toLocaleString('en-US')}</span>
                    <Badge color={errorRateColor(traffic.serverErrorRate, traffic.requests)} variant="light">
                      {percent(traffic.serverErrorRate)}
                    </Badge>
                  </Group>
                }
                hint="HTTP 5xx or 000099"
                testId="traffic-errors"
              />
              <Figure label="Refused calls" value={traffic.clientErrors.toLocaleString('en-US')} hint="any other error code" testId="traffic-refused" />
              <Figure label="Latency p50" value={latencyText(traffic.p50Seconds)} testId="traffic-p50" />
              <Figure label="Latency p95" value={latencyText(traffic.p95Seconds)} testId="traffic-p95" />
              <Figure label="Latency p99" value={latencyText(traffic.p99Seconds)} testId="traffic-p99" />
            </SimpleGrid>
          </section>
        ) : null}

        {o ? (
          <section aria-labelledby="overview-services">
            <Title order={3} size="h4" id="overview-services" mb="xs">
              Services
            </Title>
            <Table.ScrollContainer minWidth={480}>
              <Table aria-labelledby="overview-services" data-testid="overview-services">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Service</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>Version</Table.Th>
                    <Table.Th>Up for</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>gateway-edge (this replica)</Table.Td>
                    <Table.Td>
                      <Badge color="green" variant="light">
                        answering
                      </Badge>
                    </Table.Td>
                    <Table.Td>{versionText(o.edge.version, o.edge.buildId)}</Table.Td>
                    <Table.Td>{duration(o.edge.uptimeSeconds)}</Table.Td>
                  </Table.Tr>
                  {o.services.map((s) => (
                    <Table.Tr key={s.service} data-testid={`service-${s.service}`}>
                      <Table.Td>{s.service}-service</Table.Td>
                      <Table.Td>
                        {'error' in s ? (
                          <Text size="sm">
                            <Badge color="red" variant="light" mr={6}>
                              not answering
                            </Badge>
                            {s.error.errorCode}: {s.error.failureDetails}
                          </Text>
                        ) : s.ready ? (
                          <Badge color="green" variant="light">
                            ready
                          </Badge>
                        ) : (
                          <Text size="sm">
                            <Badge color="red" variant="light" mr={6}>
                              not ready
                            </Badge>
                            {s.failing.map((f) => `${f.check}: ${f.message}`).join('; ')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{'error' in s ? '—' : versionText(s.version, s.buildId)}</Table.Td>
                      <Table.Td>{'error' in s ? '—' : duration(s.uptimeSeconds)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </section>
        ) : null}

        {o ? (
          <section aria-labelledby="overview-merchants">
            <Title order={3} size="h4" id="overview-merchants" mb={4}>
              Merchants in trouble
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              Calls to their endpoints failed in the last hour, or are paused by the breaker — as the sso-service replica that answered saw them.
            </Text>
            {'error' in o.merchantsInTrouble ? (
              <Text size="sm" data-testid="merchants-in-trouble">
                <Badge color="red" variant="light" mr={6}>
                  {o.merchantsInTrouble.error.errorCode}
                </Badge>
                {o.merchantsInTrouble.error.failureDetails}
              </Text>
            ) : o.merchantsInTrouble.items.length === 0 ? (
              <Text size="sm" data-testid="merchants-in-trouble">
                None: every merchant called in the last hour answered.
              </Text>
            ) : (
              <Stack gap={4} data-testid="merchants-in-trouble">
                {o.merchantsInTrouble.items.map((m) => (
                  <Group key={m.clientId} gap="xs" wrap="wrap">
                    <Anchor component={Link} to={`/merchants/${encodeURIComponent(m.clientId)}`}>
                      {m.name}
                    </Anchor>
                    <CallHealthBadge health={m.callHealth} />
                    {m.callHealth.lastFailure ? (
                      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                        {m.callHealth.lastFailure}
                      </Text>
                    ) : null}
                  </Group>
                ))}
              </Stack>
            )}
          </section>
        ) : null}

        <section aria-labelledby="overview-events">
          <Title order={3} size="h4" id="overview-events" mb={4}>
            Events
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            Outboxes not yet published, consumers behind, dead letters waiting for an operator: details on{' '}
            <Anchor component={Link} to="/events" underline="always">
              Events
            </Anchor>
            .
          </Text>
          <ProblemAlert error={outbox.error} title="The outboxes could not be read" />
          <ProblemAlert error={consumers.error} title="The consumers' lag could not be read" />
          <Table.ScrollContainer minWidth={480}>
            <Table aria-labelledby="overview-events" data-testid="overview-events">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Service</Table.Th>
                  <Table.Th>Outbox</Table.Th>
                  <Table.Th>Consumer behind</Table.Th>
                  <Table.Th>Dead letters</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {eventRows(outbox.data?.services ?? [], consumers.data?.items ?? []).map((row) => (
                  <Table.Tr key={row.service} data-testid={`events-${row.service}`}>
                    <Table.Td>{row.service}-service</Table.Td>
                    <Table.Td>{row.outbox}</Table.Td>
                    <Table.Td>{row.lag}</Table.Td>
                    <Table.Td>{row.deadLetters}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>
      </Stack>
    </>
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: React.ReactNode; hint?: string; testId: string }) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" component="div">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

const versionText = (version: string, buildId: string | null) => (buildId ? `${version} (${buildId})` : version);

type Failed = { service: string; error: { errorCode: string; failureDetails: string } };
type OutboxRow = { service: string; pending: number; oldestAgeSeconds: number } | Failed;
type ConsumerRow = { service: string; pending: number; ackPending: number; oldestPendingAgeSeconds: number; deadLettersOpen: number } | Failed;

/** One row per service that has an outbox or a consumer; `—` where it has neither. */
function eventRows(outboxes: readonly OutboxRow[], consumers: readonly ConsumerRow[]) {
  const services = [...new Set([...outboxes.map((o) => o.service), ...consumers.map((c) => c.service)])];
  return services.map((service) => {
    const o = outboxes.find((x) => x.service === service);
    const c = consumers.find((x) => x.service === service);
    const outbox = !o ? '—' : 'error' in o ? `${o.error.errorCode}: ${o.error.failureDetails}` : o.pending === 0 ? 'all published' : `${o.pending} waiting, oldest ${duration(o.oldestAgeSeconds)}`;
    const behind = c && !('error' in c) ? c.pending + c.ackPending : 0;
    const lag = !c ? '—' : 'error' in c ? `${c.error.errorCode}: ${c.error.failureDetails}` : behind === 0 ? 'caught up' : `${behind} behind, oldest ${duration(c.oldestPendingAgeSeconds)}`;
    const deadLetters = !c || 'error' in c ? '—' : c.deadLettersOpen === 0 ? 'none' : `${c.deadLettersOpen} open`;
    return { service, outbox, lag, deadLetters };
  });
}
