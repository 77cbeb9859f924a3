/**
 * storage-service's operator contracts against real PostgreSQL: the recording summary of the device view,
 * the recorded days and one day's clips (as record.date.query and record.query compute them), and playback
 * URLs signed exactly as record.play's: the playlist contract verifies and serves them.
 */
import { ADMIN_LOOKUP_RPC, ErrorCode, STORAGE_LIMITS, STORAGE_RPC } from '@dcp/contracts';
import { describeWithInfra } from '@dcp/testing';
import { type StorageHarness, newMac, newUserId, rejection, startStorageHarness, tsBytes } from './storage-harness';

const DAY = 86_400;
const isoDay = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

describeWithInfra(['postgres'], 'storage: recordings for operators (PostgreSQL)', () => {
  let h: StorageHarness;
  /** Midnight UTC two days ago: segments around it fall on two days. */
  let midnight: number;
  let mac: string;
  let owner: number;

  beforeAll(async () => {
    h = await startStorageHarness();
    midnight = Math.floor(h.clock.now() / 1000 / DAY) * DAY - 2 * DAY;
    mac = newMac();
    owner = newUserId();
    h.bind(mac, owner);
    // Day 1: a 2-segment clip of type 1, then a type-2 clip; across midnight: one segment covering both days.
    await h.ingest(mac, midnight - DAY + 3600, { duration: 2, type: 1, bytes: tsBytes(2) });
    await h.ingest(mac, midnight - DAY + 3602, { duration: 2, type: 1, bytes: tsBytes(3) });
    await h.ingest(mac, midnight - DAY + 3604, { duration: 2, type: 2, bytes: tsBytes(2) });
    await h.ingest(mac, midnight - 1, { duration: 2, type: 1, bytes: tsBytes(2) });
  });
  afterAll(async () => h?.close());

  it('summarises the owner\'s recordings: days, segments, bytes, first start and last end', async () => {
    const summary = await h.rpc(ADMIN_LOOKUP_RPC.recordingSummary, { userId: owner, macAddr: mac });
    expect(summary).toEqual({
      days: [isoDay(midnight - DAY), isoDay(midnight)],
      segments: 4,
      bytes: 188 * (2 + 3 + 2 + 2),
      firstStart: midnight - DAY + 3600,
      lastEnd: midnight + 1,
      plan: null,
      uploadedToday: { bytes: 0, segments: 0 },
    });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.recordingSummary, { userId: newUserId(), macAddr: mac })).toEqual({
      days: [],
      segments: 0,
      bytes: 0,
      firstStart: null,
      lastEnd: null,
      plan: null,
      uploadedToday: { bytes: 0, segments: 0 },
    });
  });

  it('names the plan the owner\'s camera uploads under (its end and the grace end) and what the device uploaded today (UTC)', async () => {
    const device = newMac();
    const [owner2, previous] = [newUserId(), newUserId()];
    h.bind(device, owner2);
    const planEndsAt = Date.parse('2031-03-04T05:06:07.000Z');
    const today = Math.floor(h.clock.now() / 1000 / DAY);
    await h.sql.query(`INSERT INTO storage.device_plan (mac_addr, user_id, retention_days, plan_ends_at) VALUES ($1, $2, 30, $3), ($1, $4, 7, $3)`, [device, owner2, new Date(planEndsAt), previous]);
    // Today's count; yesterday's (not yet forgotten by the sweep) is not today's.
    await h.sql.query(`INSERT INTO storage.device_usage (mac_addr, day, bytes, minute, minute_segments, segments) VALUES ($1, $2, 5000000, 0, 1, 12), ($1, $3, 999, 0, 1, 1)`, [device, today, today - 1]);
    const graceEndsAt = planEndsAt + 7 * DAY * 1000; // RECORDING_GRACE_DAYS defaults to 7
    expect(await h.rpc(ADMIN_LOOKUP_RPC.recordingSummary, { userId: owner2, macAddr: device })).toEqual({
      days: [],
      segments: 0,
      bytes: 0,
      firstStart: null,
      lastEnd: null,
      plan: { retentionDays: 30, planEndsAt, graceEndsAt },
      uploadedToday: { bytes: 5_000_000, segments: 12 },
    });
    // The plan is the owner's; today's uploads are the device's, whoever asks.
    expect(await h.rpc(ADMIN_LOOKUP_RPC.recordingSummary, { userId: previous, macAddr: device })).toMatchObject({ plan: { retentionDays: 7, planEndsAt, graceEndsAt }, uploadedToday: { bytes: 5_000_000, segments: 12 } });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.recordingSummary, { userId: newUserId(), macAddr: device })).toMatchObject({ plan: null, uploadedToday: { bytes: 5_000_000, segments: 12 } });
    // The next UTC day starts at zero.
    h.clock.advance(DAY);
    try {
      expect(await h.rpc(ADMIN_LOOKUP_RPC.recordingSummary, { userId: owner2, macAddr: device })).toMatchObject({ plan: { retentionDays: 30 }, uploadedToday: { bytes: 0, segments: 0 } });
    } finally {
      h.clock.advance(-DAY);
    }
  });

  it('lists the recorded days (any MAC spelling), paged with the total', async () => {
    const colon = mac.match(/../g)!.join(':').toLowerCase();
    expect(await h.rpc(ADMIN_LOOKUP_RPC.recordings, { mac: colon })).toEqual({ macAddr: mac, days: [isoDay(midnight - DAY), isoDay(midnight)], total: 2 });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.recordings, { mac, limit: '1', offset: '1' })).toEqual({ macAddr: mac, days: [isoDay(midnight)], total: 2 });
  });

  it('lists one day\'s clips as record.query groups them; a segment across midnight is on both days', async () => {
    expect(await h.rpc(ADMIN_LOOKUP_RPC.recordings, { mac, day: isoDay(midnight - DAY) })).toEqual({
      macAddr: mac,
      day: isoDay(midnight - DAY),
      clips: [
        { start: midnight - DAY + 3600, end: midnight - DAY + 3604, type: 1 },
        { start: midnight - DAY + 3604, end: midnight - DAY + 3606, type: 2 },
        { start: midnight - 1, end: midnight + 1, type: 1 },
      ],
      total: 3,
    });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.recordings, { mac, day: isoDay(midnight), limit: '5' })).toEqual({ macAddr: mac, day: isoDay(midnight), clips: [{ start: midnight - 1, end: midnight + 1, type: 1 }], total: 1 });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.recordings, { mac, day: isoDay(midnight - DAY), offset: '2' })).toMatchObject({ clips: [{ start: midnight - 1 }], total: 3 });
  });

  it.each([
    [{ day: '2026-02-29' }, 'day'],
    [{ day: '2026-13-01' }, 'day'],
    [{ day: '20261124' }, 'day'],
    [{ day: ['2026-11-24', '2026-11-25'] }, 'day'],
    [{ limit: '0' }, 'limit'],
    [{ offset: 'x' }, 'offset'],
  ])('refuses %j naming %s', async (query, field) => {
    const err = await rejection(h.rpc(ADMIN_LOOKUP_RPC.recordings, { mac, ...query }));
    expect(err).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringMatching(new RegExp(`^invalid field ${field}:`)) });
  });

  it('refuses a malformed MAC naming mac, and answers ADMIN_NOT_FOUND for a device without owner', async () => {
    expect(await rejection(h.rpc(ADMIN_LOOKUP_RPC.recordings, { mac: 'AABB' }))).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringMatching(/^invalid field mac:/) });
    expect(await rejection(h.rpc(ADMIN_LOOKUP_RPC.recordings, { mac: newMac() }))).toMatchObject({ code: ErrorCode.ADMIN_NOT_FOUND });
    expect(await rejection(h.rpc(ADMIN_LOOKUP_RPC.playback, { mac: newMac(), body: { start: midnight, end: midnight + 60 } }))).toMatchObject({ code: ErrorCode.ADMIN_NOT_FOUND });
  });

  it('signs playback as record.play does: the playlist contract verifies the URL and lists the window\'s segments', async () => {
    const start = midnight - DAY + 3600;
    // The clock runs (ShiftableClock): the signing second lies between the two readings around the call.
    const before = Math.floor(h.clock.now() / 1000);
    const view = await h.rpc(ADMIN_LOOKUP_RPC.playback, { mac, body: { start, end: start + 5 } });
    const after = Math.floor(h.clock.now() / 1000);
    expect(view).toMatchObject({ macAddr: mac, start, end: start + 5 });
    expect(view.expires).toBeGreaterThanOrEqual(before + STORAGE_LIMITS.playbackUrlTtlSeconds);
    expect(view.expires).toBeLessThanOrEqual(after + STORAGE_LIMITS.playbackUrlTtlSeconds);
    const url = new URL(view.recordUrl);
    expect(url.pathname).toBe(`/hls/${mac}/index.m3u8`);
    expect(view.secureUrl).toBe(view.recordUrl.replace(/^http:/, 'https:'));
    const q = Object.fromEntries(url.searchParams);
    expect(q).toEqual({ from: String(start), to: String(start + 5), expires: String(view.expires), sig: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const { playlist } = await h.rpc(STORAGE_RPC.playlist, { devId: mac, ...q });
    expect(playlist.split('\n').filter((l) => l.startsWith('http'))).toHaveLength(3);
    // Another window under the same signature does not verify.
    expect(await rejection(h.rpc(STORAGE_RPC.playlist, { devId: mac, ...q, to: String(start + 6) }))).toMatchObject({ extra: { httpStatus: 403 } });
  });

  it.each([
    [(s: number) => ({ start: s, end: s }), 'end'],
    [(s: number) => ({ start: s, end: s - 1 }), 'end'],
    [(s: number) => ({ start: s, end: s + STORAGE_LIMITS.playWindowSeconds + 1 }), 'end'],
    [(s: number) => ({ start: s - 7200, end: s - 3600 }), 'start'],
    [(s: number) => ({ start: s + 0.5, end: s + 60 }), 'start'],
    [(s: number) => ({ start: s, end: String(s + 60) }), 'end'],
    [() => ({}), 'start'],
    [() => [1, 2], 'body'],
  ])('refuses the playback window of case %#, naming the field', async (body, field) => {
    const err = await rejection(h.rpc(ADMIN_LOOKUP_RPC.playback, { mac, body: body(midnight - DAY + 3600) }));
    expect(err).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringMatching(new RegExp(`^invalid field ${field}:`)) });
  });

  it('accepts a window of exactly playWindowSeconds, as long as record.play\'s', async () => {
    const start = midnight - DAY;
    const view = await h.rpc(ADMIN_LOOKUP_RPC.playback, { mac, body: { start, end: start + STORAGE_LIMITS.playWindowSeconds } });
    expect(view.end - view.start).toBe(STORAGE_LIMITS.playWindowSeconds);
  });
});
