import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { Facts } from '../components/Facts';
import { GrantTable } from '../components/GrantTable';
import { PageHeader } from '../components/PageHeader';
import { Part } from '../components/Part';
import { ProblemAlert } from '../components/ProblemAlert';
import { currentServiceLabel } from '../lib/current-service';
import { utcTime } from '../lib/format';
import { canonicalMac, readableMac } from '../lib/lookup';
import { isPartError } from '../lib/parts';
import { isNotFound } from '../lib/problem';
import { mib, recordingPlanLabel, uploadedTodayLabel } from '../lib/recordings';
import { DeviceAlarms } from './DeviceAlarms';

/** Everything about one device: what device-service knows, its owner and merchant, grants, service, recordings, alarms. */
export function DeviceLookupPage() {
  const { mac = '' } = useParams();
  const api = useApi();
  const view = useQuery({
    queryKey: ['device-view', mac],
    queryFn: () => unwrap(api.GET('/admin/v1/devices/{mac}', { params: { path: { mac } } })),
  });
  const v = view.data;
  return (
    <>
      <PageHeader title={`Device ${readableMac(mac)}`} description="As device-service, sso-service, permission-service, storage-service and push-service know it now." />
      {isNotFound(view.error) ? (
        <Stack gap="xs" data-testid="no-such-device">
          <Text>No such device: no one has a camera bound under {readableMac(mac)}.</Text>
          <Text size="sm" c="dimmed">
            It may have been unbound, or the MAC was mistyped.{' '}
            <Anchor component={Link} to="/lookup" underline="always">
              Look up something else
            </Anchor>
            .
          </Text>
        </Stack>
      ) : (
        <ProblemAlert error={view.error} title="The device could not be looked up" />
      )}
      {v ? (
        <Stack>
          <Part title="Device" part={v.device}>
            {(d) => (
              <Facts
                label="Device"
                rows={[
                  ['MAC', <span data-testid="device-mac">{readableMac(d.macAddr)}</span>],
                  ['Name', d.deviceName],
                  ['Product', d.productName || '—'],
                  ['Manufacturer', d.manufacturerName ? `${d.manufacturerName} (${d.oemCode})` : d.oemCode || '—'],
                  ['Cloud storage', d.supportStore === 1 ? 'supported' : 'not supported'],
                  ['Bound since', utcTime(d.boundAt)],
                ]}
              />
            )}
          </Part>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Part title="Owner" part={v.owner}>
              {(o) => (
                <Facts
                  label="Owner"
                  rows={[
                    ['openId', <Anchor component={Link} to={`/lookup/users/${encodeURIComponent(o.openId)}`} data-testid="owner-openid">{o.openId}</Anchor>],
                    ['Merchant', <Anchor component={Link} to={`/merchants/${encodeURIComponent(o.merchant.clientId)}`}>{o.merchant.name}</Anchor>],
                    ["Merchant's user id (uuid)", o.uuid],
                    ['Name', o.name || '—'],
                    ['Last sign-in', utcTime(o.lastSignInAt)],
                  ]}
                />
              )}
            </Part>
            <Part title="Current service" part={v.currentService}>
              {(s) => (
                <Stack gap={4}>
                  <Group gap="xs">
                    <Badge color={s.status === 3 ? 'green' : 'gray'} variant="light">
                      {s.status === 3 ? 'in service' : 'none'}
                    </Badge>
                    <Text size="sm" data-testid="current-service">
                      {currentServiceLabel(s)}
                    </Text>
                  </Group>
                  {s.endTime ? <Text size="sm">until {utcTime(s.endTime)}</Text> : null}
                </Stack>
              )}
            </Part>
          </SimpleGrid>
          <Part title="Grants" part={v.grants}>
            {(g) => <GrantTable grants={g.items} total={g.total} totalIsEstimate={g.totalIsEstimate} asOf={view.dataUpdatedAt} caption="Grants on this device" />}
          </Part>
          <Part title="Recordings" part={v.recordings}>
            {(r) => (
              <Stack gap={4}>
                <Text size="sm" data-testid="recording-summary">
                  {r.segments === 0 ? 'Nothing recorded.' : `${r.segments} segments, ${mib(r.bytes)}, on ${r.days.length} day(s): ${utcTime(r.firstStart === null ? null : r.firstStart * 1000)} to ${utcTime(r.lastEnd === null ? null : r.lastEnd * 1000)}`}
                </Text>
                <Text size="sm" data-testid="recording-plan">
                  {recordingPlanLabel(r.plan)}
                </Text>
                <Text size="sm" data-testid="uploaded-today">
                  {uploadedTodayLabel(r.uploadedToday)}
                </Text>
                {r.segments > 0 ? (
                  <Anchor component={Link} to={`/recordings/${mac}`}>
                    Open the recordings
                  </Anchor>
                ) : null}
              </Stack>
            )}
          </Part>
          <DeviceAlarms mac={canonicalMac(mac) ?? mac} recordedDays={isPartError(v.recordings) ? [] : v.recordings.days} />
        </Stack>
      ) : null}
    </>
  );
}
