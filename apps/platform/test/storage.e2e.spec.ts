/**
 * Cloud storage end to end, as a recorder, an operator and a merchant's app drive it: segments ingested
 * through the admin API (`POST /admin/v1/devices/{devId}/segments`, raw MPEG-TS), the stream operations on
 * `{store_url}/stream` (record.date.query, record.query, record.play — spec 4.5, 2.8) authenticated by
 * sessionToken = MD5(subtoken + timestamp) with the subtoken of center.getServerInfo, every error code they
 * answer, and the purge of a device's recordings after device.unbound and of a user's after user.deleted —
 * in embedded mode (filesystem objects) and in distributed mode (PostgreSQL + NATS, objects in a real
 * S3-compatible server).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENTS, STORAGE_LIMITS } from '@dcp/contracts';
import { md5Hex } from '@dcp/signing';
import { Collector, TEST_NATS_URL, describeWithInfra, getQuery, type HttpResult, onIncrement, tsNullPackets } from '@dcp/testing';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { type Body, type Credentials, MerchantApp, type SignedInUser, deviceForm } from './merchant-app';

// s3rver (a real S3-compatible server in Node) ships no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };

const DAY = 86_400;
let macCounter = 0;
/** A fresh canonical MAC per call: 12 upper-case hex digits, as recorders and apps send it (distinct across both suites of this file). */
function newMac(): string {
  macCounter++;
  return `5E${Date.now().toString(16).slice(-4)}${macCounter.toString(16).padStart(6, '0')}`.toUpperCase();
}
/** The colon spelling of a MAC: accepted on input, never answered. */
const colon = (mac: string) => mac.match(/../g)!.join(':');

