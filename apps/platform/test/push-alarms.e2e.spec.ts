/**
 * Alarms into the message center, end to end (README "Alarms and the message center", decisions PS1–PS6): a
 * camera configured with its owner's push `tag` and `sendMsgUrl` posts signed alarms with a JPEG; storm control
 * merges one device's alarms of one type; the app lists, counts, reads (the picture too), marks read and
 * deletes its messages; every refusal stores nothing; unbinding and user deletion stop the next alarm and
 * purge the messages — in embedded and distributed mode.
 */
import { EVENTS } from '@dcp/contracts';
import { Collector, describeWithInfra, onIncrement } from '@dcp/testing';
import { ALARM_PATH, signAlarm } from '@dcp/signing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { type Body, type Credentials, MerchantApp, deviceForm } from './merchant-app';

const PER_DEVICE_PER_MINUTE = 6;
/** A tiny JPEG: SOI, an APP0 marker's start, some bytes, EOI (push-service checks the SOI marker and the size). */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x02, 0x03, 0xff, 0xd9]);
let macCounter = 0;
function newMac(): string {
  macCounter++;
  return `AB${Date.now().toString(16).slice(-4)}${macCounter.toString(16).padStart(6, '0')}`.toUpperCase();
}

interface AlarmAnswer {
  status: number;
  headers: Headers;
  body: Body;
}

