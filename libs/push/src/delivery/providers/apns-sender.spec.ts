import { randomBytes, randomUUID } from 'node:crypto';
import { ApnsTestServer, ShiftableClock, type ApnsSigningKey } from '@dcp/testing';
import { ApnsSender, MAX_APNS_PAYLOAD_BYTES } from './apns-sender';
import type { ApnsCredentials, ProviderEndpoints, ProviderPush } from './provider-push';

const clock = new ShiftableClock();
const nowSeconds = () => Math.floor(clock.now() / 1000);
const deviceToken = () => randomBytes(32).toString('hex');
const BUNDLE_ID = 'com.example.camera';

function push(overrides: Partial<ProviderPush> = {}): ProviderPush {
  return {
    token: deviceToken(),
    deliveryId: randomUUID(),
    collapseId: 'msg-0001',
    title: 'Motion detected',
    body: 'Front door',
    data: { messageId: 'msg-0001', devId: 'dev-1', type: 'motion', time: '1764230400' },
    expiresAt: nowSeconds() + 3600,
    ...overrides,
  };
}

describe('ApnsSender against a local APNs (HTTP/2, TLS, token-based authentication)', () => {
  let server: ApnsTestServer;
  let key: ApnsSigningKey;
  let credentials: ApnsCredentials;
  let sender: ApnsSender;
  const endpoints = (overrides: Partial<ProviderEndpoints> = {}): ProviderEndpoints => ({
    fcmBaseUrl: 'http://127.0.0.1:9',
    fcmTokenUrl: 'http://127.0.0.1:9/token',
    apnsProductionUrl: 'https://127.0.0.1:9',
    apnsSandboxUrl: server.origin,
    extraCaPem: server.caPem,
    timeoutMs: 5000,
    ...overrides,
  });

  beforeEach(async () => {
    // Time stands still within a test (advance still moves it): expected expirations and ttls are exact.
    clock.freeze();
    server = new ApnsTestServer({ clock });
    await server.start();
    key = await server.signingKey();
    server.registerTopic(BUNDLE_ID, key.teamId);
    credentials = { ...key, bundleId: BUNDLE_ID, environment: 'sandbox' };
    sender = new ApnsSender(endpoints(), clock);
  });

  afterEach(async () => {
    clock.resume();
    await sender.close();
    await server.stop();
  });

  describe('a notification APNs accepts', () => {
    it('is posted to /3/device/<token> with the APNs headers, the alert payload and the data', async () => {
      const p = push({ imageUrl: 'https://pictures.example.test/p/1?sig=abc' });
      const outcome = await sender.send(credentials, p);

      expect(outcome).toEqual({ kind: 'sent', providerMessageId: p.deliveryId });
      const [received] = await server.waitForNotifications(1);
      expect(received.token).toBe(p.token);
      expect(received.apnsId).toBe(p.deliveryId);
      expect(received.headers).toMatchObject({
        'apns-topic': BUNDLE_ID,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'apns-expiration': String(p.expiresAt),
        'apns-id': p.deliveryId,
        'apns-collapse-id': 'msg-0001',
        'content-type': 'application/json',
      });
      expect(received.payload).toEqual({
        aps: { alert: { title: 'Motion detected', body: 'Front door' }, sound: 'default', 'mutable-content': 1 },
        messageId: 'msg-0001',
        devId: 'dev-1',
        type: 'motion',
        time: '1764230400',
        imageUrl: 'https://pictures.example.test/p/1?sig=abc',
      });
    });

    it('is authorised by an ES256 provider token with the key id and the team, issued now', async () => {
      await sender.send(credentials, push());

      const [received] = await server.waitForNotifications(1);
      expect(received.headers.authorization).toBe(`bearer ${received.providerToken.jwt}`);
      expect(received.providerToken).toMatchObject({ keyId: key.keyId, teamId: key.teamId });
      expect(Math.abs(received.providerToken.issuedAt - nowSeconds())).toBeLessThanOrEqual(5);
      const header = JSON.parse(Buffer.from(received.providerToken.jwt.split('.')[0], 'base64url').toString('utf8'));
      expect(header).toEqual({ alg: 'ES256', kid: key.keyId });
    });

    it('has no mutable-content and no imageUrl without a picture, and no apns-collapse-id over 64 bytes', async () => {
      await sender.send(credentials, push({ collapseId: 'x'.repeat(65) }));

      const [received] = await server.waitForNotifications(1);
      expect(received.payload.aps).toEqual({ alert: { title: 'Motion detected', body: 'Front door' }, sound: 'default' });
      expect(received.payload).not.toHaveProperty('imageUrl');
      expect(received.headers).not.toHaveProperty('apns-collapse-id');
    });

    it('goes to the production origin for production credentials', async () => {
      await sender.close();
      sender = new ApnsSender(endpoints({ apnsProductionUrl: server.origin, apnsSandboxUrl: 'https://127.0.0.1:9' }), clock);

      await expect(sender.send({ ...credentials, environment: 'production' }, push())).resolves.toMatchObject({ kind: 'sent' });
    });
  });

  describe('an oversize payload', () => {
    it('loses the data fields other than messageId, devId, type and time first', async () => {
      const p = push({ data: { messageId: 'msg-0001', devId: 'dev-1', type: 'motion', time: '1764230400', pictureUrl: `https://p.example.test/${'a'.repeat(3000)}`, note: 'n'.repeat(1500) } });
      await expect(sender.send(credentials, p)).resolves.toMatchObject({ kind: 'sent' });

      const [received] = await server.waitForNotifications(1);
      expect(received.payload).toEqual({ aps: { alert: { title: 'Motion detected', body: 'Front door' }, sound: 'default' }, messageId: 'msg-0001', devId: 'dev-1', type: 'motion', time: '1764230400' });
      expect(received.payloadBytes).toBeLessThanOrEqual(MAX_APNS_PAYLOAD_BYTES);
    });

    it('is rejected without a request when even the essentials exceed 4096 bytes', async () => {
      const outcome = await sender.send(credentials, push({ body: 'b'.repeat(5000) }));

      expect(outcome).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/^APNs payload is \d+ bytes even without optional data \(limit 4096\)$/) });
      expect(server.counts.streams).toBe(0);
    });
  });

  describe('the connection and the provider token', () => {
    it('are reused: one TLS session and one provider token for many sends, concurrent or not', async () => {
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => sender.send(credentials, push())));
      for (let i = 0; i < 5; i++) await sender.send(credentials, push());

      expect(outcomes.every((o) => o.kind === 'sent')).toBe(true);
      await server.waitForNotifications(15);
      expect(server.counts).toMatchObject({ sessions: 1, streams: 15, providerTokens: 1 });
    });

    it('share the session across merchants, each with its own provider token', async () => {
      const other = await server.signingKey();
      server.registerTopic('com.other.camera', other.teamId);
      await Promise.all([sender.send(credentials, push()), sender.send({ ...other, bundleId: 'com.other.camera', environment: 'sandbox' }, push())]);

      expect(server.counts).toMatchObject({ sessions: 1, providerTokens: 2 });
    });

    it('renews the provider token after 30 minutes, not before', async () => {
      await sender.send(credentials, push());
      clock.advance(29 * 60);
      await sender.send(credentials, push());
      expect(server.counts.providerTokens).toBe(1);

      clock.advance(2 * 60);
      await sender.send(credentials, push());
      expect(server.counts.providerTokens).toBe(2);
      const [first, , third] = server.notifications;
      expect(third.providerToken.issuedAt - first.providerToken.issuedAt).toBeGreaterThanOrEqual(31 * 60);
    });

    it('renews the provider token and sends again once when APNs calls it expired (403 ExpiredProviderToken)', async () => {
      await sender.send(credentials, push());
      server.expireProviderTokens();

      const p = push();
      await expect(sender.send(credentials, p)).resolves.toEqual({ kind: 'sent', providerMessageId: p.deliveryId });
      expect(server.counts).toMatchObject({ streams: 3, providerTokens: 2 });
      await expect(sender.send(credentials, push())).resolves.toMatchObject({ kind: 'sent' });
      expect(server.counts.providerTokens).toBe(2);
    });

    it('is a retry when APNs refuses a freshly signed token as expired too', async () => {
      server.failNext(2, { status: 403, reason: 'ExpiredProviderToken' });
      await expect(sender.send(credentials, push())).resolves.toMatchObject({ kind: 'retry', reason: expect.stringContaining('403 ExpiredProviderToken') });
      expect(server.counts.streams).toBe(2);
    });

    it('opens a new session after APNs sent GOAWAY', async () => {
      await sender.send(credentials, push());
      server.goAway();

      await expect(sender.send(credentials, push())).resolves.toMatchObject({ kind: 'sent' });
      expect(server.counts.sessions).toBe(2);
    });

    it('verifies TLS: a sender that does not trust the server certificate gets a retry, and nothing is sent', async () => {
      const untrusting = new ApnsSender(endpoints({ extraCaPem: undefined }), clock);
      try {
        const outcome = await untrusting.send(credentials, push());
        expect(outcome).toEqual({ kind: 'retry', reason: expect.stringMatching(/^APNs: TLS certificate of 127\.0\.0\.1:\d+ is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)$/) });
        expect(server.counts.streams).toBe(0);
      } finally {
        await untrusting.close();
      }
    });
  });

  describe('credentials APNs refuses', () => {
    it('are a rejection for a revoked signing key (403 InvalidProviderToken)', async () => {
      server.revokeSigningKey(key.keyId);
      await expect(sender.send(credentials, push())).resolves.toEqual({ kind: 'rejected', reason: 'APNs answered 403 InvalidProviderToken' });
    });

    it('are a rejection for a key id the team does not have', async () => {
      await expect(sender.send({ ...credentials, keyId: 'ABCDE12345' }, push())).resolves.toEqual({ kind: 'rejected', reason: 'APNs answered 403 InvalidProviderToken' });
    });

    it.each([
      ['not PEM', () => 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg'],
      ['a truncated PEM', () => key.privateKey.slice(0, 80) + '\n-----END PRIVATE KEY-----\n'],
    ])('are a rejection without a request for a .p8 key that is %s, naming no key material', async (_what, make) => {
      const privateKey = make();
      const outcome = await sender.send({ ...credentials, privateKey }, push());

      expect(outcome).toEqual({ kind: 'rejected', reason: `APNs signing key ${key.keyId} of team ${key.teamId} is not a usable P-256 private key (PKCS#8 PEM, the .p8 file)` });
      for (const line of privateKey.split('\n').filter((l) => l && !l.startsWith('-----'))) expect(JSON.stringify(outcome)).not.toContain(line);
      expect(server.counts.streams).toBe(0);
    });

    it('are a rejection for a topic that is not the app of the team (400 BadTopic)', async () => {
      await expect(sender.send({ ...credentials, bundleId: 'com.unknown.app' }, push())).resolves.toEqual({ kind: 'rejected', reason: 'APNs answered 400 BadTopic' });
    });
  });

  describe('device tokens APNs refuses', () => {
    it('are invalid when the app was removed (410 Unregistered), with the time', async () => {
      const p = push();
      const at = Date.UTC(2026, 10, 1, 12, 0, 0);
      server.unregister(p.token, at);

      await expect(sender.send(credentials, p)).resolves.toEqual({ kind: 'invalid-token', reason: 'APNs answered 410 Unregistered (token invalid since 2026-11-01T12:00:00.000Z)' });
    });

    it('are invalid when they belong to another app (400 DeviceTokenNotForTopic)', async () => {
      const p = push();
      server.registerDevice(p.token, 'com.other.app');
      await expect(sender.send(credentials, p)).resolves.toEqual({ kind: 'invalid-token', reason: 'APNs answered 400 DeviceTokenNotForTopic' });
    });

    it('are invalid when APNs calls them bad (400 BadDeviceToken, e.g. a sandbox token in production)', async () => {
      server.failNext(1, { status: 400, reason: 'BadDeviceToken' });
      await expect(sender.send(credentials, push())).resolves.toEqual({ kind: 'invalid-token', reason: 'APNs answered 400 BadDeviceToken' });
    });

    it('are invalid without a request when not hexadecimal', async () => {
      await expect(sender.send(credentials, push({ token: '../../status?x=1' }))).resolves.toMatchObject({ kind: 'invalid-token' });
      expect(server.counts.streams).toBe(0);
    });
  });

  describe('APNs overloaded or down', () => {
    it('is a retry after Retry-After (429 TooManyRequests)', async () => {
      server.failNext(1, { status: 429, reason: 'TooManyRequests', retryAfterSeconds: 20 });
      await expect(sender.send(credentials, push())).resolves.toEqual({ kind: 'retry', reason: 'APNs answered 429 TooManyRequests', retryAfterMs: 20_000 });
    });

    it('is a retry during an outage (503 ServiceUnavailable with Retry-After, 500), and sent once it is over', async () => {
      server.setOutage(503, { retryAfterSeconds: 60 });
      await expect(sender.send(credentials, push())).resolves.toEqual({ kind: 'retry', reason: 'APNs answered 503 ServiceUnavailable', retryAfterMs: 60_000 });
      server.setOutage(503, { reason: 'Shutdown' });
      await expect(sender.send(credentials, push())).resolves.toEqual({ kind: 'retry', reason: 'APNs answered 503 Shutdown' });
      server.setOutage(500);
      await expect(sender.send(credentials, push())).resolves.toEqual({ kind: 'retry', reason: 'APNs answered 500 InternalServerError' });

      server.setOutage(null);
      await expect(sender.send(credentials, push())).resolves.toMatchObject({ kind: 'sent' });
    });

    it('is a rejection for a payload APNs finds too large (413 PayloadTooLarge)', async () => {
      server.failNext(1, { status: 413, reason: 'PayloadTooLarge' });
      await expect(sender.send(credentials, push())).resolves.toEqual({ kind: 'rejected', reason: 'APNs answered 413 PayloadTooLarge' });
    });

    it('is a retry naming the refused connection when nothing listens', async () => {
      const host = new URL(server.origin).host;
      await server.stop();
      await expect(sender.send(credentials, push())).resolves.toEqual({ kind: 'retry', reason: `APNs: connection to ${host} refused` });
    });
  });
});
