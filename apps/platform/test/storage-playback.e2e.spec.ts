/**
 * Real HLS playback end to end: short H.264 MPEG-TS segments made with Debian's ffmpeg are ingested through
 * the admin API, record.play gives the playlist address on the cloud-storage host (`{store_url}`, here a
 * separate host: a plain TCP-level HTTP proxy in front of the edge, as an ingress would be), and ffprobe /
 * ffmpeg — a real player-side client — read the playlist over HTTP, follow its signed segment URLs and
 * decode every frame across the clips' discontinuities. Then the URLs are attacked: query stripped,
 * signature or range tampered with, another device's segment, and expiry — 403 each. Embedded and
 * distributed. Without ffmpeg/ffprobe the suites are skipped loudly, and fail under REQUIRE_INFRA=1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { STORAGE_LIMITS } from '@dcp/contracts';
import { md5Hex } from '@dcp/signing';
import { describeWithInfra, getQuery } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { type StoreHost, describeWithFfmpeg, encodeSegments, startStoreHost } from './hls-media';
import { type Body, MerchantApp, type SignedInUser, deviceForm } from './merchant-app';

const run = promisify(execFile);

function playbackSuite(mode: Mode) {
  let t: TestPlatform;
  let store: StoreHost;
  let merchant: MerchantApp;
  let media: string;
  let ann: { user: SignedInUser; mac: string; subtoken: string };
  let bob: { user: SignedInUser; mac: string; subtoken: string };
  /** Clip 1: three continuous segments (type 1); clip 2: another event type right after; clip 3: after a gap. */
  let T: number;
  let bobSegmentId: string;
  let recordUrl: string;
  let playlist: string;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'dcp-hls-'));
    store = await startStoreHost();
    t = await startTestPlatform(mode, { PUBLIC_STORE_URL: store.url });
    store.target(t.baseUrl);
    merchant = await MerchantApp.register(t);
    ann = await owner('Ann Player', '0A1122334401');
    bob = await owner('Bob Neighbour', '0B1122334402');

    const [motion, alarm, later] = await Promise.all([
      encodeSegments(media, 'motion', 'testsrc', 6),
      encodeSegments(media, 'alarm', 'testsrc2', 2),
      encodeSegments(media, 'later', 'smptebars', 2),
    ]);
    const sizes = [...motion, ...alarm, ...later].map((b) => b.length);
    expect(Math.max(...sizes)).toBeLessThan(700 * 1024); // NATS' default max_payload holds them, base64
    T = Math.floor(t.clock.now() / 1000) - 3600;
    const segments: [string, number, number, Buffer][] = [
      ...motion.map((b, i): [string, number, number, Buffer] => [ann.mac, T + 2 * i, 1, b]),
      [ann.mac, T + 6, 2, alarm[0]],
      [ann.mac, T + 20, 2, later[0]],
    ];
    for (const [mac, start, type, bytes] of segments) {
      const res = await ingest(mac, start, type, bytes);
      expect(res.status).toBe(201);
    }
    const bobs = await ingest(bob.mac, T, 1, alarm[0]);
    bobSegmentId = String(bobs.body.segmentId);
  }, 120_000);

  afterAll(async () => {
    await merchant?.close();
    await t?.close();
    await store?.close();
    if (media) rmSync(media, { recursive: true, force: true });
  });

  async function owner(name: string, mac: string): Promise<{ user: SignedInUser; mac: string; subtoken: string }> {
    const user = await merchant.signIn(name);
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', user.credentials, deviceForm(mac))).body.errorCode).toBe('');
    const info = await merchant.get('center.getServerInfo', user.credentials, { oemCode: 'ACME' });
    return { user, mac, subtoken: String((info.body.data as Body).subtoken) };
  }

  async function ingest(mac: string, start: number, type: number, bytes: Buffer): Promise<{ status: number; body: Body }> {
    const res = await fetch(`${t.adminUrl}/admin/v1/devices/${mac}/segments?start=${start}&duration=2&type=${type}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'video/mp2t' },
      body: bytes,
    });
    return { status: res.status, body: (await res.json()) as Body };
  }

  function stream(service: string, who: { mac: string; subtoken: string }, params: Record<string, string> = {}) {
    const timestamp = String(Math.floor(t.clock.now() / 1000) + 120);
    return getQuery<Body>(store.url, '/stream', { service, devId: who.mac, timestamp, sessionToken: md5Hex(who.subtoken + timestamp), ...params });
  }

  const segmentUrls = (text: string) => text.split('\n').filter((l) => l.startsWith('http'));

  it('lists the recording through the store host: its UTC hour, three clips', async () => {
    const dates = await stream('record.date.query', ann);
    const hour = (s: number) => new Date(s * 1000).toISOString().slice(0, 13).replace(/-/g, '') + '0000';
    // The recording's UTC hour, and the next when it ran past the hour.
    expect(dates.body.dateList).toEqual(Math.floor((T + 22) / 3600) !== Math.floor(T / 3600) ? [hour(T), hour(T + 22)] : [hour(T)]);
    const list = await stream('record.query', ann, { recordSt: String(T - 60), recordEt: String(T + 60), version: '1.0' });
    expect(list.body.recordList).toEqual([
      [String(T), String(T + 6), '1'],
      [String(T + 6), String(T + 8), '2'],
      [String(T + 20), String(T + 22), '2'],
    ]);
    const play = await stream('record.play', ann, { recordSt: String(T), version: '1.0' });
    expect(play.body.errorCode).toBe('');
    recordUrl = String(play.body.recordUrl);
    expect(recordUrl.startsWith(`${store.url}/hls/${ann.mac}/index.m3u8?`)).toBe(true);
    expect(String(play.body.secureUrl)).toBe(recordUrl.replace(/^http:/, 'https:'));
  });

  it('answers a valid HLS media playlist: version, target duration, DISCONTINUITY between clips, signed absolute segment URLs, ENDLIST', async () => {
    const res = await fetch(recordUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    playlist = await res.text();
    const lines = playlist.trimEnd().split('\n');
    expect(lines.slice(0, 5)).toEqual(['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD']);
    expect(lines.at(-1)).toBe('#EXT-X-ENDLIST');
    expect(lines.filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('#EXTINF:'))).toEqual(Array(5).fill('#EXTINF:2.000,'));
    // The DISCONTINUITY tags sit before the 4th and the 5th segment (the starts of clips 2 and 3).
    const kinds = lines.filter((l) => l === '#EXT-X-DISCONTINUITY' || l.startsWith('http')).map((l) => (l.startsWith('http') ? 'S' : 'D'));
    expect(kinds.join('')).toBe('SSSDSDS');
    const expires = new URL(recordUrl).searchParams.get('expires');
    for (const u of segmentUrls(playlist).map((s) => new URL(s))) {
      expect(u.origin).toBe(store.url);
      expect(u.pathname).toMatch(new RegExp(`^/hls/${ann.mac}/segments/[0-9a-f-]{36}\\.ts$`));
      expect(Object.fromEntries(u.searchParams)).toEqual({ expires, sig: expect.stringMatching(/^[0-9a-f]{64}$/) });
    }
  });

  it('ffprobe reads the playlist over HTTP: 10 seconds of H.264', async () => {
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name', '-of', 'json', recordUrl]);
    const probe = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_name: string }[] };
    expect(probe.streams.map((s) => s.codec_name)).toEqual(['h264']);
    expect(Number(probe.format.duration)).toBeGreaterThan(9.5);
    expect(Number(probe.format.duration)).toBeLessThan(10.5);
  });

  it('ffmpeg decodes every frame of every clip (10 s at 10 fps), fetching each signed segment URL', async () => {
    const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', recordUrl, '-map', '0:v:0', '-f', 'framecrc', '-'], { maxBuffer: 16 * 1024 * 1024 });
    const frames = stdout.split('\n').filter((l) => /^\d+,/.test(l));
    expect(frames).toHaveLength(100);
  });

  it('a browser player on another origin may fetch the playlist and segments (CORS on /hls/* only: any origin, GET and HEAD, no credentials)', async () => {
    const origin = 'http://console.example:3001';
    const list = await fetch(recordUrl, { headers: { origin } });
    expect([list.status, list.headers.get('access-control-allow-origin'), list.headers.get('access-control-allow-credentials')]).toEqual([200, '*', null]);
    const segment = await fetch(segmentUrls(playlist)[0], { method: 'HEAD', headers: { origin } });
    expect([segment.status, segment.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    const preflight = await fetch(recordUrl, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin'), preflight.headers.get('access-control-allow-methods')]).toEqual([204, '*', 'GET, HEAD']);
    // A refusal is readable too (the player can tell an expired URL from a network failure).
    const refused = await fetch(recordUrl.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`), { headers: { origin } });
    expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([403, '*']);
    const gateway = await fetch(`${store.url}/gateway?service=cloud_system.current_time`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
    expect(gateway.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a segment URL without its query, with a tampered signature or expiry, or for another device\'s segment is refused (403)', async () => {
    const [first] = segmentUrls(playlist).map((s) => new URL(s));
    const get = async (u: URL | string) => {
      const res = await fetch(u);
      return { status: res.status, body: res.status === 200 ? undefined : ((await res.json()) as Body) };
    };
    expect((await get(first)).status).toBe(200);

    const stripped = new URL(first.pathname, store.url);
    expect(await get(stripped)).toEqual({ status: 403, body: { errorCode: '000006', failureDetails: 'playback URL is not signed (expires and sig are required)' } });

    const sig = first.searchParams.get('sig')!;
    const tampered = new URL(first);
    tampered.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    expect(await get(tampered)).toEqual({ status: 403, body: { errorCode: '000006', failureDetails: 'signature does not match' } });

    const longer = new URL(first);
    longer.searchParams.set('expires', String(Number(first.searchParams.get('expires')) + 86400));
    expect((await get(longer)).status).toBe(403);

    // Device A's signed URL shape with device B's segment id, and B's path with A's signed segment.
    const bobsSegment = new URL(first);
    bobsSegment.pathname = first.pathname.replace(/[0-9a-f-]{36}\.ts$/, `${bobSegmentId}.ts`);
    expect(await get(bobsSegment)).toEqual({ status: 403, body: { errorCode: '000006', failureDetails: 'signature does not match' } });
    const onBobsDevice = new URL(first);
    onBobsDevice.pathname = first.pathname.replace(ann.mac, bob.mac);
    expect((await get(onBobsDevice)).status).toBe(403);

    // The playlist's own range and device are signed too.
    const wider = new URL(recordUrl);
    wider.searchParams.set('to', String(Number(wider.searchParams.get('to')) + 1));
    expect((await get(wider)).status).toBe(403);
    const otherDevice = new URL(recordUrl);
    otherDevice.pathname = otherDevice.pathname.replace(ann.mac, bob.mac);
    expect((await get(otherDevice)).status).toBe(403);
    const noQuery = new URL(recordUrl);
    noQuery.search = '';
    expect((await get(noQuery)).status).toBe(403);
  });

  it('after the expiry (1 hour) the playlist and its segment URLs answer 403 "playback URL expired"; a new record.play plays again', async () => {
    const [first] = segmentUrls(playlist);
    t.clock.advance(STORAGE_LIMITS.playbackUrlTtlSeconds + 1);
    for (const u of [recordUrl, first]) {
      const res = await fetch(u);
      expect([res.status, await res.json()]).toEqual([403, { errorCode: '000006', failureDetails: 'playback URL expired' }]);
    }
    const again = await stream('record.play', ann, { recordSt: String(T), version: '1.0' });
    const res = await fetch(String(again.body.recordUrl));
    expect(res.status).toBe(200);
    const fresh = segmentUrls(await res.text());
    expect(fresh).toHaveLength(5);
    expect((await fetch(fresh[0])).status).toBe(200);
  });
}

describeWithFfmpeg('HLS playback with ffmpeg (embedded)', () => playbackSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'HLS playback with ffmpeg (distributed: PostgreSQL + NATS)', () => {
  describeWithFfmpeg('ffmpeg', () => playbackSuite('distributed'));
});