function pushSuite(mode: Mode) {
  let t: TestPlatform;
  let merchant: MerchantApp;
  const handled = new Collector<{ name: string; labels: Record<string, string> }>();
  /** alarm.received as an internal consumer sees it (a live subscription to the platform's events). */
  const received = new Collector<Body>();

  beforeAll(async () => {
    t = await startTestPlatform(mode, { PUSH_ALARMS_PER_DEVICE_PER_MINUTE: String(PER_DEVICE_PER_MINUTE), PUSH_ALARM_COOLDOWN_SECONDS: '60' });
    onIncrement(t.platform.runtime.metrics, (name, labels) => {
      if (name === 'dcp_events_consumed_total') handled.push({ name, labels });
    });
    merchant = await MerchantApp.register(t);
    await t.platform.runtime.events.subscribe([EVENTS.alarmReceived.subject], (envelope) => received.push(envelope.data as Body));
  });
  afterAll(async () => {
    await merchant?.close();
    await t?.close();
  });

  const now = () => Math.floor(t.clock.now() / 1000);
  const consumed = (subject: string, from: number) =>
    handled.until((items) => items.slice(from).some((i) => i.labels.service === 'push' && i.labels.subject === subject && i.labels.outcome === 'applied'), `push applying ${subject}`, 15_000);

  /** A signed-in user with a bound device, and the push tag and sendMsgUrl their app reads (center.getServerInfo). */
  async function userWithCamera(name: string, mac = newMac()) {
    const user = await merchant.signIn(name);
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', user.credentials, deviceForm(mac))).body.errorCode).toBe('');
    const info = (await merchant.get('center.getServerInfo', user.credentials, { oemCode: '' })).body.data as Body;
    return { user, mac, tag: String(info.tag), sendMsgUrl: String(info.sendMsgUrl), url: String(info.url) };
  }

  /** A camera's alarm as the protocol says: the values in the query, signed with `tag`, the JPEG (if any) as the body. */
  async function postAlarm(o: { mac: string; tag: string; type?: number; time?: number; timestamp?: number; picture?: Buffer; contentType?: string; signature?: string }): Promise<AlarmAnswer> {
    const values = { mac: o.mac, type: String(o.type ?? 1), time: String(o.time ?? now() - 1), timestamp: String(o.timestamp ?? now()) };
    const signature = o.signature ?? signAlarm(o.tag, { ...values, picture: o.picture });
    const res = await fetch(`${t.baseUrl}${ALARM_PATH}?${new URLSearchParams({ ...values, signature })}`, {
      method: 'POST',
      headers: o.picture ? { 'content-type': o.contentType ?? 'image/jpeg' } : {},
      body: o.picture ? new Uint8Array(o.picture) : undefined,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
  }

  const list = async (who: Credentials, params: Record<string, string> = {}) => {
    const res = await merchant.get('push_message.list', who, params);
    expect(res.body.errorCode).toBe('');
    return res.body.data as { total: number; list: Body[] };
  };
  const unread = async (who: Credentials, params: Record<string, string> = {}) => Number(((await merchant.get('push_message.unread_count', who, params)).body.data as Body).unread);

  it('getServerInfo hands the app the push tag, the alarm address and the message center address', async () => {
    const { tag, sendMsgUrl, url } = await userWithCamera('Polly Push');
    expect(tag).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(sendMsgUrl).toMatch(/^http:\/\/.+\/push\/v1\/alarms$/);
    expect(url).toMatch(/^https?:\/\/.+\/gateway$/);
  });

  it('the camera loop: an alarm with a picture becomes a message; storm control merges the next ones of that type; the app lists, reads the picture, marks read and deletes', async () => {
    const { user, mac, tag } = await userWithCamera('Mona Motion');
    // The alarms' times, fixed once: the test clock moves on with real time.
    const at = now();
    const first = await postAlarm({ mac, tag, type: 1, picture: JPEG, time: at - 30 });
    expect([first.status, first.body.errorCode]).toEqual([201, '000000']);
    expect(first.body.data).toMatchObject({ devId: mac, type: 1, count: 1, merged: false });
    const merged = await postAlarm({ mac, tag, type: 1, time: at - 20 });
    expect([merged.status, merged.body.data]).toEqual([200, { messageId: (first.body.data as Body).messageId, devId: mac, type: 1, count: 2, merged: true }]);
    const sound = await postAlarm({ mac, tag, type: 2, time: at - 10 });
    expect(sound.status).toBe(201);
    // Each accepted alarm is announced (alarm.received, through push-service's outbox).
    const messageId = (first.body.data as Body).messageId;
    const announced = await received.until((items) => items.filter((e) => e.macAddr === mac).length === 3, 'three alarm.received of the device');
    expect(announced.filter((e) => e.macAddr === mac)).toEqual([
      { messageId, userId: expect.any(Number), macAddr: mac, type: 1, time: at - 30, count: 1, merged: false, hasPicture: true },
      { messageId, userId: expect.any(Number), macAddr: mac, type: 1, time: at - 20, count: 2, merged: true, hasPicture: true },
      { messageId: (sound.body.data as Body).messageId, userId: expect.any(Number), macAddr: mac, type: 2, time: at - 10, count: 1, merged: false, hasPicture: false },
    ]);

    const page = await list(user.credentials);
    expect(page.total).toBe(2);
    expect(page.list.map((m) => [m.type, m.count, m.read])).toEqual([
      [2, 1, false],
      [1, 2, false],
    ]);
    const motion = page.list[1];
    expect(motion).toMatchObject({ devId: mac, time: at - 30, lastTime: at - 20, recordSt: at - 40 });
    expect(page.list[0].pictureUrl).toBe('');
    // The picture, as the app reads it from the signed URL; altered, it is refused.
    const picture = await fetch(String(motion.pictureUrl).replace(/^https?:\/\/[^/]+/, t.baseUrl));
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(JPEG);
    // Flip the signature's first character (overwriting it with a fixed one left it unchanged 1 time in 16).
    const tamperedUrl = new URL(String(motion.pictureUrl).replace(/^https?:\/\/[^/]+/, t.baseUrl));
    const sig = String(tamperedUrl.searchParams.get('sig'));
    tamperedUrl.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    expect(tamperedUrl.searchParams.get('sig')).not.toBe(sig);
    const tampered = await fetch(tamperedUrl);
    expect(tampered.status).toBe(403);

    expect((await list(user.credentials, { type: '1' })).list.map((m) => m.messageId)).toEqual([motion.messageId]);
    expect((await list(user.credentials, { devId: mac.toLowerCase(), pageSize: '1', page: '2' })).list.map((m) => m.messageId)).toEqual([motion.messageId]);
    expect(await unread(user.credentials)).toBe(2);
    const marked = await merchant.post('push_message.mark_read', user.credentials, { messageIds: String(motion.messageId) });
    expect(marked.body.data).toEqual({ updated: 1 });
    expect(await unread(user.credentials)).toBe(1);
    // A new alarm merged into a read message makes it unread again.
    await postAlarm({ mac, tag, type: 1 });
    expect(await unread(user.credentials, { devId: mac })).toBe(2);
    expect((await merchant.post('push_message.mark_read', user.credentials, { all: '1' })).body.data).toEqual({ updated: 2 });
    expect(await unread(user.credentials)).toBe(0);

    expect((await merchant.post('push_message.delete', user.credentials, { messageIds: String(motion.messageId) })).body.data).toEqual({ deleted: 1 });
    expect((await list(user.credentials)).total).toBe(1);
    const gone = await fetch(String(motion.pictureUrl).replace(/^https?:\/\/[^/]+/, t.baseUrl));
    expect(gone.status).toBe(404);
  });

  it('another user\'s message ids read, mark and delete nothing; bad ids and pages are 000006', async () => {
    const owner = await userWithCamera('Otto Owner');
    const stored = await postAlarm({ mac: owner.mac, tag: owner.tag, type: 3 });
    const id = String((stored.body.data as Body).messageId);
    const other = await merchant.signIn('Ivy Intruder');
    expect((await merchant.post('push_message.mark_read', other.credentials, { messageIds: id })).body.data).toEqual({ updated: 0 });
    expect((await merchant.post('push_message.delete', other.credentials, { messageIds: id })).body.data).toEqual({ deleted: 0 });
    expect((await list(other.credentials)).total).toBe(0);
    expect(await unread(owner.user.credentials)).toBe(1);
    for (const [operation, params, names] of [
      ['push_message.delete', { messageIds: 'not-an-id' }, 'messageIds'],
      ['push_message.mark_read', {}, 'messageIds'],
    ] as const) {
      const res = await merchant.post(operation, owner.user.credentials, params);
      expect([res.body.errorCode, String(res.body.failureDetails)]).toEqual(['000006', expect.stringContaining(names)]);
    }
    for (const [params, name] of [
      [{ pageSize: '101' }, 'pageSize'],
      [{ page: '0' }, 'page'],
      [{ startTime: '99999999999999999' }, 'startTime'],
      [{ endTime: '-5' }, 'endTime'],
    ] as const) {
      const page = await merchant.get('push_message.list', owner.user.credentials, params);
      expect([page.body.errorCode, String(page.body.failureDetails)]).toEqual(['000006', expect.stringContaining(name)]);
    }
  });

  it('refuses, storing nothing: another user\'s tag, bad parameters, a skewed clock (with serverTime), a picture that is not JPEG or too large; a device over its rate gets CR0429 with Retry-After', async () => {
    const { user, mac, tag } = await userWithCamera('Rita Refused');
    const stranger = await userWithCamera('Sam Stranger');
    const expectRefused = async (answer: Promise<AlarmAnswer>, status: number, code: string) => {
      const before = now();
      const { status: got, body } = await answer;
      expect([got, body.errorCode]).toEqual([status, code]);
      // The server's time when it answered: between the test clock's before and after (it moves with real time).
      expect(Number(body.serverTime)).toBeGreaterThanOrEqual(before - 1);
      expect(Number(body.serverTime)).toBeLessThanOrEqual(now());
    };
    await expectRefused(postAlarm({ mac, tag: stranger.tag }), 401, 'CR0401');
    await expectRefused(postAlarm({ mac: stranger.mac, tag }), 401, 'CR0401');
    await expectRefused(postAlarm({ mac, tag, signature: 'f'.repeat(64) }), 401, 'CR0401');
    await expectRefused(postAlarm({ mac: 'not-a-mac', tag }), 400, 'CR0400');
    await expectRefused(postAlarm({ mac, tag, type: 70_000 }), 400, 'CR0400');
    await expectRefused(postAlarm({ mac, tag, time: now() - 2 * 86_400 }), 400, 'CR0400');
    await expectRefused(postAlarm({ mac, tag, timestamp: now() - 3600 }), 401, 'CR0402');
    await expectRefused(postAlarm({ mac, tag, picture: Buffer.from('GIF89a not a jpeg') }), 415, 'CR0416');
    await expectRefused(postAlarm({ mac, tag, picture: JPEG, contentType: 'image/png' }), 415, 'CR0416');
    await expectRefused(postAlarm({ mac, tag, picture: Buffer.concat([JPEG, Buffer.alloc(512 * 1024)]) }), 413, 'CR0413');
    expect((await list(user.credentials)).total).toBe(0);

    // Each a new message (other types), so none is merged: the device's rate counts posts.
    for (let type = 10; type < 10 + PER_DEVICE_PER_MINUTE; type++) expect((await postAlarm({ mac, tag, type })).status).toBe(201);
    const limited = await postAlarm({ mac, tag, type: 99 });
    expect([limited.status, limited.body.errorCode]).toEqual([429, 'CR0429']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await list(user.credentials)).total).toBe(PER_DEVICE_PER_MINUTE);
  });

  it('unbinding stops the next alarm and purges the device\'s messages; user deletion purges the rest', async () => {
    const { user, mac, tag } = await userWithCamera('Ulla Unbind');
    const second = newMac();
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', user.credentials, deviceForm(second))).body.errorCode).toBe('');
    expect((await postAlarm({ mac, tag })).status).toBe(201);
    expect((await postAlarm({ mac: second, tag, type: 4 })).status).toBe(201);

    let from = handled.items.length;
    expect((await merchant.post('user_ipc_setting_v2_0.delOemDeviceByMac', user.credentials, { macAddr: mac })).body.errorCode).toBe('');
    const next = await postAlarm({ mac, tag });
    expect([next.status, next.body.errorCode]).toEqual([401, 'CR0401']);
    await consumed('dcp.device.device.unbound.v1', from);
    expect((await list(user.credentials)).list.map((m) => m.devId)).toEqual([second]);

    from = handled.items.length;
    expect((await merchant.deleteUser(user.uuid)).status).toBe(200);
    await consumed('dcp.sso.user.deleted.v1', from);
    const after = await postAlarm({ mac: second, tag });
    expect([after.status, after.body.errorCode]).toEqual([401, 'CR0401']);
  });
}

describe('alarms and the message center (embedded)', () => pushSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'alarms and the message center (distributed: PostgreSQL + NATS)', () => pushSuite('distributed'));
