import { Box, Button, Chip, Group, Stack, Table, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { HlsPlayer } from '../components/HlsPlayer';
import { PageHeader } from '../components/PageHeader';
import { ProblemAlert } from '../components/ProblemAlert';
import { canonicalMac, readableMac } from '../lib/lookup';
import { recordingTypeName } from '../lib/recordings';
import { clipAround, clockTime, duration, placeClips, playableUrl } from '../lib/timeline';

/** The largest page of the recordings route: a day's clips in one answer for the timeline. */
const CLIPS_PER_DAY = 500;

interface Clip {
  start: number;
  end: number;
  type: number;
}

/**
 * A device's recorded days, one day's clips on a timeline, and a clip played through its signed playlist URL.
 * `?day=YYYY-MM-DD&at=<epoch s>` (the device page's link from an alarm) opens that day playing the clip around `at`.
 */
export function RecordingsPage() {
  const { mac } = useParams();
  return (
    <>
      <PageHeader title="Recordings" description="Recorded days and clips of a device (UTC), played in the page through the same signed playlist URL apps get from record.play." />
      {mac ? <DeviceRecordings mac={mac} /> : <PickDevice />}
    </>
  );
}

function PickDevice() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const mac = canonicalMac(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mac) navigate(`/recordings/${mac}`);
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end">
        <TextInput label="Device MAC" placeholder="AA:BB:CC:DD:EE:FF" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={value && !mac ? 'not a MAC: 12 hexadecimal digits, plain or with : or - between pairs' : undefined} />
        <Button type="submit" disabled={!mac}>
          Show recordings
        </Button>
      </Group>
    </form>
  );
}

function DeviceRecordings({ mac }: { mac: string }) {
  const api = useApi();
  const [search, setSearch] = useSearchParams();
  const days = useQuery({
    queryKey: ['recording-days', mac],
    queryFn: () => unwrap(api.GET('/admin/v1/devices/{mac}/recordings', { params: { path: { mac }, query: { limit: String(CLIPS_PER_DAY) } } })),
  });
  const dayList = days.data && 'days' in days.data ? days.data.days : [];
  const day = search.get('day') ?? dayList[dayList.length - 1];
  const at = Number(search.get('at')) || undefined;
  return (
    <Stack>
      <Text fw={600}>Device {readableMac(mac)}</Text>
      <ProblemAlert error={days.error} title="The recordings could not be listed" />
      {days.data && dayList.length === 0 ? <Text size="sm">Nothing recorded.</Text> : null}
      {dayList.length > 0 ? (
        <Chip.Group multiple={false} value={day} onChange={(d) => setSearch({ day: d })}>
          <Group gap="xs" role="group" aria-label="Recorded days (UTC)">
            {dayList.map((d) => (
              <Chip key={d} value={d} variant="outline">
                {d}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      ) : null}
      {day ? <DayTimeline key={day} mac={mac} day={day} at={at} /> : null}
    </Stack>
  );
}

function DayTimeline({ mac, day, at }: { mac: string; day: string; at?: number }) {
  const api = useApi();
  const [playing, setPlaying] = useState<{ clip: Clip; url: string }>();
  const [error, setError] = useState<unknown>();
  const clips = useQuery({
    queryKey: ['recording-clips', mac, day],
    queryFn: () => unwrap(api.GET('/admin/v1/devices/{mac}/recordings', { params: { path: { mac }, query: { day, limit: String(CLIPS_PER_DAY) } } })),
  });
  const list: Clip[] = clips.data && 'clips' in clips.data ? clips.data.clips : [];
  const total = clips.data?.total ?? 0;
  // Opened for a moment (an alarm): the clip around it plays without a click, until the operator picks another.
  const around = at !== undefined && clips.data ? clipAround(list, at) : undefined;
  const aroundUrls = useQuery({
    queryKey: ['playback', mac, around?.start, around?.end],
    enabled: around !== undefined,
    staleTime: Infinity,
    queryFn: () => (around ? unwrap(api.POST('/admin/v1/devices/{mac}/playback', { params: { path: { mac } }, body: { start: around.start, end: around.end } })) : Promise.reject(new Error('no clip to play'))),
  });
  const shown = playing ?? (around && aroundUrls.data ? { clip: around, url: playableUrl(aroundUrls.data, window.location.protocol) } : undefined);
  const play = async (clip: Clip) => {
    setError(undefined);
    try {
      const urls = await unwrap(api.POST('/admin/v1/devices/{mac}/playback', { params: { path: { mac } }, body: { start: clip.start, end: clip.end } }));
      setPlaying({ clip, url: playableUrl(urls, window.location.protocol) });
    } catch (err) {
      setError(err);
    }
  };
  const label = (c: Clip) => `${clockTime(c.start)} to ${clockTime(c.end)}, ${duration(c.end - c.start)}, ${recordingTypeName(c.type)} recording`;
  return (
    <Stack>
      <ProblemAlert error={clips.error ?? error ?? aroundUrls.error} title="The clips could not be shown" />
      {at !== undefined && clips.data && !around ? <Text size="sm">No clip was recorded within a minute of {clockTime(at)} UTC; the day's clips are below.</Text> : null}
      {total > list.length ? <Text size="sm">The timeline shows the first {list.length} of {total} clips of this day.</Text> : null}
      <Box>
        <Box pos="relative" h={36} bg="gray.1" style={{ borderRadius: 4 }} role="group" aria-label={`Clips of ${day} on a 24-hour timeline`}>
          {placeClips(day, list).map(({ clip, left, width }) => (
            <Tooltip key={`${clip.start}-${clip.type}`} label={label(clip)}>
              <UnstyledButton
                aria-label={`Play the clip from ${label(clip)}`}
                onClick={() => void play(clip)}
                pos="absolute"
                top={4}
                h={28}
                style={{ left: `${left}%`, width: `${width}%`, minWidth: 6, background: 'var(--mantine-color-blue-8)', borderRadius: 2 }}
              />
            </Tooltip>
          ))}
        </Box>
        <Group justify="space-between" mt={2} aria-hidden="true">
          {['00:00', '06:00', '12:00', '18:00', '24:00'].map((t) => (
            <Text key={t} size="xs">
              {t}
            </Text>
          ))}
        </Group>
      </Box>
      {shown ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Playing {label(shown.clip)}
          </Text>
          <HlsPlayer key={shown.url} url={shown.url} label={`Recording of ${readableMac(mac)} from ${clockTime(shown.clip.start)} UTC`} />
        </Stack>
      ) : null}
      <Table.ScrollContainer minWidth={360}>
        <Table withTableBorder>
          <Table.Caption>Clips of {day} (UTC)</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">From</Table.Th>
              <Table.Th scope="col">To</Table.Th>
              <Table.Th scope="col">Recording</Table.Th>
              <Table.Th scope="col">Play</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((c) => (
              <Table.Tr key={`${c.start}-${c.type}`}>
                <Table.Td>{clockTime(c.start)}</Table.Td>
                <Table.Td>{clockTime(c.end)}</Table.Td>
                <Table.Td>{recordingTypeName(c.type)}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => void play(c)} aria-label={`Play ${clockTime(c.start)} to ${clockTime(c.end)}`}>
                    Play
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
