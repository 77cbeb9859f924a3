/**
 * Alarms to the phone, end to end (README "Alarms and the message center", decisions PS8–PS11): an operator sets a
 * merchant's FCM, APNs and push-server credentials; the app registers its endpoints; a camera's alarm with a
 * picture reaches the local FCM server (OAuth 2 token exchange, then messages:send), the local APNs server (HTTP/2
 * over TLS, ES256 provider token) and the merchant's push server (a form signed with the merchant's secret) —
 * each checking what it receives as the real one does. Storm merging pushes once; switches keep alarms off the
 * phone; an unregistered token removes its endpoint; a push server outage is retried until it answers; a
 * merchant without credentials gets dead letters an operator replays — in embedded and distributed mode.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENTS } from '@dcp/contracts';
import { ALARM_PATH, signAlarm } from '@dcp/signing';
import { ApnsTestServer, Collector, FcmTestServer, describeWithInfra } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { type Body, type Credentials, MerchantApp, admin, deviceForm } from './merchant-app';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x02, 0x03, 0xff, 0xd9]);
const BUNDLE_ID = 'com.acme.cams';
let counter = 0;
const unique = () => `${Date.now().toString(16).slice(-5)}${(++counter).toString(16).padStart(5, '0')}`.toUpperCase();
const newMac = () => `AC${unique()}`;
const fcmToken = () => `fcm-${unique()}:APA91b${'x'.repeat(120)}`;
const apnsToken = () => `${unique().toLowerCase().padStart(16, '0')}${'ab'.repeat(24)}`;

function deliverySuite(mode: Mode) {
  let t: TestPlatform;
  let merchant: MerchantApp;
  const fcm = new FcmTestServer();
  const apns = new ApnsTestServer();
  const caDir = mkdtempSync(join(tmpdir(), 'dcp-push-ca-'));
  /** alarm.delivered and alarm.failed as an internal consumer sees them. */
  const delivered = new Collector<Body>();
  const failed = new Collector<Body>();

  beforeAll(async () => {
    await Promise.all([fcm.start(), apns.start()]);
    apns.registerTopic(BUNDLE_ID);
    const caFile = join(caDir, 'providers-ca.pem');
    writeFileSync(caFile, apns.caPem);
    t = await startTestPlatform(mode, {
      PUSH_FCM_BASE_URL: fcm.baseUrl,
      PUSH_FCM_TOKEN_URL: fcm.tokenUrl,
      PUSH_APNS_SANDBOX_URL: apns.origin,
      PUSH_APNS_PRODUCTION_URL: apns.origin,
      PUSH_PROVIDER_CA_FILE: caFile,
      PUSH_DELIVERY_POLL_MS: '100',
      PUSH_ALARM_COOLDOWN_SECONDS: '60',
    });
    await t.platform.runtime.events.subscribe([EVENTS.alarmDelivered.subject], (e) => delivered.push(e.data as Body));
    await t.platform.runtime.events.subscribe([EVENTS.alarmDeliveryFailed.subject], (e) => failed.push(e.data as Body));
    merchant = await MerchantApp.register(t);
    // The merchant's push server checks every push's signature with the merchant's secret.
    merchant.site.configureSignature({ clientSecret: merchant.clientSecret, clientId: merchant.clientId, requireSignature: true });
    const account = await fcm.serviceAccount();
    const key = await apns.signingKey();
    expect((await admin(t, 'PUT', `/push/merchants/${merchant.clientId}/providers/fcm`, account)).status).toBe(200);
    expect((await admin(t, 'PUT', `/push/merchants/${merchant.clientId}/providers/apns`, { ...key, bundleId: BUNDLE_ID, environment: 'sandbox' })).status).toBe(200);
    expect((await admin(t, 'PUT', `/push/merchants/${merchant.clientId}/providers/webhook`, { url: `${merchant.site.url}/push` })).status).toBe(200);
  });
  afterAll(async () => {
    await merchant?.close();
    await t?.close();
    await Promise.all([fcm.stop(), apns.stop()]);
    rmSync(caDir, { recursive: true, force: true });
  });

  const now = () => Math.floor(t.clock.now() / 1000);

  async function postAlarm(o: { mac: string; tag: string; type: number; picture?: Buffer }): Promise<Body> {
    const values = { mac: o.mac, type: String(o.type), time: String(now() - 1), timestamp: String(now()) };
    const signature = signAlarm(o.tag, { ...values, picture: o.picture });
    const res = await fetch(`${t.baseUrl}${ALARM_PATH}?${new URLSearchParams({ ...values, signature })}`, {
      method: 'POST',
      headers: o.picture ? { 'content-type': 'image/jpeg' } : {},
      body: o.picture ? new Uint8Array(o.picture) : undefined,
    });
    const body = (await res.json()) as Body;
    expect(body.errorCode).toBe('000000');
    return body.data as Body;
  }

  /** A signed-in user with a camera, and endpoints on the three providers. */
  async function userWithPhones(name: string) {
    const user = await merchant.signIn(name);
    const mac = newMac();
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', user.credentials, deviceForm(mac))).body.errorCode).toBe('');
    const info = (await merchant.get('center.getServerInfo', user.credentials, { oemCode: '' })).body.data as Body;
    const tokens = { fcm: fcmToken(), apns: apnsToken(), webhook: `recipient-${unique()}` };
    apns.registerDevice(tokens.apns, BUNDLE_ID);
    for (const [provider, token] of Object.entries(tokens)) {
      const registered = await merchant.post('push_endpoint.register', user.credentials, { provider, token });
      expect([registered.body.errorCode, (registered.body.data as Body).provider]).toEqual(['', provider]);
    }
    return { user, mac, tag: String(info.tag), tokens };
  }

  const endpoints = async (who: Credentials) => ((await merchant.get('push_endpoint.list', who)).body.data as { list: Body[] }).list;

  it('an alarm with a picture reaches FCM, APNs and the merchant\'s push server, each as its protocol says', async () => {
    const { user, mac, tag, tokens } = await userWithPhones('Paula Phones');
    const { messageId } = await postAlarm({ mac, tag, type: 1, picture: JPEG });

    const [fcmMessage] = await fcm.waitForMessages((m) => m.message.token === tokens.fcm, 1, 15_000);
    expect(fcmMessage.message).toMatchObject({
      notification: { title: 'Motion detected', body: `Camera ${mac}`, image: expect.stringContaining(`/push/v1/pictures/${messageId}.jpg?expires=`) },
      data: { messageId, devId: mac, type: '1', count: '1' },
      android: { priority: 'HIGH', collapse_key: messageId },
    });
    const [notification] = await apns.waitForNotifications((n) => n.token === tokens.apns, 1, 15_000);
    expect(notification.topic).toBe(BUNDLE_ID);
    expect(notification.headers).toMatchObject({ 'apns-push-type': 'alert', 'apns-collapse-id': messageId });
    expect(notification.payload).toMatchObject({ aps: { alert: { title: 'Motion detected', body: `Camera ${mac}` }, 'mutable-content': 1 }, messageId, devId: mac });
    const [push] = await merchant.site.pushes.waitFor((p) => p.some((x) => x.params.token === tokens.webhook), 'the push server receiving the push');
    const webhookPush = merchant.site.pushes.received().find((x) => x.params.token === tokens.webhook)!;
    expect(push).toBeDefined();
    expect(webhookPush.verified).toBe(true);
    expect(webhookPush.params).toMatchObject({ messageId, devId: mac, type: '1', uuid: user.uuid, title: 'Motion detected' });

    // The picture of the push, as the phone fetches it.
    const picture = await fetch(String(fcmMessage.message.notification?.image).replace(/^https?:\/\/[^/]+/, t.baseUrl));
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(JPEG);

    // Each delivery is announced, and the endpoints know when they last got a push.
    const events = await delivered.until((items) => items.filter((e) => e.messageId === messageId).length === 3, 'three alarm.delivered');
    expect(events.filter((e) => e.messageId === messageId).map((e) => e.provider).sort()).toEqual(['apns', 'fcm', 'webhook']);
    expect((await endpoints(user.credentials)).every((e) => Number(e.lastDeliveredAt) > 0)).toBe(true);

    // The operator sees the device's alarm with its three deliveries sent, and the merchant's health; never a key.
    const alarms = await admin(t, 'GET', `/push/devices/${mac}/alarms`);
    expect((alarms.body.items as Body[])[0]).toMatchObject({ messageId, type: 1, deliveries: expect.arrayContaining([expect.objectContaining({ provider: 'fcm', state: 'sent', attempts: 1 })]) });
    const view = await admin(t, 'GET', `/push/merchants/${merchant.clientId}`);
    expect(JSON.stringify(view.body)).not.toContain('PRIVATE KEY');
    expect((view.body.health as Body[]).map((h) => [h.provider, Number(h.sent) >= 1, h.breaker])).toEqual([
      ['fcm', true, 'closed'],
      ['apns', true, 'closed'],
      ['webhook', true, 'closed'],
    ]);

    // Prometheus sees the deliveries by provider and outcome, their latency, and the backlog.
    const scraped = await (await fetch(new URL('/metrics', t.baseUrl))).text();
    for (const provider of ['fcm', 'apns', 'webhook']) {
      expect(scraped).toMatch(new RegExp(`dcp_push_deliveries_total\\{provider="${provider}",outcome="sent"\\} [1-9]`));
      expect(scraped).toMatch(new RegExp(`dcp_push_delivery_seconds_count\\{provider="${provider}"\\} [1-9]`));
      expect(scraped).toMatch(new RegExp(`dcp_push_deliveries_pending\\{provider="${provider}"\\} \\d`));
    }
  });

  it('a storm is pushed once; a switched-off type stays in the message center only', async () => {
    const { user, mac, tag, tokens } = await userWithPhones('Stormy Sam');
    const first = await postAlarm({ mac, tag, type: 1 });
    const merged = await postAlarm({ mac, tag, type: 1 });
    expect(merged).toMatchObject({ messageId: first.messageId, merged: true, count: 2 });
    const off = await merchant.post('push_switch.set', user.credentials, { devId: mac.toLowerCase(), type: 4, enabled: 0 });
    expect(off.body.data).toEqual({ devId: mac, type: 4, enabled: false });
    const doorbell = await postAlarm({ mac, tag, type: 4 });
    const sound = await postAlarm({ mac, tag, type: 2 });

    await merchant.site.pushes.waitFor((p) => p.some((x) => x.params.messageId === sound.messageId), 'the sound alarm pushed');
    await delivered.until((items) => items.filter((e) => e.messageId === sound.messageId || e.messageId === first.messageId).length === 6, 'both messages delivered to three endpoints');
    const pushedMessages = merchant.site.pushes.received().filter((p) => p.params.devId === mac).map((p) => p.params.messageId);
    expect(pushedMessages.sort()).toEqual([first.messageId, sound.messageId].sort());
    expect(fcm.messages.filter((m) => m.message.token === tokens.fcm)).toHaveLength(2);
    // The doorbell is in the message center, with no delivery.
    const listed = ((await merchant.get('push_message.list', user.credentials)).body.data as { list: Body[] }).list;
    expect(listed.map((m) => m.messageId)).toContain(doorbell.messageId);
    const alarms = (await admin(t, 'GET', `/push/devices/${mac}/alarms`)).body.items as Body[];
    expect(alarms.find((a) => a.messageId === doorbell.messageId)?.deliveries).toEqual([]);
    expect(((await merchant.get('push_switch.list', user.credentials)).body.data as Body).list).toEqual([{ devId: mac, type: 4, enabled: false }]);
  });

  it('an unregistered token removes its endpoint; the other phones still get the alarm', async () => {
    const { user, mac, tag, tokens } = await userWithPhones('Uma Unregistered');
    fcm.unregister(tokens.fcm);
    apns.unregister(tokens.apns);
    const { messageId } = await postAlarm({ mac, tag, type: 3 });
    const failures = await failed.until((items) => items.filter((e) => e.messageId === messageId).length === 2, 'two alarm.failed');
    expect(failures.filter((e) => e.messageId === messageId).map((e) => [e.provider, e.reason]).sort()).toEqual([
      ['apns', 'invalid_token'],
      ['fcm', 'invalid_token'],
    ]);
    await merchant.site.pushes.waitFor((p) => p.some((x) => x.params.messageId === messageId), 'the push server still getting it');
    expect((await endpoints(user.credentials)).map((e) => e.provider)).toEqual(['webhook']);
  });

  it('a push server outage is retried (Retry-After honoured) until it answers; nothing is pushed twice', async () => {
    const { mac, tag, tokens } = await userWithPhones('Otto Outage');
    const before = merchant.site.pushes.requests;
    merchant.site.pushes.setOutage({ status: 503, retryAfterSeconds: 1 });
    const { messageId } = await postAlarm({ mac, tag, type: 1 });
    await merchant.site.pushes.waitFor(() => merchant.site.pushes.requests >= before + 1, 'a push refused during the outage');
    merchant.site.pushes.setOutage(null);
    await merchant.site.pushes.waitFor((p) => p.some((x) => x.params.messageId === messageId), 'the push after the outage');
    const [event] = await delivered.until((items) => items.some((e) => e.messageId === messageId && e.provider === 'webhook'), 'alarm.delivered after retries');
    expect(event).toBeDefined();
    const webhookEvent = delivered.items.find((e) => e.messageId === messageId && e.provider === 'webhook')!;
    expect(Number(webhookEvent.attempts)).toBeGreaterThanOrEqual(2);
    expect(merchant.site.pushes.received().filter((p) => p.params.token === tokens.webhook).map((p) => p.arrivals)).toEqual([1]);
  });

  it('without credentials a delivery is a dead letter; set again, the operator replays it', async () => {
    const { mac, tag, tokens } = await userWithPhones('Dora Dead');
    expect((await admin(t, 'DELETE', `/push/merchants/${merchant.clientId}/providers/webhook`)).status).toBe(200);
    try {
      const { messageId } = await postAlarm({ mac, tag, type: 1 });
      const [dead] = (await failed.until((items) => items.some((e) => e.messageId === messageId && e.provider === 'webhook'), 'the webhook delivery dead')).filter(
        (e) => e.messageId === messageId && e.provider === 'webhook',
      );
      expect(dead).toMatchObject({ reason: 'rejected', error: expect.stringContaining('has no webhook credentials') });
      const deadLetters = await admin(t, 'GET', `/push/deliveries?clientId=${merchant.clientId}&state=dead&messageId=${String(messageId)}`);
      expect(deadLetters.body.total).toBe(1);
      expect((await admin(t, 'PUT', `/push/merchants/${merchant.clientId}/providers/webhook`, { url: `${merchant.site.url}/push` })).status).toBe(200);
      const replay = await admin(t, 'POST', `/push/deliveries/${String((deadLetters.body.items as Body[])[0].deliveryId)}/replay`);
      expect([replay.status, replay.body.state]).toEqual([200, 'pending']);
      await merchant.site.pushes.waitFor((p) => p.some((x) => x.params.messageId === messageId && x.params.token === tokens.webhook), 'the replayed push');
    } finally {
      await admin(t, 'PUT', `/push/merchants/${merchant.clientId}/providers/webhook`, { url: `${merchant.site.url}/push` });
    }
  });

  it('an operator\'s wrong credentials are refused naming the field, never echoing a key; an unknown merchant is not found', async () => {
    const key = await apns.signingKey();
    const path = `/push/merchants/${merchant.clientId}/providers`;
    const garbage = await admin(t, 'PUT', `${path}/fcm`, { projectId: 'p', clientEmail: 'push@p.iam.gserviceaccount.com', privateKey: `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(120)}\n-----END PRIVATE KEY-----` });
    expect([garbage.status, garbage.body.errorCode, garbage.body.failureDetails]).toEqual([400, 'AD0400', 'invalid field privateKey: not a PEM private key']);
    // An APNs key (EC) where FCM needs a service account's RSA key.
    const wrongKind = await admin(t, 'PUT', `${path}/fcm`, { projectId: 'p', clientEmail: 'push@p.iam.gserviceaccount.com', privateKey: key.privateKey });
    expect([wrongKind.status, wrongKind.body.failureDetails]).toEqual([400, 'invalid field privateKey: a service account key is an RSA key']);
    expect(JSON.stringify(wrongKind.body)).not.toContain(key.privateKey.split('\n')[1]);
    const badTeam = await admin(t, 'PUT', `${path}/apns`, { ...key, teamId: 'lower', bundleId: BUNDLE_ID, environment: 'sandbox' });
    expect([badTeam.status, badTeam.body.failureDetails]).toEqual([400, 'invalid field teamId: is 10 upper-case letters or digits']);
    expect((await admin(t, 'PUT', `${path}/sms`, { url: 'https://x.example' })).status).toBe(400);
    expect((await admin(t, 'PUT', '/push/merchants/no-such-merchant/providers/webhook', { url: 'https://x.example/push' })).status).toBe(404);
    // The merchant's working credentials were not touched by the refusals.
    const view = await admin(t, 'GET', `/push/merchants/${merchant.clientId}`);
    expect((view.body.providers as Body[]).map((p) => p.provider)).toEqual(['apns', 'fcm', 'webhook']);
  });

  it('registration refuses what cannot be pushed: an unknown provider, a malformed token, a provider the merchant has not set up', async () => {
    const other = await MerchantApp.register(t, 'Bare Brand');
    try {
      const user = await other.signIn('Nina Noprovider');
      const refused = await other.post('push_endpoint.register', user.credentials, { provider: 'fcm', token: fcmToken() });
      expect(refused.body.errorCode).toBe('PS0412');
      const unknown = await other.post('push_endpoint.register', user.credentials, { provider: 'sms', token: 'x'.repeat(30) });
      expect([unknown.body.errorCode, unknown.body.failureDetails]).toEqual(['000006', expect.stringContaining('provider')]);
    } finally {
      await other.close();
    }
    const { user, tokens } = await userWithPhones('Tina Tokens');
    const malformed = await merchant.post('push_endpoint.register', user.credentials, { provider: 'apns', token: 'not-hex' });
    expect([malformed.body.errorCode, malformed.body.failureDetails]).toEqual(['000006', expect.stringContaining('token')]);
    // Removing: another user's token removes nothing; the user's own goes.
    const stranger = await merchant.signIn('Sid Stranger');
    const webhookToken = tokens.webhook;
    expect((await merchant.post('push_endpoint.remove', stranger.credentials, { provider: 'webhook', token: webhookToken })).body.data).toEqual({ removed: 0 });
    expect((await merchant.post('push_endpoint.remove', user.credentials, { provider: 'webhook', token: webhookToken })).body.data).toEqual({ removed: 1 });
    expect((await endpoints(user.credentials)).map((e) => e.provider).sort()).toEqual(['apns', 'fcm']);
  });
}

describe('alarms to the phone (embedded)', () => deliverySuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'alarms to the phone (distributed: PostgreSQL + NATS)', () => deliverySuite('distributed'));
