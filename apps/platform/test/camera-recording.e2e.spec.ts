/**
 * Cloud recording from a camera, end to end (README "Cloud recording from a camera", decisions CU1–CU7): the
 * app activates a cloud-recording plan and reads its authorization record (userTag, streamId); a camera with
 * only those, the API URL and its MAC discovers where to upload and uploads MPEG-TS segments; the app lists and
 * plays them. Every refusal stores nothing; unbinding, the plan's end and user deletion stop the next upload;
 * retention by plan and the grace period purge what they should — in embedded and distributed mode.
 */
import { tsNullPackets, Collector, describeWithInfra, freePort, getQuery, onIncrement } from '@dcp/testing';
import { md5Hex, signCameraRequest, unbindSign } from '@dcp/signing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { type Body, type Credentials, MerchantApp, admin, deviceForm } from './merchant-app';
import { TestCamera } from './camera-client';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { infraRequired } from '@dcp/testing';
import { type StoreHost, missingMediaTools, startStoreHost } from './hls-media';

const run = promisify(execFile);
/** Specs that decode what they download need ffprobe: run them when it is there, and always under REQUIRE_INFRA=1. */
const itWithFfmpeg = missingMediaTools.length === 0 || infraRequired ? it : it.skip;

const DAY = 86_400;
const SEGMENTS_PER_MINUTE = 6;
let macCounter = 0;
function newMac(): string {
  macCounter++;
  return `CA${Date.now().toString(16).slice(-4)}${macCounter.toString(16).padStart(6, '0')}`.toUpperCase();
}
const colon = (mac: string) => mac.match(/../g)!.join(':');

