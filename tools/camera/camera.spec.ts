import { CAMERA_CLOCK_SKEW_SECONDS } from '@dcp/signing';
import { type CameraOptions, SimulatedCamera } from './camera';
import { type ProtocolServer, type ProtocolServerOptions, type Stream, startProtocolServer } from './test/protocol-server';

const stream: Stream = { mac: '06:62:6E:63:FB:A5', userTag: 'u7Qk2Lm9', streamId: '5f0c2b7e9a1d4c3b8e6f0a2d4b6c8e1f' };

let server: ProtocolServer | undefined;
afterEach(() => server?.close());

/** A camera against a fresh protocol server; resolves with the camera's report once it stops by itself. */
async function runAgainst(script: ProtocolServerOptions['script'], options: Partial<CameraOptions> = {}) {
  server = await startProtocolServer({ stream, script });
  const lines: string[] = [];
  const camera = new SimulatedCamera({
    apiUrl: server.apiUrl,
    ...stream,
    pace: 'asap',
    segmentSeconds: 4,
    motionEvery: 3,
    durationSeconds: 24,
    backoff: { baseMs: 50, capMs: 200 },
    log: (line) => lines.push(line),
    ...options,
  });
  const report = await camera.run();
  return { report, lines, server };
}

describe('SimulatedCamera against the upload protocol', () => {
  it('uploads signed MPEG-TS segments, retries the same segment after 429 and 503, and corrects its clock on CR0402', async () => {
    const { report, lines, server } = await runAgainst({
      segment: {
        2: { status: 429, errorCode: 'CR0429', retryAfterSeconds: 1 },
        3: { status: 503, errorCode: '' },
        5: { status: 401, errorCode: 'CR0402', shiftClockSeconds: 120 },
      },
    });

    expect(report).toMatchObject({ stoppedBy: 'finished', counters: { recorded: 6, uploaded: 6, duplicates: 0, dropped: 0, retries: 3, refusals: { CR0429: 1, CR0402: 1 } } });
    const uploads = server.uploads();
    expect(uploads.map((u) => [u.n, u.status])).toEqual([[1, 201], [2, 429], [3, 503], [4, 201], [5, 401], [6, 201], [7, 201], [8, 201], [9, 201]]);
    expect(server.received.every((r) => r.signatureMatches)).toBe(true);

    // 429 and 503 are answered by sending the same segment again (same start, same bytes, newly signed).
    const [, quota, unavailable, stored] = uploads;
    for (const retry of [unavailable, stored]) {
      expect([retry.query.start, retry.query.type, retry.query.duration, retry.bodyDigest]).toEqual([quota.query.start, quota.query.type, quota.query.duration, quota.bodyDigest]);
    }
    expect(unavailable.receivedAtMs - quota.receivedAtMs).toBeGreaterThanOrEqual(990); // Retry-After: 1 (timer granularity aside)

    // CR0402 moved the server's clock 120 s ahead: the camera took serverTime and signed again within the skew.
    const [refusedClock, resigned] = [uploads[4], uploads[5]];
    expect(resigned.query.start).toBe(refusedClock.query.start);
    expect(Math.abs(Number(refusedClock.query.timestamp) + 120 - Number(resigned.query.timestamp))).toBeLessThanOrEqual(2);
    for (const later of uploads.slice(5)) expect(Math.abs(Number(later.query.timestamp) - later.serverTime)).toBeLessThanOrEqual(2);
    expect(uploads.every((u) => Math.abs(Number(u.query.timestamp) - u.serverTime) <= CAMERA_CLOCK_SKEW_SECONDS)).toBe(true);
    expect(Math.abs(report.clockOffsetSeconds - 120)).toBeLessThan(1.5);

    // Every 3rd segment is a motion recording, each a 4.000-s segment starting after the one before.
    expect(server.stored.map((s) => s.query.type)).toEqual(['0', '0', '2', '0', '0', '2']);
    expect(server.stored.every((s) => s.query.duration === '4.000')).toBe(true);
    const starts = server.stored.map((s) => Number(s.query.start));
    expect(starts.slice(1).every((start, i) => start > starts[i])).toBe(true);
    expect(lines.some((l) => /segment \d+ type 0 4\.0 s \d+ KB → 201 stored$/.test(l))).toBe(true);
  });

  it('stops when its credentials are refused (CR0401), without sending anything more', async () => {
    const { report, server } = await runAgainst({ segment: { 3: { status: 401, errorCode: 'CR0401' } } }, { durationSeconds: undefined });

    expect(report).toMatchObject({ stoppedBy: 'credentials-refused', counters: { uploaded: 2, refusals: { CR0401: 1 } } });
    expect(server.received.at(-1)).toMatchObject({ operation: 'segment', n: 3, errorCode: 'CR0401' });
  });

  it('is refused at discovery when signing with another streamId (a forged or revoked stream)', async () => {
    const { report, server } = await runAgainst(undefined, { streamId: 'ffffffffffffffffffffffffffffffff' });

    expect(report).toMatchObject({ stoppedBy: 'credentials-refused', counters: { recorded: 0, uploaded: 0 } });
    expect(server.received.map((r) => [r.operation, r.signatureMatches, r.errorCode])).toEqual([['uploadTarget', false, 'CR0401']]);
  });

  it('drops a segment refused for good (CR0409, CR0413, CR0415) and goes on with the next', async () => {
    const { report, server } = await runAgainst({
      segment: { 2: { status: 409, errorCode: 'CR0409' }, 3: { status: 413, errorCode: 'CR0413' }, 4: { status: 415, errorCode: 'CR0415' } },
    });

    expect(report.counters).toMatchObject({ recorded: 6, uploaded: 3, dropped: 3, retries: 0 });
    expect(new Set(server.uploads().map((u) => u.query.start)).size).toBe(6); // Each segment sent once.
  });

  it('pauses without a cloud-recording plan (CR0403), asks for the upload target again, then resends the segment', async () => {
    const { report, server } = await runAgainst({ segment: { 2: { status: 403, errorCode: 'CR0403' } } }, { durationSeconds: 12, pausedRetrySeconds: 0.05 });

    expect(report.counters).toMatchObject({ uploaded: 3, retries: 1, refusals: { CR0403: 1 } });
    expect(server.received.map((r) => `${r.operation} ${r.status}`)).toEqual(['uploadTarget 200', 'segment 201', 'segment 403', 'uploadTarget 200', 'segment 201', 'segment 201']);
  });

  it('retries a segment whose answer was lost and counts the 200 duplicate', async () => {
    const { report, server } = await runAgainst({ segment: { 1: { dropConnectionAfterStoring: true } } }, { durationSeconds: 8 });

    expect(report.counters).toMatchObject({ uploaded: 1, duplicates: 1, retries: 1 });
    expect(server.uploads().map((u) => [u.query.start, u.status])).toEqual([
      [server.uploads()[0].query.start, 201],
      [server.uploads()[0].query.start, 200],
      [server.uploads()[2].query.start, 201],
    ]);
  });

  it('stops cleanly when its signal aborts during an upload', async () => {
    const stop = new AbortController();
    server = await startProtocolServer({ stream });
    // Ctrl-C while the first segment is on its way: the request is cancelled and run() resolves, not rejects.
    const abortingFetch: typeof fetch = (input, init) => {
      if (String(input).includes('/segments')) stop.abort();
      return fetch(input, init);
    };
    const camera = new SimulatedCamera({ apiUrl: server.apiUrl, ...stream, pace: 'asap', signal: stop.signal, fetch: abortingFetch });

    await expect(camera.run()).resolves.toMatchObject({ stoppedBy: 'aborted', counters: { recorded: 1, uploaded: 0, retries: 0 } });
    expect(server.uploads()).toEqual([]);
  });

  it('stops at once when its signal aborts while waiting to record', async () => {
    const stop = new AbortController();
    server = await startProtocolServer({ stream });
    const camera = new SimulatedCamera({ apiUrl: server.apiUrl, ...stream, pace: 'realtime', signal: stop.signal, log: () => stop.abort() });
    const report = await camera.run(); // Aborted by the first log line (the discovery), while waiting to record.

    expect(report).toMatchObject({ stoppedBy: 'aborted', counters: { recorded: 0, uploaded: 0 } });
  });
});