/** A private S3-compatible server (s3rver) with one bucket, for distributed mode. */
async function startS3(): Promise<{ env: Record<string, string>; count(): Promise<number>; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'dcp-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'recordings', configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    env: { OBJECT_STORE_URL: 's3://recordings/e2e', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    count: async () => (await client.send(new ListObjectsV2Command({ Bucket: 'recordings', Prefix: 'e2e/' }))).KeyCount ?? 0,
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The NATS server's max_payload, from the INFO line it sends on connect. */
function natsMaxPayload(): Promise<number> {
  const u = new URL(TEST_NATS_URL);
  return new Promise((resolve, reject) => {
    const s = new Socket();
    let buf = '';
    s.setTimeout(3000, () => reject(new Error('no INFO from NATS')));
    s.on('data', (d) => {
      buf += d.toString();
      const line = buf.split('\r\n')[0];
      if (buf.includes('\r\n')) {
        s.destroy();
        resolve(Number(JSON.parse(line.replace(/^INFO\s+/, '')).max_payload));
      }
    });
    s.on('error', reject);
    s.connect(Number(u.port || 4222), u.hostname);
  });
}

function storageSuite(mode: Mode) {
  let t: TestPlatform;
  let merchant: MerchantApp;
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  /** What storage-service's consumer did, and what its sweeper deleted (observed on the platform's metrics). */
  const handled = new Collector<{ name: string; labels: Record<string, string>; by: number }>();

  beforeAll(async () => {
    if (mode === 'distributed') {
      s3 = await startS3();
      Object.assign(process.env, s3.env);
    }
    t = await startTestPlatform(mode);
    onIncrement(t.platform.runtime.metrics, (name, labels, by) => {
      if (name === 'dcp_events_consumed_total' || name === 'dcp_storage_purged_total') handled.push({ name, labels, by });
    });
    merchant = await MerchantApp.register(t);
  });
  afterAll(async () => {
    await merchant?.close();
    await t?.close();
    if (s3) {
      for (const k of Object.keys(s3.env)) delete process.env[k];
      await s3.close();
    }
  });

  /** Objects stored: files under DATA_DIR/objects (embedded) or keys in the bucket (distributed). */
  async function objectCount(): Promise<number> {
    if (s3) return s3.count();
    const root = join(t.platform.runtime.config.dataDir, 'objects');
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    } catch {
      return 0;
    }
  }

  function ingest(devId: string, query: Record<string, string | number>, body: Buffer = tsNullPackets(), contentType = 'video/mp2t'): Promise<HttpResult<Body>> {
    const q = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    return fetch(`${t.adminUrl}/admin/v1/devices/${encodeURIComponent(devId)}/segments?${q}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': contentType },
      body,
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Body, headers: res.headers }));
  }

  async function subtokenOf(user: Credentials): Promise<string> {
    const res = await merchant.get('center.getServerInfo', user, { oemCode: 'ACME' });
    expect(res.body.errorCode).toBe('');
    return String((res.body.data as Body).subtoken);
  }

  /** The stream credentials of a device's owner: timestamp a minute ahead (seconds), sessionToken = MD5(subtoken + timestamp). */
  function session(subtoken: string, devId: string, timestamp = String(Math.floor(t.clock.now() / 1000) + 60)): Record<string, string> {
    return { devId, timestamp, sessionToken: md5Hex(subtoken + timestamp) };
  }

  const stream = (service: string, params: Record<string, string>) => getQuery<Body>(t.baseUrl, '/stream', { service, ...params });

  /** A signed-in user with a bound device and its subtoken. */
  async function owner(name: string, mac = newMac()): Promise<{ user: SignedInUser; mac: string; subtoken: string }> {
    const user = await merchant.signIn(name);
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', user.credentials, deviceForm(mac))).body.errorCode).toBe('');
    return { user, mac, subtoken: await subtokenOf(user.credentials) };
  }

  /** Resolves once storage-service's consumer applied an event of this subject (after `from` items). */
  const consumed = (subject: string, from: number) =>
    handled.until((items) => items.slice(from).some((i) => i.name === 'dcp_events_consumed_total' && i.labels.service === 'storage' && i.labels.subject === subject && i.labels.outcome === 'applied'), `storage-service applying ${subject}`, 15_000);

  describe('ingest (admin API)', () => {
    it('stores a segment of a bound device: 201 with the segment view (canonical devId, the owner, seconds)', async () => {
      const { mac } = await owner('Ingrid Ingest');
      const start = Math.floor(t.clock.now() / 1000) - 600;
      const before = await objectCount();
      const res = await ingest(colon(mac).toLowerCase(), { start, duration: '2.5', type: 3 }, tsNullPackets(10));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        segmentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        devId: mac,
        userId: expect.any(Number),
        start,
        duration: 2.5,
        type: 3,
        bytes: 1880,
        createdAt: expect.any(String),
      });
      expect(await objectCount()).toBe(before + 1);
    });

    it('a retried ingest answers the stored segment (201, the same segmentId); another one at that start and type is 409', async () => {
      const { mac } = await owner('Rory Retry');
      const start = Math.floor(t.clock.now() / 1000) - 300;
      const first = await ingest(mac, { start, duration: 2, type: 0 }, tsNullPackets(5));
      const again = await ingest(mac, { start, duration: 2, type: 0 }, tsNullPackets(5));
      expect([first.status, again.status, again.body.segmentId]).toEqual([201, 201, first.body.segmentId]);
      const other = await ingest(mac, { start, duration: 2, type: 0 }, tsNullPackets(6));
      expect([other.status, other.body.errorCode]).toEqual([409, 'AD0409']);
    });

    it('refuses a device nobody owns (409), bad fields naming them (400), another media type, an empty or non-MPEG-TS body, and a body over the limit', async () => {
      const now = Math.floor(t.clock.now() / 1000);
      const nobody = await ingest(newMac(), { start: now - 60, duration: 2, type: 0 });
      expect([nobody.status, nobody.body.errorCode]).toEqual([409, 'AD0409']);
      expect(nobody.body.failureDetails).toMatch(/has no owner/);

      const { mac } = await owner('Vera Validation');
      const cases: [Record<string, string | number>, string][] = [
        [{ start: 'yesterday', duration: 2, type: 0 }, 'invalid field start'],
        [{ duration: 2, type: 0 }, 'invalid field start'],
        [{ start: now + 7200, duration: 2, type: 0 }, 'invalid field start'],
        [{ start: now - 60, duration: 0, type: 0 }, 'invalid field duration'],
        [{ start: now - 60, duration: 601, type: 0 }, 'invalid field duration'],
        [{ start: now - 60, duration: 2, type: 65536 }, 'invalid field type'],
        [{ start: now - 60, duration: 2, type: -1 }, 'invalid field type'],
      ];
      for (const [query, message] of cases) {
        const res = await ingest(mac, query);
        expect([res.status, res.body.errorCode, res.body.failureDetails]).toEqual([400, 'AD0400', expect.stringContaining(message)]);
      }
      const badMac = await ingest('not-a-mac', { start: now - 60, duration: 2, type: 0 });
      expect([badMac.status, badMac.body.failureDetails]).toEqual([400, expect.stringContaining('invalid field devId')]);
      const json = await ingest(mac, { start: now - 60, duration: 2, type: 0 }, Buffer.from('{"a":1}'), 'application/json');
      expect([json.status, json.body.failureDetails]).toEqual([400, expect.stringContaining('video/mp2t')]);
      const notTs = await ingest(mac, { start: now - 60, duration: 2, type: 0 }, Buffer.from('hello, not a transport stream'));
      expect([notTs.status, notTs.body.failureDetails]).toEqual([400, expect.stringContaining('not an MPEG transport stream')]);
      const empty = await ingest(mac, { start: now - 60, duration: 2, type: 0 }, Buffer.alloc(0));
      expect(empty.status).toBe(400);
      const tooBig = await ingest(mac, { start: now - 60, duration: 2, type: 0 }, tsNullPackets(Math.ceil(STORAGE_LIMITS.maxSegmentBytes / 188) + 1));
      expect([tooBig.status, tooBig.body.errorCode, tooBig.body.failureDetails]).toEqual([400, 'AD0400', expect.stringContaining(`limit of ${STORAGE_LIMITS.maxSegmentBytes} bytes`)]);
      const wayTooBig = await ingest(mac, { start: now - 60, duration: 2, type: 0 }, tsNullPackets(Math.ceil((2 * STORAGE_LIMITS.maxSegmentBytes) / 188)));
      expect([wayTooBig.status, wayTooBig.body.errorCode, wayTooBig.body.failureDetails]).toEqual([400, 'AD0400', expect.stringContaining(`limit of ${STORAGE_LIMITS.maxSegmentBytes} bytes`)]);
    });

    it('documents the route in OpenAPI with a video/mp2t binary body', async () => {
      const res = await fetch(`${t.adminUrl}/admin/v1/openapi.json`, { headers: { authorization: `Bearer ${t.adminToken}` } });
      const doc = (await res.json()) as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Body }> } }>> };
      const op = doc.paths['/admin/v1/devices/{devId}/segments'].post;
      expect(op.requestBody.content['video/mp2t'].schema).toMatchObject({ type: 'string', format: 'binary', maxLength: STORAGE_LIMITS.maxSegmentBytes });
    });

    if (mode === 'distributed') {
      it('a segment larger than the NATS server takes answers a clear error at once, not a hang', async () => {
        const maxPayload = await natsMaxPayload();
        // Only meaningful while the server's limit is below ours (NATS' default is 1 MiB; production needs ≥ 6 MiB).
        if (maxPayload * 0.75 > STORAGE_LIMITS.maxSegmentBytes) return;
        const { mac } = await owner('Bea Bigsegment');
        const res = await ingest(mac, { start: Math.floor(t.clock.now() / 1000) - 60, duration: 2, type: 0 }, tsNullPackets(Math.ceil(maxPayload / 188)));
        expect([res.status, res.body.errorCode]).toEqual([500, '000099']);
        // Refused before sending (the reason names both sizes), not answered after RPC_TIMEOUT_MS as "did not answer".
        expect(res.body.failureDetails).toMatch(new RegExp(`more than the NATS server's max_payload of ${maxPayload} bytes`));
        expect(res.body.failureDetails).not.toMatch(/did not answer/);
      });
    }
  });

  describe('stream operations (spec 4.5)', () => {
    it('record.date.query lists the UTC hours with recordings, YYYYMMDDTHH0000, oldest first', async () => {
      const { mac, subtoken } = await owner('Dana Dates');
      const today = Math.floor(t.clock.now() / 1000 / DAY) * DAY;
      // Three days ago at 01:00 and 02:00 UTC, and one segment crossing midnight into two days ago (both hours).
      for (const [start, duration] of [
        [today - 3 * DAY + 3600, 10],
        [today - 3 * DAY + 7200, 10],
        [today - 2 * DAY - 5, 10],
      ]) {
        expect((await ingest(mac, { start, duration, type: 1 })).status).toBe(201);
      }
      const hour = (s: number) => new Date(s * 1000).toISOString().slice(0, 13).replace(/-/g, '') + '0000';
      const res = await stream('record.date.query', session(subtoken, mac));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ errorCode: '', failureDetails: '', dateList: [hour(today - 3 * DAY + 3600), hour(today - 3 * DAY + 7200), hour(today - 2 * DAY - 3600), hour(today - 2 * DAY)] });
    });

    it('record.date.query puts every recording on its local day in every time zone, as the playback SDK reads the list', async () => {
      const { mac, subtoken } = await owner('Zoe Zones');
      const today = Math.floor(t.clock.now() / 1000 / DAY) * DAY;
      // 10:00 and 23:30 UTC two days ago: Los Angeles (UTC-8) sees both on that day; Tokyo (UTC+9), the next day.
      const starts = [today - 2 * DAY + 10 * 3600, today - 2 * DAY + 23 * 3600 + 1800];
      for (const start of starts) expect((await ingest(mac, { start, duration: 10, type: 2 })).status).toBe(201);
      const dateList = (await stream('record.date.query', session(subtoken, mac))).body.dateList as string[];
      // What the SDK does: parse yyyyMMdd'T'HHmmss as UTC, then take the day in the phone's zone.
      const sdkLocalDays = (offsetHours: number) =>
        [...new Set(dateList.map((e) => Date.UTC(+e.slice(0, 4), +e.slice(4, 6) - 1, +e.slice(6, 8), +e.slice(9, 11)) + offsetHours * 3_600_000).map((ms) => new Date(ms).toISOString().slice(0, 10)))];
      const actualLocalDays = (offsetHours: number) => [...new Set(starts.map((s) => new Date(s * 1000 + offsetHours * 3_600_000).toISOString().slice(0, 10)))];
      for (const offset of [-8, -5, 0, 5.5, 9, 14]) expect([offset, sdkLocalDays(offset)]).toEqual([offset, actualLocalDays(offset)]);
    });

    it('record.query merges adjacent segments of one type into clips [start, end, type] (strings, epoch seconds) overlapping the range', async () => {
      const { mac, subtoken } = await owner('Quinn Query');
      const T = Math.floor(t.clock.now() / 1000) - 7200;
      for (const [start, duration, type] of [
        [T, 10, 1],
        [T + 10, 10, 1],
        [T + 21, 10, 1], // 1 s gap: still the same clip
        [T + 31, 10, 2], // another event type: a new clip
        [T + 100, 10, 2], // a gap: a new clip
      ]) {
        expect((await ingest(mac, { start, duration, type })).status).toBe(201);
      }
      const all = await stream('record.query', { ...session(subtoken, mac), recordSt: String(T - 60), recordEt: String(T + 600), version: '1.0' });
      expect(all.body).toEqual({
        errorCode: '',
        failureDetails: '',
        recordList: [
          [String(T), String(T + 31), '1'],
          [String(T + 31), String(T + 41), '2'],
          [String(T + 100), String(T + 110), '2'],
        ],
      });
      const iso = (s: number) => new Date(s * 1000).toISOString().replace(/[-:]/g, '').slice(0, 15);
      const part = await stream('record.query', { ...session(subtoken, mac), recordSt: iso(T + 35), recordEt: iso(T + 105), version: 'v2' });
      expect(part.body.recordList).toEqual([
        [String(T + 31), String(T + 41), '2'],
        [String(T + 100), String(T + 110), '2'],
      ]);
      const none = await stream('record.query', { ...session(subtoken, mac), recordSt: String(T + 200), recordEt: String(T + 300), version: '1' });
      expect(none.body).toEqual({ errorCode: '', failureDetails: '', recordList: [] });
    });

    it('record.play returns recordUrl (http) and secureUrl (https) of one signed playlist on the store host: range, expiry, signature', async () => {
      const { mac, subtoken } = await owner('Paula Play');
      const T = Math.floor(t.clock.now() / 1000) - 3600;
      expect((await ingest(mac, { start: T, duration: 2, type: 1 })).status).toBe(201);
      // The platform's clock follows real time: the expiry is counted from a second between these two readings.
      const askedAt = Math.floor(t.clock.now() / 1000);
      const res = await stream('record.play', { ...session(subtoken, mac), recordSt: String(T), version: '1.0' });
      const answeredAt = Math.floor(t.clock.now() / 1000);
      expect(res.body.errorCode).toBe('');
      const recordUrl = new URL(String(res.body.recordUrl));
      const secureUrl = new URL(String(res.body.secureUrl));
      const store = new URL(t.platform.runtime.config.publicStoreUrl);
      expect(recordUrl.protocol).toBe('http:');
      expect(secureUrl.protocol).toBe('https:');
      expect(secureUrl.host).toBe(recordUrl.host);
      expect(recordUrl.host).toBe(store.host);
      expect(secureUrl.pathname + secureUrl.search).toBe(recordUrl.pathname + recordUrl.search);
      expect(recordUrl.pathname).toBe(`/hls/${mac}/index.m3u8`);
      expect(Object.fromEntries(recordUrl.searchParams)).toEqual({
        from: String(T),
        to: String(T + STORAGE_LIMITS.playWindowSeconds),
        expires: expect.stringMatching(/^\d+$/),
        sig: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const expires = Number(recordUrl.searchParams.get('expires'));
      expect(expires).toBeGreaterThanOrEqual(askedAt + STORAGE_LIMITS.playbackUrlTtlSeconds);
      expect(expires).toBeLessThanOrEqual(answeredAt + STORAGE_LIMITS.playbackUrlTtlSeconds);
      // The playlist answers on this edge (the store host is the edge's public surface).
      const playlist = await fetch(new URL(recordUrl.pathname + recordUrl.search, t.baseUrl));
      expect(playlist.status).toBe(200);
      expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      expect(await playlist.text()).toMatch(/^#EXTM3U\n[\s\S]*#EXT-X-ENDLIST\n$/);
    });

    it('accepts a timestamp in milliseconds and the sessionToken in upper-case hex; any MAC spelling of devId', async () => {
      const { mac, subtoken } = await owner('Milli Seconds');
      const ts = String(t.clock.now() + 30_000);
      const res = await stream('record.date.query', { devId: colon(mac).toLowerCase(), timestamp: ts, sessionToken: md5Hex(subtoken + ts, 'upper') });
      expect(res.body).toEqual({ errorCode: '', failureDetails: '', dateList: [] });
    });

    it('answers 000006 naming devId, timestamp (past, now, more than 24 h ahead, not a number), recordSt/recordEt and a missing version (an empty one is accepted: S9)', async () => {
      const { mac, subtoken } = await owner('Eve Errors');
      const nowS = Math.floor(t.clock.now() / 1000);
      const q = { recordSt: String(nowS - 3600), recordEt: String(nowS), version: '1.0' };
      const cases: [string, Record<string, string>, RegExp][] = [
        ['record.date.query', { ...session(subtoken, mac), devId: 'ZZ:ZZ' }, /devId/],
        ['record.date.query', session(subtoken, mac, String(nowS - 5)), /timestamp must be later than server time/],
        ['record.date.query', session(subtoken, mac, String(nowS - 1)), /timestamp/],
        ['record.date.query', session(subtoken, mac, String(nowS + 25 * 3600)), /timestamp must be at most 24 hours/],
        ['record.date.query', session(subtoken, mac, String(t.clock.now() + 25 * 3_600_000)), /timestamp must be at most 24 hours/],
        ['record.date.query', session(subtoken, mac, '12ab'), /timestamp/],
        ['record.query', { ...session(subtoken, mac), ...q, recordSt: 'yesterday' }, /recordSt/],
        ['record.query', { ...session(subtoken, mac), ...q, recordEt: '20261399T000000' }, /recordEt/],
        ['record.query', { ...session(subtoken, mac), ...q, recordSt: String(nowS), recordEt: String(nowS - 1) }, /recordEt must not be earlier/],
        ['record.query', { ...session(subtoken, mac), ...q, recordSt: String(nowS - 32 * DAY) }, /at most 31 days/],
        ['record.query', { ...session(subtoken, mac), recordSt: q.recordSt, recordEt: q.recordEt }, /parameter version is required/],
        ['record.play', { ...session(subtoken, mac), recordSt: 'soon', version: '1.0' }, /recordSt/],
        ['record.play', { ...session(subtoken, mac), recordSt: String(nowS - 3600) }, /version/],
        ['record.play', { ...session(subtoken, mac), recordSt: String(nowS - 3600), version: '1.0' }, /no recording between recordSt/],
      ];
      for (const [service, params, details] of cases) {
        const res = await stream(service, params);
        expect([service, res.status, res.body.errorCode]).toEqual([service, 200, '000006']);
        expect(res.body.failureDetails).toMatch(details);
      }
    });

    it('answers 030040 when the sessionToken is not MD5(owner\'s subtoken + timestamp), 020041 for a device nobody owns', async () => {
      const { mac, subtoken } = await owner('Tom Token');
      const other = await owner('Olga Other');
      const ts = String(Math.floor(t.clock.now() / 1000) + 60);
      const wrong: Record<string, string>[] = [
        { devId: mac, timestamp: ts, sessionToken: md5Hex(other.subtoken + ts) }, // another user's subtoken
        { devId: mac, timestamp: ts, sessionToken: md5Hex(subtoken + String(Number(ts) + 1)) }, // another timestamp
        { devId: mac, timestamp: ts, sessionToken: md5Hex(subtoken + ts).slice(0, 31) }, // not 32 hex digits
        { devId: mac, timestamp: ts, sessionToken: subtoken }, // the subtoken itself
      ];
      for (const params of wrong) {
        for (const service of ['record.date.query', 'record.query', 'record.play']) {
          const res = await stream(service, { ...params, recordSt: ts, recordEt: ts, version: '1' });
          expect([service, res.body.errorCode, res.body.failureDetails]).toEqual([service, '030040', expect.stringContaining('sessionToken does not match')]);
        }
      }
      const nobody = await stream('record.date.query', session(subtoken, newMac()));
      expect([nobody.body.errorCode, nobody.body.failureDetails]).toEqual(['020041', expect.stringContaining('has no owner')]);
    });

    it('the edge checks the catalogue first: a missing sessionToken or an over-long devId is 000006 before storage-service is asked', async () => {
      const res = await stream('record.date.query', { devId: newMac(), timestamp: String(Math.floor(t.clock.now() / 1000) + 60) });
      expect([res.body.errorCode, res.body.failureDetails]).toEqual(['000006', expect.stringContaining('sessionToken')]);
      const long = await stream('record.date.query', { devId: 'A'.repeat(21), timestamp: '1', sessionToken: 'x' });
      expect([long.body.errorCode, long.body.failureDetails]).toEqual(['000006', expect.stringContaining('devId')]);
    });
  });

  describe('retention', () => {
    it('after device.unbound the device\'s recordings are unplayable and purged (rows and objects); a new owner never sees them', async () => {
      const { user, mac, subtoken } = await owner('Uma Unbind');
      const T = Math.floor(t.clock.now() / 1000) - 1800;
      for (const start of [T, T + 2]) expect((await ingest(mac, { start, duration: 2, type: 1 })).status).toBe(201);
      const q = { recordSt: String(T - 10), recordEt: String(T + 10), version: '1.0' };
      expect((await stream('record.query', { ...session(subtoken, mac), ...q })).body.recordList).toEqual([[String(T), String(T + 4), '1']]);
      const play = await stream('record.play', { ...session(subtoken, mac), recordSt: String(T), version: '1.0' });
      const playlistUrl = new URL(String(play.body.recordUrl));
      const local = (u: URL) => new URL(u.pathname + u.search, t.baseUrl);
      const playlist = await (await fetch(local(playlistUrl))).text();
      const segmentUrl = new URL(playlist.split('\n').find((l) => l.startsWith('http'))!);
      expect((await fetch(local(segmentUrl))).status).toBe(200);
      const objectsBefore = await objectCount();

      const from = handled.items.length;
      const unbind = await merchant.post('user_ipc_setting_v2_0.delOemDeviceByMac', user.credentials, { macAddr: mac });
      expect(unbind.body.errorCode).toBe('');
      await consumed(EVENTS.deviceUnbound.subject, from);
      // The previous owner's sessionToken, answered a moment ago from storage-service's kept facts, is refused (RP2).
      for (const service of ['record.play', 'record.query']) {
        expect([service, (await stream(service, { ...session(subtoken, mac), ...q })).body.errorCode]).toEqual([service, '020041']);
      }
      // Unplayable: the playlist and the segment URL (still signed, not expired) are gone.
      const gonePlaylist = await fetch(local(playlistUrl));
      expect([gonePlaylist.status, ((await gonePlaylist.json()) as Body).errorCode]).toEqual([404, '000006']);
      expect((await fetch(local(segmentUrl))).status).toBe(404);
      // Purged: the objects are deleted right after the purge committed.
      await handled.until((items) => items.slice(from).some((i) => i.name === 'dcp_storage_purged_total' && i.labels.kind === 'objects' && i.by >= 2), 'the sweeper deleting the objects', 15_000);
      expect(await objectCount()).toBe(objectsBefore - 2);

      // The same device bound again — by the same user or another — shows nothing of before.
      const next = await merchant.signIn('Nina Next');
      expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', next.credentials, deviceForm(mac))).body.errorCode).toBe('');
      const nextSubtoken = await subtokenOf(next.credentials);
      expect((await stream('record.query', { ...session(nextSubtoken, mac), ...q })).body.recordList).toEqual([]);
      expect((await stream('record.date.query', session(nextSubtoken, mac))).body.dateList).toEqual([]);
      expect((await stream('record.date.query', session(subtoken, mac))).body.errorCode).toBe('030040');
    });

    it('after user.deleted every recording of the user is purged; other users keep theirs', async () => {
      const gone = await owner('Gina Gone');
      const secondMac = newMac();
      expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', gone.user.credentials, deviceForm(secondMac))).body.errorCode).toBe('');
      const kept = await owner('Kim Kept');
      const T = Math.floor(t.clock.now() / 1000) - 900;
      for (const mac of [gone.mac, secondMac, kept.mac]) expect((await ingest(mac, { start: T, duration: 2, type: 4 })).status).toBe(201);
      const objectsBefore = await objectCount();
      const q = { recordSt: String(T - 10), recordEt: String(T + 10), version: '1.0' };
      // storage-service now knows both devices' owner and the user's subtoken (RP1).
      for (const mac of [gone.mac, secondMac]) expect((await stream('record.query', { ...session(gone.subtoken, mac), ...q })).body.recordList).toEqual([[String(T), String(T + 2), '4']]);

      const from = handled.items.length;
      expect((await merchant.deleteUser(gone.user.uuid)).status).toBe(200);
      await consumed(EVENTS.userDeleted.subject, from);
      await handled.until(
        (items) => items.slice(from).filter((i) => i.name === 'dcp_storage_purged_total' && i.labels.kind === 'objects').reduce((n, i) => n + i.by, 0) >= 2,
        'the sweeper deleting the user\'s objects',
        15_000,
      );
      expect(await objectCount()).toBe(objectsBefore - 2);
      for (const mac of [gone.mac, secondMac]) {
        for (const service of ['record.date.query', 'record.query', 'record.play']) {
          expect([service, (await stream(service, { ...session(gone.subtoken, mac), ...q, recordSt: String(T) })).body.errorCode]).toEqual([service, '020041']);
        }
      }
      expect((await stream('record.query', { ...session(kept.subtoken, kept.mac), ...q })).body.recordList).toEqual([[String(T), String(T + 2), '4']]);
    });

    it('serves its dead letters under /admin/v1/dead-letters/storage', async () => {
      const res = await fetch(`${t.adminUrl}/admin/v1/dead-letters/storage`, { headers: { authorization: `Bearer ${t.adminToken}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ items: [], total: 0 });
    });
  });
}

describe('cloud storage (embedded)', () => storageSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'cloud storage (distributed: PostgreSQL + NATS, objects in S3)', () => storageSuite('distributed'));
