import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { ProblemAlert } from '../components/ProblemAlert';
import { utcTime } from '../lib/format';

/**
 * Rollout progress, as firmware.latest recorded it when it answered: distinct devices that asked, from which
 * version, and how many were offered each release, over the last 24 hours and 7 days — each window from its
 * first whole hour, as the firmware service's summary counts them (docs/decisions.md F20, F24).
 */
export function FirmwareProgress({ machineTypeName }: { machineTypeName: string }) {
  const api = useApi();
  const progress = useQuery({
    queryKey: ['firmware-progress', machineTypeName],
    queryFn: () => unwrap(api.GET('/admin/v1/firmware/models/{machineTypeName}/progress', { params: { path: { machineTypeName } } })),
    refetchInterval: 30_000,
  });
  const p = progress.data;
  const inWindows = (w: { last24h: number; last7d: number }) => `${w.last24h} / ${w.last7d}`;
  return (
    <section aria-labelledby="rollout-progress">
      <Title order={3} size="h4" id="rollout-progress" mb="xs">
        Rollout progress
      </Title>
      <ProblemAlert error={progress.error} title="The progress could not be read" />
      {p ? (
        <Stack>
          <Text size="sm" c="dimmed">
            Distinct devices, last 24 h / last 7 d (each window from its first whole hour), as of {utcTime(p.asOf)}.
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            <Figure label="Devices that asked" value={inWindows(p.devices)} />
            <Figure label="Offered a release" value={inWindows(p.answers.offered)} />
            <Figure label="Up to date" value={inWindows(p.answers.upToDate)} />
            <Figure label="Waiting for rollout" value={inWindows(p.answers.notRolledOut)} />
            <Figure label="Refused" value={inWindows(p.answers.refused)} />
          </SimpleGrid>
          <Table.ScrollContainer minWidth={420}>
            <Table withTableBorder>
              <Table.Caption>Devices by the version they asked from</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Firmware</Table.Th>
                  <Table.Th scope="col">From version</Table.Th>
                  <Table.Th scope="col">Devices 24 h / 7 d</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.fromVersions.map((v) => (
                  <Table.Tr key={`${v.type}-${v.version}`}>
                    <Table.Td>{v.type === 1 ? 'system' : 'application'}</Table.Td>
                    <Table.Td>{v.version}</Table.Td>
                    <Table.Td>{inWindows(v.devices)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Table.ScrollContainer minWidth={420}>
            <Table withTableBorder>
              <Table.Caption>Devices offered each release</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Release</Table.Th>
                  <Table.Th scope="col">Rollout</Table.Th>
                  <Table.Th scope="col">Offered 24 h / 7 d</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.releases.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      {r.type === 1 ? 'system' : 'application'} {r.key}
                      {r.interim ? ' (interim)' : ''}
                      {r.active ? '' : ' (inactive)'}
                    </Table.Td>
                    <Table.Td>{r.rolloutPercent}%</Table.Td>
                    <Table.Td data-testid={`offered-${r.id}`}>{inWindows(r.offered)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder p="xs">
      <Text size="xs">{label}</Text>
      <Text fw={700}>{value}</Text>
    </Card>
  );
}
