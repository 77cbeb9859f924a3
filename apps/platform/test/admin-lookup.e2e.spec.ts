/**
 * The operator's look-ups end to end (issue 11), on the platform as `npm start` runs it (embedded) and as separate
 * services on PostgreSQL and NATS (distributed): a merchant's
 * user signs in and binds a camera through the signed gateway, an operator grants a plan, a recorder stores
 * an MPEG-TS segment (made with ffmpeg); then the admin API's composed views name the device, its owner,
 * merchant, grants, current service and recording days whatever the MAC's spelling, find the user by openId
 * and by merchant uuid, list the recorded day and its clip, and hand out a playback URL that a browser player
 * on another origin can fetch (CORS on /hls/*). Without ffmpeg the suite is skipped loudly (fails under
 * REQUIRE_INFRA=1).
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ERROR_CATALOG, EVENT_CONSUMERS, ErrorCode, OUTBOX_SERVICES, STORAGE_LIMITS } from '@dcp/contracts';
import { md5Hex } from '@dcp/signing';
import { describeWithInfra, getQuery, infraRequired } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { type Body, MerchantApp, type SignedInUser, admin, deviceForm } from './merchant-app';

const run = promisify(execFile);
const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
const VALIDATION = ERROR_CATALOG[ErrorCode.ADMIN_VALIDATION_FAILED].value;
const NOT_FOUND = ERROR_CATALOG[ErrorCode.ADMIN_NOT_FOUND].value;
const LAST_PAGE = (total: number) => ({ total, totalIsEstimate: false, nextCursor: null });

function describeWithFfmpeg(name: string, fn: () => void): void {
  if (hasFfmpeg) return describe(name, fn);
  if (infraRequired) {
    describe(name, () => {
      it('requires ffmpeg (REQUIRE_INFRA=1)', () => {
        throw new Error('REQUIRE_INFRA=1 but ffmpeg is not on PATH (Debian: apt-get install ffmpeg)');
      });
    });
    return;
  }
  process.stderr.write(`\n*** SKIPPED "${name}": ffmpeg not found on PATH. Set REQUIRE_INFRA=1 to make this a failure. ***\n`);
  // Skipped on purpose: ffmpeg is absent and REQUIRE_INFRA is not set (the line above says so).
  const skipped = describe.skip;
  skipped(name, fn);
}

const isoDay = (epochS: number) => new Date(epochS * 1000).toISOString().slice(0, 10);

function lookupSuite(mode: Mode) {
  const MAC = '0A1B2C3D4E5F';
  const SPELLINGS = ['0a:1b:2c:3d:4e:5f', '0A-1B-2C-3D-4E-5F', '0a1b2c3d4e5f'];
  let t: TestPlatform;
  let merchant: MerchantApp;
  let ann: SignedInUser;
  let subtoken: string;
  let media: string;
  /** The segment's start (epoch s): an hour ago, 2 seconds long. */
  let T: number;
  let segment: Buffer;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'dcp-lookup-'));
    t = await startTestPlatform(mode);
    merchant = await MerchantApp.register(t, 'Lookup Cameras');
    expect((await admin(t, 'POST', '/manufacturers', { oemCode: 'ACME', name: 'Acme Devices' })).status).toBe(201);
    ann = await merchant.signIn('Ann Lookup');
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', ann.credentials, deviceForm(MAC))).body.errorCode).toBe('');
    const info = await merchant.get('center.getServerInfo', ann.credentials, { oemCode: 'ACME' });
    subtoken = String((info.body.data as Body).subtoken);
    expect((await admin(t, 'POST', '/permissions', { permissionCode: 'cloud-7', permissionName: 'Cloud 7 days', permissionType: 2, durationDays: 7 })).status).toBe(201);
    expect((await admin(t, 'POST', '/grants', { openId: ann.credentials.openId, permissionCode: 'cloud-7', ipcMac: SPELLINGS[0] })).status).toBe(201);

    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '10', '-f', 'mpegts', join(media, 'clip.ts')]);
    segment = readFileSync(join(media, 'clip.ts'));
    T = Math.floor(t.clock.now() / 1000) - 3600;
    const stored = await fetch(`${t.adminUrl}/admin/v1/devices/${MAC}/segments?start=${T}&duration=2&type=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'video/mp2t' },
      body: segment,
    });
    expect(stored.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await merchant?.close();
    await t?.close();
    if (media) rmSync(media, { recursive: true, force: true });
  });

  describe('GET /devices/{mac}', () => {
    it('answers the same whole view for every spelling of the MAC', async () => {
      const views = await Promise.all([MAC, ...SPELLINGS].map((mac) => admin(t, 'GET', `/devices/${encodeURIComponent(mac)}`)));
      for (const v of views) expect(v.status).toBe(200);
      for (const v of views.slice(1)) expect(v.body).toEqual(views[0].body);
      const view = views[0].body as {
        device: Body;
        owner: Body & { merchant: Body };
        grants: { items: Body[]; total: number };
        currentService: Body;
        recordings: Body;
      };
      expect(view.device).toMatchObject({ macAddr: MAC, deviceName: 'Front door', productName: 'DoorCam 3', oemCode: 'ACME', manufacturerName: 'Acme Devices', supportStore: 1 });
      expect(view.device).not.toHaveProperty('password');
      expect(Date.parse(String(view.device.boundAt))).toBeLessThanOrEqual(Date.now());
      expect(view.owner).toMatchObject({ openId: ann.credentials.openId, uuid: ann.uuid, userId: view.device.userId, merchant: { clientId: merchant.clientId, name: 'Lookup Cameras' } });
      expect(view.grants.total).toBe(1);
      expect(view.grants.items[0]).toMatchObject({ ipcMac: MAC, permissionCode: 'cloud-7', openId: ann.credentials.openId });
      // A free grant on the device is in service at once: it is the current service (fcmall.get_current_service).
      expect(view.currentService).toMatchObject({ name: 'Cloud 7 days', status: 3, flag: 2, validity: '7 days' });
      const appView = await merchant.get('fcmall.get_current_service', ann.credentials, { macAddr: MAC });
      expect(appView.body.data).toMatchObject({ name: view.currentService.name, status: view.currentService.status, flag: view.currentService.flag, endTime: view.currentService.endTime });
      expect(view.recordings).toEqual({
        days: [...new Set([isoDay(T), isoDay(T + 1)])],
        segments: 1,
        bytes: segment.length,
        firstStart: T,
        lastEnd: T + 2,
        // An operator's ingest is no camera upload: no plan on record, nothing counted against the quota.
        plan: null,
        uploadedToday: { bytes: 0, segments: 0 },
      });
    });

    it('refuses a malformed MAC naming mac (400) and answers 404 for a device nobody has bound', async () => {
      const bad = await admin(t, 'GET', '/devices/0A1B2C3D4E5');
      expect([bad.status, bad.body.errorCode, bad.body.failureDetails]).toEqual([400, VALIDATION, expect.stringMatching(/^invalid field mac:/)]);
      const unknown = await admin(t, 'GET', '/devices/0A1B2C3D4E60');
      expect([unknown.status, unknown.body.errorCode]).toEqual([404, NOT_FOUND]);
      const badPage = await admin(t, 'GET', `/devices/${MAC}?limit=501`);
      expect([badPage.status, badPage.body.failureDetails]).toEqual([400, expect.stringMatching(/^invalid field limit:/)]);
    });
  });

  describe('users', () => {
    it('GET /users/{openId}: the user, their merchant, devices and grants', async () => {
      const res = await admin(t, 'GET', `/users/${ann.credentials.openId}`);
      expect(res.status).toBe(200);
      const view = res.body as { user: Body; devices: { items: Body[]; total: number }; grants: { items: Body[]; total: number } };
      expect(view.user).toMatchObject({ openId: ann.credentials.openId, uuid: ann.uuid, name: 'Ann Lookup', merchant: { clientId: merchant.clientId, name: 'Lookup Cameras' } });
      // Signed in once, in this spec: the sign-in is kept (its tokens are alive) and is not in the future.
      expect(Date.parse(String(view.user.lastSignInAt))).toBeGreaterThanOrEqual(Date.parse(String(view.user.createdAt)) - 1000);
      expect(Date.parse(String(view.user.lastSignInAt))).toBeLessThanOrEqual(Date.now());
      expect(view.devices).toEqual({ items: [expect.objectContaining({ macAddr: MAC, userId: view.user.userId })], ...LAST_PAGE(1) });
      expect(view.grants).toEqual({ items: [expect.objectContaining({ permissionCode: 'cloud-7', ipcMac: MAC })], ...LAST_PAGE(1) });
      expect((await admin(t, 'GET', '/users/no-such-open-id')).status).toBe(404);
    });

    it('GET /users?uuid=: finds the user by the merchant\'s uuid, of one merchant with clientId, paged', async () => {
      const found = await admin(t, 'GET', `/users?uuid=${encodeURIComponent(ann.uuid)}`);
      expect(found.status).toBe(200);
      expect(found.body).toEqual({ items: [expect.objectContaining({ openId: ann.credentials.openId, uuid: ann.uuid })], ...LAST_PAGE(1) });
      const mine = await admin(t, 'GET', `/users?uuid=${encodeURIComponent(ann.uuid)}&clientId=${merchant.clientId}`);
      expect(mine.body.total).toBe(1);
      const other = await admin(t, 'GET', `/users?uuid=${encodeURIComponent(ann.uuid)}&clientId=another-merchant`);
      expect(other.body).toEqual({ items: [], ...LAST_PAGE(0) });
      const pastTheEnd = await admin(t, 'GET', `/users?uuid=${encodeURIComponent(ann.uuid)}&offset=1`);
      expect(pastTheEnd.body).toEqual({ items: [], ...LAST_PAGE(1) });
      const noUuid = await admin(t, 'GET', '/users');
      expect([noUuid.status, noUuid.body.errorCode, noUuid.body.failureDetails]).toEqual([400, VALIDATION, expect.stringMatching(/^invalid field uuid:/)]);
      const badLimit = await admin(t, 'GET', `/users?uuid=x&limit=abc`);
      expect([badLimit.status, badLimit.body.failureDetails]).toEqual([400, expect.stringMatching(/^invalid field limit:/)]);
    });

    it('GET /users/{openId}: each list pages by its own cursor; a cursor of another list is 400 naming the parameter', async () => {
      const openId = ann.credentials.openId;
      // A second grant (waiting: no device): the grants now take two pages of one.
      expect((await admin(t, 'POST', '/grants', { openId, permissionCode: 'cloud-7' })).status).toBe(201);
      type Page = { items: Array<{ grantId: number }>; total: number; nextCursor: string | null };
      const first = await admin(t, 'GET', `/users/${openId}?limit=1`);
      const firstGrants = first.body.grants as Page;
      expect(firstGrants).toMatchObject({ total: 2, totalIsEstimate: false, nextCursor: expect.any(String) });
      expect(first.body.devices).toMatchObject({ total: 1, nextCursor: null });
      const cursor = encodeURIComponent(String(firstGrants.nextCursor));
      const next = await admin(t, 'GET', `/users/${openId}?limit=1&grantsCursor=${cursor}`);
      const nextGrants = next.body.grants as Page;
      expect(nextGrants).toMatchObject({ total: 2, nextCursor: null, items: [expect.objectContaining({ ipcMac: null })] });
      expect(nextGrants.items[0].grantId).toBeGreaterThan(firstGrants.items[0].grantId);
      expect(next.body.devices).toEqual(first.body.devices);
      // The same list as /grants?openId=: its cursor goes on there too.
      expect((await admin(t, 'GET', `/grants?openId=${openId}&limit=1&cursor=${cursor}`)).body.items).toEqual(nextGrants.items);
      const wrong = await admin(t, 'GET', `/users/${openId}?limit=1&devicesCursor=${cursor}`);
      expect([wrong.status, wrong.body.errorCode, wrong.body.failureDetails]).toEqual([400, VALIDATION, 'invalid field devicesCursor: a cursor of another list (grants), not of user-devices']);
      const edited = await admin(t, 'GET', `/grants?openId=${openId}&limit=1&cursor=x${cursor}`);
      expect([edited.status, edited.body.errorCode, edited.body.failureDetails]).toEqual([400, VALIDATION, 'invalid field cursor: not a cursor this list answered (pass nextCursor exactly as it came)']);
    });
  });

  describe('recordings', () => {
    it('lists the recorded days as record.date.query does, and a day\'s clip as record.query does', async () => {
      const timestamp = String(Math.floor(t.clock.now() / 1000) + 120);
      const stream = (service: string, params: Record<string, string> = {}) =>
        getQuery<Body>(t.baseUrl, '/stream', { service, devId: MAC, timestamp, sessionToken: md5Hex(subtoken + timestamp), ...params });
      // The app's list names UTC hours; their days are the operator's days.
      const appDays = [...new Set(((await stream('record.date.query')).body.dateList as string[]).map((hour) => hour.slice(0, 8)))];
      const days = await admin(t, 'GET', `/devices/${SPELLINGS[1]}/recordings`);
      expect(days.status).toBe(200);
      expect(days.body).toEqual({ macAddr: MAC, days: appDays.map((d) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`), total: appDays.length });
      const clips = await admin(t, 'GET', `/devices/${MAC}/recordings?day=${isoDay(T)}`);
      expect(clips.body).toEqual({ macAddr: MAC, day: isoDay(T), clips: [{ start: T, end: T + 2, type: 1 }], total: 1 });
      const appClips = (await stream('record.query', { recordSt: String(T - 60), recordEt: String(T + 60), version: '1.0' })).body.recordList;
      expect(appClips).toEqual([[String(T), String(T + 2), '1']]);
      const empty = await admin(t, 'GET', `/devices/${MAC}/recordings?day=2001-01-01`);
      expect(empty.body).toEqual({ macAddr: MAC, day: '2001-01-01', clips: [], total: 0 });
    });

    it('refuses bad parameters naming them', async () => {
      for (const [query, field] of [
        ['day=2026-02-30', 'day'],
        ['day=yesterday', 'day'],
        ['limit=0', 'limit'],
      ]) {
        const res = await admin(t, 'GET', `/devices/${MAC}/recordings?${query}`);
        expect([query, res.status, res.body.errorCode, res.body.failureDetails]).toEqual([query, 400, VALIDATION, expect.stringMatching(new RegExp(`^invalid field ${field}:`))]);
      }
      expect((await admin(t, 'GET', '/devices/nope/recordings')).body.failureDetails).toMatch(/^invalid field mac:/);
      expect((await admin(t, 'GET', '/devices/0A1B2C3D4E60/recordings')).status).toBe(404);
    });

    it('POST /devices/{mac}/playback: record.play\'s signed playlist URL, which a player on another origin fetches', async () => {
      const res = await admin(t, 'POST', `/devices/${SPELLINGS[2]}/playback`, { start: T, end: T + STORAGE_LIMITS.playWindowSeconds });
      expect(res.status).toBe(200);
      const recordUrl = String(res.body.recordUrl);
      expect(res.body).toMatchObject({ macAddr: MAC, start: T, end: T + STORAGE_LIMITS.playWindowSeconds, secureUrl: recordUrl.replace(/^http:/, 'https:') });
      // The very URL record.play hands the app for recordSt = T (same range; expiry and signature of its own second).
      const timestamp = String(Math.floor(t.clock.now() / 1000) + 120);
      const play = await getQuery<Body>(t.baseUrl, '/stream', { service: 'record.play', devId: MAC, timestamp, sessionToken: md5Hex(subtoken + timestamp), recordSt: String(T), version: '1.0' });
      const withoutSignature = (u: string) => {
        const url = new URL(u);
        url.searchParams.delete('expires');
        url.searchParams.delete('sig');
        return url.toString();
      };
      expect(withoutSignature(recordUrl)).toBe(withoutSignature(String(play.body.recordUrl)));

      // {store_url} is the public port here (PUBLIC_STORE_URL names it in production; this platform's port is ephemeral).
      const onPublicPort = (u: string) => `${t.baseUrl}${new URL(u).pathname}${new URL(u).search}`;
      const origin = t.adminUrl;
      const playlist = await fetch(onPublicPort(recordUrl), { headers: { origin } });
      expect([playlist.status, playlist.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
      const segmentUrl = (await playlist.text()).split('\n').find((l) => l.startsWith('http'))!;
      const bytes = await fetch(onPublicPort(segmentUrl), { headers: { origin } });
      expect([bytes.status, bytes.headers.get('access-control-allow-origin'), bytes.headers.get('content-type')]).toEqual([200, '*', 'video/mp2t']);
      expect(Buffer.from(await bytes.arrayBuffer()).equals(segment)).toBe(true);
      const preflight = await fetch(onPublicPort(recordUrl), { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
      expect([preflight.status, preflight.headers.get('access-control-allow-origin'), preflight.headers.get('access-control-allow-methods')]).toEqual([204, '*', 'GET, HEAD']);
      // Only /hls/*: the merchant surfaces stay without CORS.
      const gateway = await fetch(`${t.baseUrl}/gateway?service=cloud_system.current_time`, { headers: { origin } });
      expect(gateway.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('checks the playback window as record.play does, naming the field', async () => {
      const cases: [unknown, string][] = [
        [{ start: T, end: T }, 'end'],
        [{ start: T, end: T + STORAGE_LIMITS.playWindowSeconds + 1 }, 'end'],
        [{ start: T - 7200, end: T - 3600 }, 'start'],
        [{ start: String(T), end: T + 60 }, 'start'],
        [{ start: T, end: T + 60, extra: 1 }, 'extra'],
        [{ end: T + 60 }, 'start'],
      ];
      for (const [body, field] of cases) {
        const res = await admin(t, 'POST', `/devices/${MAC}/playback`, body);
        expect([body, res.status, res.body.errorCode, res.body.failureDetails]).toEqual([body, 400, VALIDATION, expect.stringMatching(new RegExp(`^invalid field ${field}:`))]);
      }
      expect((await admin(t, 'POST', '/devices/0A1B2C3D4E60/playback', { start: T, end: T + 60 })).status).toBe(404);
    });
  });

  it('GET /outbox: every outbox service with its backlog', async () => {
    const res = await admin(t, 'GET', '/outbox');
    expect(res.status).toBe(200);
    const services = res.body.services as { service: string; pending: number; oldestAgeSeconds: number }[];
    expect(services.map((s) => s.service)).toEqual([...OUTBOX_SERVICES]);
    for (const s of services) {
      expect(s).toEqual({ service: s.service, pending: expect.any(Number), oldestAgeSeconds: expect.any(Number) });
      expect(s.pending).toBeGreaterThanOrEqual(0);
      expect(s.oldestAgeSeconds).toBeGreaterThanOrEqual(0);
    }
  });

  it('GET /consumers: every event consumer with its lag and open dead letters', async () => {
    const res = await admin(t, 'GET', '/consumers');
    expect(res.status).toBe(200);
    const items = res.body.items as { service: string }[];
    expect(items.map((s) => s.service)).toEqual([...EVENT_CONSUMERS]);
    for (const s of items) {
      expect(s).toEqual({
        service: s.service,
        durable: `${s.service}-service`,
        pending: expect.any(Number),
        ackPending: expect.any(Number),
        oldestPendingAgeSeconds: expect.any(Number),
        redelivered: expect.any(Number),
        deadLettersOpen: expect.any(Number),
      });
    }
  });

  it('documents the look-up routes in /admin/v1/openapi.json', async () => {
    const doc = (await admin(t, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/admin/v1/devices/{mac}', 'get'],
      ['/admin/v1/users/{openId}', 'get'],
      ['/admin/v1/users', 'get'],
      ['/admin/v1/devices/{mac}/recordings', 'get'],
      ['/admin/v1/devices/{mac}/playback', 'post'],
      ['/admin/v1/outbox', 'get'],
      ['/admin/v1/consumers', 'get'],
    ]) {
      expect([path, method, Boolean(doc.paths[path]?.[method])]).toEqual([path, method, true]);
    }
    // The device view's recordings part names the camera's plan and today's uploads, described.
    const deviceView = JSON.stringify(doc.paths['/admin/v1/devices/{mac}'].get);
    for (const field of ['retentionDays', 'planEndsAt', 'graceEndsAt', 'uploadedToday', 'RECORDING_GRACE_DAYS']) expect([field, deviceView.includes(field)]).toEqual([field, true]);
  });
}

describeWithFfmpeg('admin look-ups and recordings for operators (embedded)', () => lookupSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'admin look-ups and recordings for operators (distributed: PostgreSQL + NATS)', () => {
  describeWithFfmpeg('ffmpeg', () => lookupSuite('distributed'));
});