function cameraSuite(mode: Mode) {
  let t: TestPlatform;
  let merchant: MerchantApp;
  /** The store host (PUBLIC_STORE_URL) in front of the edge, as an ingress would be: cameras upload through it. */
  let store: StoreHost;
  const handled = new Collector<{ name: string; labels: Record<string, string>; by: number }>();

  beforeAll(async () => {
    store = await startStoreHost();
    // Distributed: the store host routes /camera to storage-service's own port (decisions CU10); embedded: to the edge.
    const cameraPort = mode === 'distributed' ? await freePort() : undefined;
    t = await startTestPlatform(mode, {
      PUBLIC_STORE_URL: store.url,
      CAMERA_QUOTA_SEGMENTS_PER_MINUTE: String(SEGMENTS_PER_MINUTE),
      RETENTION_SWEEP_INTERVAL_MS: '300',
      ...(cameraPort ? { CAMERA_UPLOAD_PORT: String(cameraPort) } : {}),
    });
    store.target(t.baseUrl, cameraPort ? `http://127.0.0.1:${cameraPort}` : undefined);
    onIncrement(t.platform.runtime.metrics, (name, labels, by) => {
      if (name === 'dcp_events_consumed_total' || name === 'dcp_storage_purged_total' || name.startsWith('dcp_camera_uploads_')) handled.push({ name, labels, by });
    });
    merchant = await MerchantApp.register(t);
    for (const plan of [
      { permissionCode: 'cloud-7', permissionName: 'Cloud 7 days', permissionType: 1, durationDays: 30, retentionDays: 7 },
      { permissionCode: 'cloud-free', permissionName: 'Cloud trial', permissionType: 2, durationDays: 3, retentionDays: 1 },
      { permissionCode: 'cloud-2d', permissionName: 'Cloud weekend', permissionType: 1, durationDays: 2, retentionDays: 30 },
      { permissionCode: 'alerts-only', permissionName: 'Smart alerts', permissionType: 1, durationDays: 30 },
    ]) {
      expect((await admin(t, 'POST', '/permissions', plan)).status).toBe(201);
    }
  });
  afterAll(async () => {
    await merchant?.close();
    await t?.close();
    await store?.close();
  });

  const consumed = (service: string, subject: string, from: number) =>
    handled.until((items) => items.slice(from).some((i) => i.name === 'dcp_events_consumed_total' && i.labels.service === service && i.labels.subject === subject && i.labels.outcome === 'applied'), `${service} applying ${subject}`, 15_000);

  const records = async (who: Credentials) => {
    const res = await merchant.get('permission.query_user_ipcs_valid', who);
    expect(res.body.errorCode).toBe('');
    return res.body.data as Body[];
  };

  /** A signed-in user with a bound device and an activated `plan` on it; the camera configured from the record. */
  async function activatedCamera(name: string, plan = 'cloud-7', mac = newMac(), oemCode = 'ACME') {
    const user = await merchant.signIn(name);
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', user.credentials, deviceForm(mac, { oemCode }))).body.errorCode).toBe('');
    const grant = await admin(t, 'POST', '/grants', { openId: user.credentials.openId, permissionCode: plan });
    expect(grant.status).toBe(201);
    const active = await merchant.post('permission.active', user.credentials, { grantId: String(grant.body.grantId), ipcMac: colon(mac).toLowerCase() });
    expect(active.body.errorCode).toBe('');
    const record = (await records(user.credentials)).find((r) => r.grantId === grant.body.grantId)!;
    const camera = new TestCamera({ apiUrl: t.baseUrl, mac: colon(mac), userTag: String(record.userTag), streamId: String(record.streamId) }, t.clock);
    return { user, mac, camera, record, grantId: Number(grant.body.grantId) };
  }

  const now = () => Math.floor(t.clock.now() / 1000);
  const segmentsOf = async (mac: string) => {
    const res = await admin(t, 'GET', `/devices/${mac}`);
    return (res.body.recordings as { segments: number }).segments;
  };
  const subtokenOf = async (who: Credentials) => String(((await merchant.get('center.getServerInfo', who, { oemCode: '' })).body.data as Body).subtoken);
  /** A stream operation as the app's playback SDK calls it, signed with the owner's subtoken. */
  function stream(service: string, subtoken: string, mac: string, params: Record<string, string> = {}) {
    const timestamp = String(now() + 60);
    return getQuery<Body>(t.baseUrl, '/stream', { service, devId: mac, timestamp, sessionToken: md5Hex(subtoken + timestamp), version: '1.0', ...params });
  }

  it('fact 5: an activated record carries the user\'s storeTag as userTag and a 128-bit streamId; waiting records carry neither; a second plan on the device shares the stream', async () => {
    const { user, mac, record } = await activatedCamera('Stella Stream');
    const info = await merchant.get('center.getServerInfo', user.credentials, { oemCode: '' });
    expect(record.userTag).toBe((info.body.data as Body).storeTag);
    expect(record.streamId).toMatch(/^[0-9a-f]{32}$/);
    expect(record.ipcMac).toBe(mac);

    const waiting = await admin(t, 'POST', '/grants', { openId: user.credentials.openId, permissionCode: 'cloud-7' });
    const notActive = await merchant.get('permission.query_user_not_active', user.credentials, { supportBpi: '1' });
    const waitingRecord = (notActive.body.data as Body[]).find((r) => r.grantId === waiting.body.grantId)!;
    expect(waitingRecord.userTag).toBe('');
    expect('streamId' in waitingRecord).toBe(false);

    expect((await merchant.post('permission.active', user.credentials, { grantId: String(waiting.body.grantId), ipcMac: mac })).body.errorCode).toBe('');
    const both = (await records(user.credentials)).filter((r) => r.ipcMac === mac);
    expect(both).toHaveLength(2);
    expect(new Set(both.map((r) => r.streamId))).toEqual(new Set([record.streamId]));
  });

  it('the camera loop: discovery answers the store URL and limits; uploads are stored once; the app lists the hours and clips with their types and plays them', async () => {
    const { user, mac, camera } = await activatedCamera('Carl Camera');
    const subtoken = await subtokenOf(user.credentials);
    const target = await camera.uploadTarget();
    expect(target.status).toBe(200);
    expect(target.body.data).toMatchObject({ uploadUrl: `${store.url}/camera/v1/segments`, serverTime: expect.any(Number), retentionDays: 7, quotaSegmentsPerMinute: SEGMENTS_PER_MINUTE });

    const start = now() - 60;
    const url = String(target.body.data!.uploadUrl);
    const first = await camera.upload({ url, start, duration: '4', type: 0, body: tsNullPackets(20) });
    expect([first.status, first.body.errorCode, first.body.data]).toEqual([201, '000000', expect.objectContaining({ devId: mac, start, duration: 4, type: 0, bytes: 3760, duplicate: false })]);
    const motion = await camera.upload({ url, start: start + 4, duration: '4.000', type: 2, body: tsNullPackets(10) });
    expect(motion.status).toBe(201);
    // The same segment again (a camera retrying after a lost answer): the stored one, nothing new.
    const counted = handled.items.length;
    const again = await camera.upload({ url, start, duration: '4', type: 0, body: tsNullPackets(20) });
    expect(handled.items.slice(counted)).toContainEqual({ name: 'dcp_camera_uploads_total', labels: { outcome: 'duplicate' }, by: 1 });
    expect([again.status, again.body.data]).toEqual([200, expect.objectContaining({ segmentId: first.body.data!.segmentId, duplicate: true })]);
    expect(await segmentsOf(mac)).toBe(2);

    const hour = new Date(start * 1000).toISOString().replace(/[-:]/g, '').slice(0, 11) + '0000';
    expect((await stream('record.date.query', subtoken, mac)).body.dateList).toContain(hour);
    const listed = await stream('record.query', subtoken, mac, { recordSt: String(start - 10), recordEt: String(start + 20) });
    expect(listed.body.recordList).toEqual([
      [String(start), String(start + 4), '0'],
      [String(start + 4), String(start + 8), '2'],
    ]);
    const play = await stream('record.play', subtoken, mac, { recordSt: String(start) });
    const playlist = await fetch(String(play.body.recordUrl));
    expect(playlist.status).toBe(200);
    expect((await playlist.text()).match(/\.ts\?/g)).toHaveLength(2);
  });

  itWithFfmpeg('npm run camera records real H.264/AAC, a motion segment now and then; the app plays it back (ffprobe decodes the playlist) and downloads a clip as MP4 (ffprobe and ffmpeg read it)', async () => {
    const { user, mac, camera } = await activatedCamera('Pia Playback');
    const subtoken = await subtokenOf(user.credentials);
    // The camera anyone can run (`npm run camera`), as its own process: a separate party on the network.
    const root = join(__dirname, '..', '..', '..');
    await run(process.execPath, [join(root, 'tools', 'build.mjs'), 'tools/camera', 'libs'], { cwd: root });
    const args = ['--api', t.baseUrl, '--mac', camera.values.mac, '--user-tag', camera.values.userTag, '--stream-id', camera.values.streamId, '--seconds', '20', '--motion-every', '2', '--asap'];
    const { stdout: lines } = await run(process.execPath, [join(root, 'dist', 'tools', 'camera', 'main.js'), ...args], { cwd: root });
    expect(lines.match(/→ 201/g)).toHaveLength(5);
    const listed = await stream('record.query', subtoken, mac, { recordSt: String(now() - 3600), recordEt: String(now() + 60) });
    const clips = listed.body.recordList as string[][];
    expect(clips.map((c) => c[2])).toContain('2');
    const from = Number(clips[0][0]);
    const play = await stream('record.play', subtoken, mac, { recordSt: String(from) });
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', String(play.body.recordUrl)]);
    expect(Number(stdout.trim())).toBeGreaterThan(19);

    // record.download: one MP4 of 12 of those seconds (the three segments they touch), remuxed without a system binary.
    const download = await stream('record.download', subtoken, mac, { recordSt: String(from + 2), recordEt: String(from + 10) });
    expect(download.body).toEqual({ errorCode: '', failureDetails: '', downloadUrl: expect.stringMatching(/^http:\/\/.*\/hls\/.*\/clip\.mp4\?/), secureDownloadUrl: expect.stringMatching(/^https:\/\//) });
    const file = await fetch(String(download.body.downloadUrl));
    expect([file.status, file.headers.get('content-type'), file.headers.get('content-disposition')]).toEqual([200, 'video/mp4', `attachment; filename="${mac}-${from + 2}.mp4"`]);
    const mp4 = join(mkdtempSync(join(tmpdir(), 'dcp-clip-')), 'clip.mp4');
    writeFileSync(mp4, Buffer.from(await file.arrayBuffer()));
    const probe = JSON.parse((await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=format_name,duration', '-of', 'json', mp4])).stdout) as { streams: { codec_name: string }[]; format: { format_name: string; duration: string } };
    expect(probe.streams.map((st) => st.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(probe.format.format_name).toContain('mp4');
    expect(Number(probe.format.duration)).toBeCloseTo(12, 0);
    expect((await run('ffmpeg', ['-v', 'error', '-i', mp4, '-f', 'null', '-'])).stderr).toBe('');
  }, 60_000);

  it('record.download refuses a window that is empty, reversed or longer than 10 minutes (000006), and its URL only as signed (403)', async () => {
    const { user, mac, camera } = await activatedCamera('Dina Download');
    const subtoken = await subtokenOf(user.credentials);
    const start = now() - 60;
    expect((await camera.upload({ start, body: tsNullPackets(2) })).status).toBe(201);
    const refused = async (recordSt: number, recordEt: number, details: RegExp) => {
      const res = await stream('record.download', subtoken, mac, { recordSt: String(recordSt), recordEt: String(recordEt) });
      expect([res.body.errorCode, res.body.failureDetails]).toEqual(['000006', expect.stringMatching(details)]);
    };
    await refused(start + 10, start + 10, /later than recordSt/);
    await refused(start, start + 601, /at most 600 seconds/);
    await refused(start - 700, start - 100, /no recording between recordSt and recordEt/);
    const ok = await stream('record.download', subtoken, mac, { recordSt: String(start), recordEt: String(start + 600) });
    const url = new URL(String(ok.body.downloadUrl));
    url.searchParams.set('to', String(start + 601));
    const tampered = await fetch(url);
    expect([tampered.status, ((await tampered.json()) as Body).errorCode]).toEqual([403, '000006']);
  });

  it('refuses, storing nothing: bad parameters, a skewed clock (with serverTime), another MAC, a forged streamId, a tampered captured upload, no cloud plan, out of order, too long, too large, not MPEG-TS', async () => {
    const { mac, camera } = await activatedCamera('Rita Refusal');
    const other = await activatedCamera('Otto Other');
    const start = now() - 30;
    const ok = { start, body: tsNullPackets(5) };
    const expectRefused = async (res: Promise<{ status: number; body: Body }>, status: number, code: string, details?: RegExp) => {
      const { status: got, body } = await res;
      expect([got, body.errorCode]).toEqual([status, code]);
      if (details) expect(body.failureDetails).toMatch(details);
      expect(Math.abs(Number(body.serverTime) - now())).toBeLessThanOrEqual(2);
    };
    await expectRefused(camera.upload({ ...ok, duration: '0' }), 400, 'CR0400', /duration/);
    await expectRefused(camera.upload({ ...ok, duration: '601' }), 400, 'CR0400', /duration/);
    await expectRefused(camera.upload({ ...ok, type: 70000 }), 400, 'CR0400', /type/);
    await expectRefused(camera.upload({ ...ok, start: now() + 3600 }), 400, 'CR0400', /start/);
    await expectRefused(camera.upload({ ...ok, timestamp: now() - 900 }), 401, 'CR0402', /server time/);
    // Signed for this stream but naming the other camera's MAC: the other device's stream is not this one.
    await expectRefused(camera.upload({ ...ok, mac: other.mac }), 401, 'CR0401');
    const forged = new TestCamera({ ...camera.values, streamId: 'f'.repeat(32) }, t.clock);
    await expectRefused(forged.upload(ok), 401, 'CR0401');
    // Someone holding the other camera's userTag and MAC but not its streamId cannot sign for it.
    const borrowed = new TestCamera({ ...other.camera.values, streamId: camera.values.streamId }, t.clock);
    await expectRefused(borrowed.upload(ok), 401, 'CR0401');
    // A captured upload replayed with another start, or another body, no longer verifies.
    const captured = new URLSearchParams({ mac: camera.values.mac, userTag: camera.values.userTag, start: String(start), duration: '4', type: '0', timestamp: String(now()) });
    captured.set('signature', signCameraRequest(camera.values.streamId, { operation: 'segment', mac: camera.values.mac, userTag: camera.values.userTag, start: String(start), duration: '4', type: '0', timestamp: captured.get('timestamp')!, body: ok.body }));
    const moved = new URLSearchParams(captured);
    moved.set('start', String(start - 100));
    await expectRefused(camera.send(`${t.baseUrl}/camera/v1/segments`, moved, ok.body), 401, 'CR0401');
    await expectRefused(camera.send(`${t.baseUrl}/camera/v1/segments`, captured, tsNullPackets(6)), 401, 'CR0401');
    await expectRefused(camera.upload({ ...ok, body: Buffer.from('not a transport stream') }), 415, 'CR0415');
    await expectRefused(camera.send(`${t.baseUrl}/camera/v1/segments`, captured, Buffer.from('{}'), 'application/json'), 415, 'CR0415');
    await expectRefused(camera.upload({ ...ok, body: tsNullPackets(Math.ceil((4 * 1024 * 1024) / 188) + 1) }), 413, 'CR0413');
    const missing = await fetch(`${t.baseUrl}/camera/v1/segments?mac=${mac}`, { method: 'POST', headers: { 'content-type': 'video/mp2t' }, body: tsNullPackets(1) });
    expect([missing.status, ((await missing.json()) as Body).errorCode]).toEqual([400, 'CR0400']);
    expect(await segmentsOf(mac)).toBe(0);

    // A plan that is not cloud recording lets no camera upload.
    const alerts = await activatedCamera('Alma Alerts', 'alerts-only');
    await expectRefused(alerts.camera.upload(ok), 403, 'CR0403');
    await expectRefused(alerts.camera.uploadTarget(), 403, 'CR0403');

    // Out of order beyond the tolerance (600 s before the newest), and another segment at a stored start and type.
    const stored = await camera.upload(ok);
    expect(stored.status).toBe(201);
    await expectRefused(camera.upload({ ...ok, start: start - 601 }), 409, 'CR0409', /out of order/);
    await expectRefused(camera.upload({ ...ok, body: tsNullPackets(7) }), 409, 'CR0409');
    expect((await camera.upload({ ...ok, start: start - 599 })).status).toBe(201);
    expect(await segmentsOf(mac)).toBe(2);
  });

  it('quota: the segments a minute beyond the setting are refused with CR0429 and Retry-After, and nothing is stored', async () => {
    t.clock.freeze();
    try {
      const { mac, camera } = await activatedCamera('Quentin Quota');
      const start = now() - 120;
      for (let i = 0; i < SEGMENTS_PER_MINUTE; i++) expect((await camera.upload({ start: start + 2 * i, duration: '2', body: tsNullPackets(3) })).status).toBe(201);
      const from = handled.items.length;
      const refused = await camera.upload({ start: start + 100, duration: '2', body: tsNullPackets(3) });
      expect([refused.status, refused.body.errorCode]).toEqual([429, 'CR0429']);
      expect(handled.items.slice(from)).toContainEqual({ name: 'dcp_camera_uploads_refused_total', labels: { code: 'CR0429' }, by: 1 });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await segmentsOf(mac)).toBe(SEGMENTS_PER_MINUTE);
      t.clock.advance(retryAfter);
      expect((await camera.upload({ start: start + 100, duration: '2', body: tsNullPackets(3) })).status).toBe(201);
    } finally {
      t.clock.resume();
    }
  });

  it('revocation: delOemDeviceByMac stops the next upload; the next owner gets a new streamId and the old one stays refused', async () => {
    const { user, mac, camera, record } = await activatedCamera('Una Unbind');
    expect((await camera.upload({ start: now() - 10, body: tsNullPackets(2) })).status).toBe(201);
    const from = handled.items.length;
    expect((await merchant.post('user_ipc_setting_v2_0.delOemDeviceByMac', user.credentials, { macAddr: mac })).body.errorCode).toBe('');
    // The next upload once device.unbound reached storage-service (decisions CU4), and nothing of it kept.
    await consumed('storage', 'dcp.device.device.unbound.v1', from);
    const next = await camera.upload({ start: now() - 5, body: tsNullPackets(2) });
    expect([next.status, next.body.errorCode]).toEqual([401, 'CR0401']);
    await consumed('permission', 'dcp.device.device.unbound.v1', from);

    const successor = await activatedCamera('Nina Next', 'cloud-7', mac);
    expect(successor.record.streamId).not.toBe(record.streamId);
    expect((await successor.camera.upload({ start: now() - 3, body: tsNullPackets(2) })).status).toBe(201);
    const stale = await camera.upload({ start: now() - 2, body: tsNullPackets(2) });
    expect([stale.status, stale.body.errorCode]).toEqual([401, 'CR0401']);
  });

  it('revocation: the manufacturer\'s force unbind (delOemDeviceForce) stops the next upload', async () => {
    const oemCode = `CAM${macCounter}`;
    const maker = await admin(t, 'POST', '/manufacturers', { oemCode, name: 'Camera Makers' });
    expect(maker.status).toBe(201);
    const mac = newMac();
    const { camera } = await activatedCamera('Fritz Force', 'cloud-7', mac, oemCode);
    expect((await camera.upload({ start: now() - 10, body: tsNullPackets(2) })).status).toBe(201);
    const timeStamp = String(now());
    const from = handled.items.length;
    const forced = await merchant.post('user_ipc_setting_v2_0.delOemDeviceForce', undefined, { mac, timeStamp, oemCode, sign: unbindSign(mac, timeStamp, String(maker.body.delKey)) });
    expect(forced.body.errorCode).toBe('');
    await consumed('storage', 'dcp.device.device.unbound.v1', from);
    const next = await camera.upload({ start: now() - 5, body: tsNullPackets(2) });
    expect([next.status, next.body.errorCode]).toEqual([401, 'CR0401']);
  });

  it('the end of the grant\'s period stops the next upload (CR0403) and the discovery says so too', async () => {
    const { camera } = await activatedCamera('Eve Expiry', 'cloud-2d');
    expect((await camera.upload({ start: now() - 10, body: tsNullPackets(2) })).status).toBe(201);
    t.clock.advance(2 * DAY);
    try {
      const next = await camera.upload({ start: now() - 5, body: tsNullPackets(2) });
      expect([next.status, next.body.errorCode]).toEqual([403, 'CR0403']);
      expect((await camera.uploadTarget()).body.errorCode).toBe('CR0403');
    } finally {
      t.clock.advance(-2 * DAY);
    }
  });

  it('user deletion stops the camera once user.deleted reached storage-service', async () => {
    const { user, camera } = await activatedCamera('Dora Deleted');
    expect((await camera.upload({ start: now() - 10, body: tsNullPackets(2) })).status).toBe(201);
    const from = handled.items.length;
    expect((await merchant.deleteUser(user.uuid)).status).toBe(200);
    await consumed('storage', 'dcp.sso.user.deleted.v1', from);
    const next = await camera.upload({ start: now() - 5, body: tsNullPackets(2) });
    expect([next.status, next.body.errorCode]).toEqual([401, 'CR0401']);
  });

  it('retention by plan: footage older than the plan\'s rolling retention is neither listed nor kept', async () => {
    const { user, mac, camera } = await activatedCamera('Greta Grace', 'cloud-free');
    // Read now: the app's access token expires long before the days this test crosses.
    const subtoken = await subtokenOf(user.credentials);
    const start = now() - 60;
    expect((await camera.upload({ start, body: tsNullPackets(2) })).status).toBe(201);
    const query = () => stream('record.query', subtoken, mac, { recordSt: String(start - DAY), recordEt: String(now()) });
    expect((await query()).body.recordList).toHaveLength(1);

    // The trial keeps one rolling day: a day later the segment is neither listed nor stored.
    const from = handled.items.length;
    t.clock.advance(DAY);
    const fresh = now() - 30;
    expect((await camera.upload({ start: fresh, body: tsNullPackets(2) })).status).toBe(201);
    expect((await query()).body.recordList).toEqual([[String(fresh), String(fresh + 4), '0']]);
    await purgedTo(mac, 1, from, 'the sweeper purging the expired segment');
    t.clock.advance(-DAY);

  });

  it('the grace period: after the plan ends the next upload is refused, footage stays RECORDING_GRACE_DAYS (7), then is hidden and purged', async () => {
    const { user, mac, camera } = await activatedCamera('Gus Grace', 'cloud-2d');
    const subtoken = await subtokenOf(user.credentials);
    const start = now() - 60;
    expect((await camera.upload({ start, body: tsNullPackets(2) })).status).toBe(201);
    const listed = async () => (await stream('record.query', subtoken, mac, { recordSt: String(start - 10), recordEt: String(start + 10) })).body.recordList;

    t.clock.advance(2 * DAY + 60);
    const refused = await camera.upload({ start: now() - 10, body: tsNullPackets(2) });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'CR0403']);
    t.clock.advance(6 * DAY);
    expect(await listed()).toHaveLength(1);

    const from = handled.items.length;
    t.clock.advance(DAY);
    expect(await listed()).toEqual([]);
    expect((await stream('record.date.query', subtoken, mac)).body.dateList).toEqual([]);
    await purgedTo(mac, 0, from, 'the sweeper purging after the grace period');
    t.clock.advance(-(9 * DAY + 60));
  });

  it('operators set a plan\'s retention (PATCH /admin/v1/permissions/{code}): validated, listed, unknown plans 404', async () => {
    const set = await admin(t, 'PATCH', '/permissions/alerts-only', { retentionDays: 30 });
    expect([set.status, set.body.retentionDays]).toEqual([200, 30]);
    expect((await admin(t, 'PATCH', '/permissions/alerts-only', { retentionDays: 0 })).status).toBe(400);
    expect((await admin(t, 'PATCH', '/permissions/alerts-only', { retentionDays: 7, durationDays: 1 })).status).toBe(400);
    expect((await admin(t, 'PATCH', '/permissions/no-such-plan', { retentionDays: 7 })).status).toBe(404);
    const cleared = await admin(t, 'PATCH', '/permissions/alerts-only', { retentionDays: null });
    expect([cleared.status, cleared.body.retentionDays]).toEqual([200, null]);
  });

  it('the admin look-up shows the plan the camera uploads under (its end and grace end) and what the device uploaded today', async () => {
    const { mac, camera, grantId } = await activatedCamera('Olga Operator');
    const start = now() - 30;
    expect((await camera.upload({ start, body: tsNullPackets(20) })).status).toBe(201);
    expect((await camera.upload({ start: start + 4, body: tsNullPackets(10) })).status).toBe(201);
    const endTime = Number((await admin(t, 'GET', `/grants/${grantId}`)).body.endTime);
    const view = await admin(t, 'GET', `/devices/${mac}`);
    expect(view.status).toBe(200);
    // RECORDING_GRACE_DAYS is 7 by default: footage stays 7 days after the plan ends.
    expect(view.body.recordings).toMatchObject({
      segments: 2,
      bytes: 30 * 188,
      plan: { retentionDays: 7, planEndsAt: endTime, graceEndsAt: endTime + 7 * DAY * 1000 },
      uploadedToday: { bytes: 30 * 188, segments: 2 },
    });
  });

  /**
   * Resolves once retention sweeps (every 300 ms here) have left `mac` with `expected` segments. A purge seen after
   * `from` may belong to a sweep that began before the clock moved and purged another device's footage, so each
   * purge is followed by a count; the next purge is awaited while this device's is not there yet.
   */
  const purgedTo = async (mac: string, expected: number, from: number, what: string) => {
    for (let sweeps = 0; ; sweeps += 1) {
      const before = handled.items.length;
      if (sweeps > 0) {
        const left = await segmentsOf(mac);
        if (left === expected || sweeps === 5) return expect(left).toBe(expected);
      }
      await handled.until((items) => items.slice(sweeps === 0 ? from : before).some((i) => i.name === 'dcp_storage_purged_total' && i.labels.kind === 'expired-segments' && i.by > 0), what, 15_000);
    }
  };
}

describe('cloud recording from a camera (embedded)', () => cameraSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'cloud recording from a camera (distributed: PostgreSQL + NATS)', () => cameraSuite('distributed'));
