import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { FCM_TEST_SCOPE, FcmTestServer, ShiftableClock, type FcmServiceAccount } from '@dcp/testing';
import { FcmSender } from './fcm-sender';
import type { FcmCredentials, ProviderEndpoints, ProviderPush } from './provider-push';

const clock = new ShiftableClock();
const nowSeconds = () => Math.floor(clock.now() / 1000);
const registrationToken = () => `c${randomUUID().replace(/-/g, '')}:APA91bH${'x'.repeat(120)}`;

function push(overrides: Partial<ProviderPush> = {}): ProviderPush {
  return {
    token: registrationToken(),
    deliveryId: randomUUID(),
    collapseId: 'msg-0001',
    title: 'Motion detected',
    body: 'Front door',
    data: { messageId: 'msg-0001', devId: 'dev-1', type: 'motion', time: '1764230400' },
    expiresAt: nowSeconds() + 3600,
    ...overrides,
  };
}

/** Every line of the key's base64 body: none may appear in a reason. */
function keyMaterial(privateKey: string): string[] {
  return privateKey.split('\n').filter((line) => line && !line.startsWith('-----'));
}

describe('FcmSender against a local FCM (HTTP v1 and the OAuth 2 token endpoint)', () => {
  let server: FcmTestServer;
  let account: FcmServiceAccount;
  let sender: FcmSender;
  const endpoints = (overrides: Partial<ProviderEndpoints> = {}): ProviderEndpoints => ({
    fcmBaseUrl: server.baseUrl,
    fcmTokenUrl: server.tokenUrl,
    apnsProductionUrl: 'https://127.0.0.1:9',
    apnsSandboxUrl: 'https://127.0.0.1:9',
    timeoutMs: 5000,
    ...overrides,
  });

  beforeEach(async () => {
    // Time stands still within a test (advance still moves it): expected expirations and ttls are exact.
    clock.freeze();
    server = new FcmTestServer({ clock });
    await server.start();
    account = await server.serviceAccount();
    sender = new FcmSender(endpoints(), clock);
  });

  afterEach(async () => {
    clock.resume();
    sender.close();
    await server.stop();
  });

  describe('a notification FCM accepts', () => {
    it('is sent as a v1 message with the notification, the data, the collapse keys and the ttl', async () => {
      const p = push({ imageUrl: 'https://pictures.example.test/p/1?sig=abc' });
      const outcome = await sender.send(account, p);

      const [received] = await server.waitForMessages(1);
      expect(outcome).toEqual({ kind: 'sent', providerMessageId: received.name });
      expect(received.name).toMatch(new RegExp(`^projects/${account.projectId}/messages/`));
      expect(received).toMatchObject({ projectId: account.projectId, clientEmail: account.clientEmail });
      expect(received.message).toEqual({
        token: p.token,
        notification: { title: 'Motion detected', body: 'Front door', image: 'https://pictures.example.test/p/1?sig=abc' },
        data: { messageId: 'msg-0001', devId: 'dev-1', type: 'motion', time: '1764230400' },
        android: { priority: 'HIGH', collapse_key: 'msg-0001', ttl: '3600s', notification: { tag: 'msg-0001' } },
        apns: { headers: { 'apns-collapse-id': 'msg-0001', 'apns-expiration': String(p.expiresAt) } },
      });
    });

    it('signs the token request as the service account: RS256 assertion with iss, scope, aud and a lifetime of at most an hour', async () => {
      await sender.send(account, push());

      expect(server.assertions).toHaveLength(1);
      const claims = server.assertions[0] as { iss: string; scope: string; aud: string; iat: number; exp: number };
      expect(claims).toMatchObject({ iss: account.clientEmail, scope: FCM_TEST_SCOPE, aud: server.tokenUrl });
      expect(claims.exp - claims.iat).toBeLessThanOrEqual(3600);
      expect(Math.abs(claims.iat - nowSeconds())).toBeLessThanOrEqual(5);
    });

    it('leaves the image out without a picture, sends ttl 0s once the notification has expired, and drops an apns-collapse-id over 64 bytes', async () => {
      const longCollapse = 'c'.repeat(65);
      // Fixed once: the clock may cross a second between the send and the check.
      const expired = nowSeconds() - 10;
      await sender.send(account, push({ expiresAt: expired, collapseId: longCollapse }));

      const [received] = await server.waitForMessages(1);
      expect(received.message.notification).toEqual({ title: 'Motion detected', body: 'Front door' });
      expect(received.message.android).toMatchObject({ ttl: '0s', collapse_key: longCollapse });
      expect(received.message.apns?.headers).toEqual({ 'apns-expiration': String(expired) });
    });
  });

  describe('the access token', () => {
    it('is requested once for many sends of one merchant, also when they run concurrently', async () => {
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => sender.send(account, push())));
      for (let i = 0; i < 5; i++) await sender.send(account, push());

      expect(outcomes.every((o) => o.kind === 'sent')).toBe(true);
      await server.waitForMessages(15);
      expect(server.counts.tokenRequests).toBe(1);
      expect(new Set(server.messages.map((m) => m.accessToken)).size).toBe(1);
    });

    it('is requested per merchant', async () => {
      const other = await server.serviceAccount();
      await Promise.all([sender.send(account, push()), sender.send(other, push()), sender.send(account, push()), sender.send(other, push())]);

      expect(server.counts.tokenRequests).toBe(2);
      expect(new Set(server.messages.map((m) => `${m.projectId} ${m.accessToken}`)).size).toBe(2);
    });

    it('is renewed from 60 s before it expires', async () => {
      await sender.send(account, push());
      clock.advance(3599 - 61);
      await sender.send(account, push());
      expect(server.counts.tokenRequests).toBe(1);

      clock.advance(2);
      await sender.send(account, push());
      expect(server.counts.tokenRequests).toBe(2);
      expect(new Set(server.messages.map((m) => m.accessToken)).size).toBe(2);
    });

    it('is dropped and renewed when FCM refuses it (401), and the send is repeated once at once', async () => {
      await sender.send(account, push());
      server.expireAccessTokens();

      const p = push();
      await expect(sender.send(account, p)).resolves.toMatchObject({ kind: 'sent' });
      expect(server.counts).toMatchObject({ tokenRequests: 2, sendRequests: 3 });
      const [first, second] = server.messages;
      expect(second.message.token).toBe(p.token);
      expect(second.accessToken).not.toBe(first.accessToken);
    });

    it('gives up for now (retry) when a fresh token is refused too', async () => {
      server.failNext(2, { status: 401, errorCode: null });

      const outcome = await sender.send(account, push());
      expect(outcome).toMatchObject({ kind: 'retry', reason: expect.stringContaining('401 UNAUTHENTICATED') });
      expect(server.counts).toMatchObject({ tokenRequests: 2, sendRequests: 2 });
    });
  });

  describe('the token endpoint refusing the credentials', () => {
    const expectNoKeyMaterial = (reason: string, privateKey: string) => {
      for (const line of keyMaterial(privateKey)) expect(reason).not.toContain(line);
      expect(reason).not.toContain('PRIVATE KEY');
    };

    it('is a rejection (invalid_grant) for a service account whose key was deleted', async () => {
      server.revokeServiceAccount(account.clientEmail);

      const outcome = await sender.send(account, push());
      expect(outcome).toEqual({ kind: 'rejected', reason: expect.stringMatching(/refused service account .*: 400 invalid_grant \(Invalid grant: account not found\)/) });
      expect(server.counts.sendRequests).toBe(0);
    });

    it('is a rejection for an assertion signed with another key, naming no key material', async () => {
      const other = await server.serviceAccount();
      const credentials: FcmCredentials = { ...account, privateKey: other.privateKey };

      const outcome = await sender.send(credentials, push());
      expect(outcome).toEqual({ kind: 'rejected', reason: expect.stringContaining('invalid_grant (Invalid JWT Signature.)') });
      if (outcome.kind === 'rejected') expectNoKeyMaterial(outcome.reason, other.privateKey);
    });

    it.each([
      ['not PEM at all', () => 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7'],
      ['a truncated PEM', () => account.privateKey.slice(0, 400) + '\n-----END PRIVATE KEY-----\n'],
      ['an EC key instead of RSA', () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()],
    ])('is a rejection before any request for a private key that is %s, naming no key material', async (_what, key) => {
      const privateKey = key();
      const outcome = await sender.send({ ...account, privateKey }, push());

      expect(outcome).toEqual({ kind: 'rejected', reason: `FCM service account ${account.clientEmail}: private_key is not a usable RSA private key (PKCS#8 PEM, 2048 bits or more)` });
      if (outcome.kind === 'rejected') expectNoKeyMaterial(outcome.reason, privateKey);
      expect(server.counts.tokenRequests).toBe(0);
    });

    it('is a retry when the token endpoint fails (5xx), and the next send asks again', async () => {
      server.failNextTokenRequests(1, 503);

      await expect(sender.send(account, push())).resolves.toMatchObject({ kind: 'retry', reason: expect.stringContaining('503') });
      await expect(sender.send(account, push())).resolves.toMatchObject({ kind: 'sent' });
      expect(server.counts).toMatchObject({ tokenRequests: 2, tokensIssued: 1 });
    });
  });

  describe('FCM refusing the token', () => {
    it('is an invalid token when the app was unregistered (404 UNREGISTERED)', async () => {
      const p = push();
      server.unregister(p.token);

      await expect(sender.send(account, p)).resolves.toEqual({ kind: 'invalid-token', reason: 'FCM answered 404 UNREGISTERED: Requested entity was not found.' });
    });

    it('is an invalid token when FCM says the registration token is malformed (400 INVALID_ARGUMENT)', async () => {
      const outcome = await sender.send(account, push({ token: 'not a token' }));
      expect(outcome).toEqual({ kind: 'invalid-token', reason: 'FCM answered 400 INVALID_ARGUMENT: The registration token is not a valid FCM registration token' });
    });

    it('is an invalid token for another sender (403 SENDER_ID_MISMATCH)', async () => {
      server.failNext(1, { status: 403, errorCode: 'SENDER_ID_MISMATCH' });
      await expect(sender.send(account, push())).resolves.toMatchObject({ kind: 'invalid-token', reason: expect.stringContaining('SENDER_ID_MISMATCH') });
    });
  });

  describe('FCM refusing the message or the merchant', () => {
    it('is a rejection for an invalid argument other than the token (a reserved data key)', async () => {
      const outcome = await sender.send(account, push({ data: { from: 'camera' } }));
      expect(outcome).toEqual({ kind: 'rejected', reason: 'FCM answered 400 INVALID_ARGUMENT: Invalid data payload key: from' });
    });

    it('is a rejection when the service account may not send for the project (403 PERMISSION_DENIED)', async () => {
      const outcome = await sender.send({ ...account, projectId: 'someone-elses-project' }, push());
      expect(outcome).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('403 PERMISSION_DENIED') });
    });

    it("is a rejection, without renewing the access token, when the app's APNs credentials in Firebase are bad (401 THIRD_PARTY_AUTH_ERROR)", async () => {
      server.failNext(1, { status: 401, errorCode: 'THIRD_PARTY_AUTH_ERROR' });

      await expect(sender.send(account, push())).resolves.toMatchObject({ kind: 'rejected', reason: expect.stringContaining('THIRD_PARTY_AUTH_ERROR') });
      expect(server.counts).toMatchObject({ tokenRequests: 1, sendRequests: 1 });
    });
  });

  describe('FCM overloaded or down', () => {
    it('is a retry after the seconds of Retry-After (429 QUOTA_EXCEEDED)', async () => {
      server.failNext(1, { status: 429, retryAfter: 30 });
      await expect(sender.send(account, push())).resolves.toEqual({ kind: 'retry', reason: expect.stringContaining('429 QUOTA_EXCEEDED'), retryAfterMs: 30_000 });
    });

    it('is a retry at the HTTP date of Retry-After (503 UNAVAILABLE)', async () => {
      clock.freeze();
      try {
        server.failNext(1, { status: 503, retryAfter: new Date(clock.now() + 120_000).toUTCString() });
        const outcome = await sender.send(account, push());
        expect(outcome).toMatchObject({ kind: 'retry', reason: expect.stringContaining('503 UNAVAILABLE') });
        // HTTP dates have whole seconds.
        expect(outcome.kind === 'retry' && outcome.retryAfterMs).toBeGreaterThan(119_000);
        expect(outcome.kind === 'retry' && outcome.retryAfterMs).toBeLessThanOrEqual(120_000);
      } finally {
        clock.resume();
      }
    });

    it('is a retry without a time during an outage, and sent again once it is over', async () => {
      server.setOutage(503);
      await expect(sender.send(account, push())).resolves.toEqual({ kind: 'retry', reason: 'FCM answered 503 UNAVAILABLE: The service is currently unavailable.' });
      server.setOutage(500);
      await expect(sender.send(account, push())).resolves.toEqual({ kind: 'retry', reason: 'FCM answered 500 INTERNAL: Internal error encountered.' });

      server.setOutage(null);
      await expect(sender.send(account, push())).resolves.toMatchObject({ kind: 'sent' });
    });

    it('is a retry naming the timeout when FCM does not answer', async () => {
      sender.close();
      sender = new FcmSender(endpoints({ timeoutMs: 200 }), clock);
      await sender.send(account, push());
      server.stall(true);

      await expect(sender.send(account, push())).resolves.toEqual({ kind: 'retry', reason: `FCM send: no answer from ${new URL(server.baseUrl).host} within 200 ms` });
    });

    it('is a retry naming the refused connection when nothing listens', async () => {
      const host = new URL(server.baseUrl).host;
      await server.stop();

      await expect(sender.send(account, push())).resolves.toEqual({ kind: 'retry', reason: `FCM access token: connection to ${host} refused` });
    });
  });
});
