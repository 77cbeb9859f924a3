/**
 * Nothing lost across kill -9 of push-service (decisions PS11): the distributed platform — gateway-edge,
 * sso-service, device-service and push-service, each built and run as its own process — on a private nats-server
 * and a throwaway PostgreSQL database. Ten users, each with a camera and two phones (the merchant's push server
 * and FCM, both local servers speaking their protocols), get 100 alarms (ten types a camera: each a new message)
 * while push-service is killed with SIGKILL three times — twice while its pushes are in flight — and restarted at
 * once, as the kubelet would. A camera whose alarm was not answered posts it again, as cameras do.
 *
 * Then every accepted message reached both phones of its user; every delivery ended `sent`, announced once
 * (alarm.delivered); the merchant's push server took each delivery once by its `deliveryId`. A push in flight at a
 * kill may arrive again (at least once, never at most once): the repeats are counted and bounded by what can be in
 * flight at a kill (PUSH_DELIVERY_CONCURRENCY per kill).
 *
 * Bounded: PUSH_PROVIDER_TIMEOUT_MS 1 s (a killed replica's leases end after 8 s), PUSH_DELIVERY_POLL_MS 200.
 */
import { migrateService, serviceDatabase } from '@dcp/database';
import { type MerchantSandbox, startMerchantSandbox } from '@dcp/merchant-sandbox';
import { ALARM_PATH, signAlarm, signedHeaders } from '@dcp/signing';
import { FcmTestServer, type PrivateInfra, buildApps, describeWithInfra, freePort, getQuery, postForm, requestJson, startPrivateInfra } from '@dcp/testing';
import { Pool } from 'pg';
import { SupervisedApp, waitUntil } from './deletion-burst';
import { deviceForm } from './merchant-app';

const USERS = 10;
const TYPES = 10;
const CONCURRENCY = 4;
const DELIVERY_CONCURRENCY = 16;
const SECRETS_KEY = 'cd'.repeat(32);
const ADMIN_TOKEN = 'push-kill-admin-token';

type Body = Record<string, unknown>;

interface Camera {
  mac: string;
  tag: string;
  uuid: string;
  fcmToken: string;
}

describeWithInfra(['postgres'], 'alarms to the phone under kill -9 (distributed: apps as processes, private NATS and database)', () => {
  let infra: PrivateInfra | undefined;
  let pg: Pool | undefined;
  let sandbox: MerchantSandbox | undefined;
  const fcm = new FcmTestServer();
  const apps: Record<'edge' | 'sso' | 'device' | 'push', SupervisedApp> = {} as never;
  let edgeUrl: string;
  let adminUrl: string;
  let merchant: { clientId: string; clientSecret: string };

  const admin = (method: string, path: string, body?: unknown) => requestJson<Body>(method, `${adminUrl}/admin/v1${path}`, body, { authorization: `Bearer ${ADMIN_TOKEN}` });

  beforeAll(async () => {
    buildApps('gateway-edge', 'sso-service', 'device-service', 'push-service');
    await fcm.start();
    infra = await startPrivateInfra({ database: 'dcp_push_kill', secretsKey: SECRETS_KEY });
    for (const service of ['sso', 'device', 'push']) await migrateService(serviceDatabase(service), { kind: 'postgres', url: infra.databaseUrl });
    const common = { ...infra.appEnv(), ADMIN_TOKEN, MERCHANT_ALLOW_PRIVATE_NETWORKS: 'true' };
    const [port, adminPort, ssoHealth, deviceHealth, pushHealth] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    edgeUrl = `http://127.0.0.1:${port}`;
    adminUrl = `http://127.0.0.1:${adminPort}`;
    apps.sso = new SupervisedApp('sso-service', { ...common, HEALTH_PORT: String(ssoHealth) }, `http://127.0.0.1:${ssoHealth}/health/ready`);
    apps.device = new SupervisedApp('device-service', { ...common, HEALTH_PORT: String(deviceHealth) }, `http://127.0.0.1:${deviceHealth}/health/ready`);
    apps.push = new SupervisedApp(
      'push-service',
      {
        ...common,
        HEALTH_PORT: String(pushHealth),
        PUSH_FCM_BASE_URL: fcm.baseUrl,
        PUSH_FCM_TOKEN_URL: fcm.tokenUrl,
        PUSH_PROVIDER_TIMEOUT_MS: '1000',
        PUSH_DELIVERY_POLL_MS: '200',
        PUSH_DELIVERY_CONCURRENCY: String(DELIVERY_CONCURRENCY),
        PUSH_ALARMS_PER_USER_PER_MINUTE: '1000',
      },
      `http://127.0.0.1:${pushHealth}/health/ready`,
    );
    apps.edge = new SupervisedApp('gateway-edge', { ...common, PORT: String(port), ADMIN_PORT: String(adminPort) }, `${edgeUrl}/health/ready`);
    await Promise.all(Object.values(apps).map((a) => a.ready));

    sandbox = await startMerchantSandbox();
    const registered = await admin('POST', '/merchants', { name: 'Acme Cameras', tokenValidationUrl: `${sandbox.url}/idp/is_valid_token`, userProfileUrl: `${sandbox.url}/idp/get_user_profile` });
    expect(registered.status).toBe(201);
    merchant = { clientId: String(registered.body.clientId), clientSecret: String(registered.body.clientSecret) };
    sandbox.configureSignature({ ...merchant, requireSignature: true });
    expect((await admin('PUT', `/push/merchants/${merchant.clientId}/providers/webhook`, { url: `${sandbox.url}/push` })).status).toBe(200);
    expect((await admin('PUT', `/push/merchants/${merchant.clientId}/providers/fcm`, await fcm.serviceAccount())).status).toBe(200);
    pg = new Pool({ connectionString: infra.databaseUrl, max: 2 });
  }, 150_000);

  afterAll(async () => {
    await Promise.all(Object.values(apps).map((a) => a.stop()));
    await sandbox?.close();
    await fcm.stop();
    await pg?.end();
    await infra?.close();
  }, 30_000);

  /** A user as the merchant's app makes one: login, a camera, its push tag, two push endpoints. */
  async function camera(i: number): Promise<Camera> {
    const site = sandbox!;
    const user = site.store.create({ username: `kill.${i}@example.com`, name: `Kill ${i}` });
    const params = { token: site.store.issueToken(user.uuid)! };
    const login = await postForm<Body>(edgeUrl, '/sso/authorize_by_token', params, signedHeaders({ method: 'POST', path: '/sso/authorize_by_token', params, ...merchant }));
    expect(login.status).toBe(200);
    const who = { clientId: merchant.clientId, openId: String(login.body.openId), accessToken: String(login.body.accessToken) };
    const mac = `0E${i.toString(16).toUpperCase().padStart(10, '0')}`;
    expect((await postForm<Body>(edgeUrl, '/gateway?service=user_ipc_setting_v2_0.addOemDevice', { ...who, ...deviceForm(mac) })).body.errorCode).toBe('');
    const info = (await getQuery<Body>(edgeUrl, '/gateway', { service: 'center.getServerInfo', ...who, oemCode: '' })).body.data as Body;
    const fcmToken = `kill-${i}:APA91b${'k'.repeat(140)}`;
    for (const [provider, token] of [['webhook', `recipient-${i}`], ['fcm', fcmToken]]) {
      expect((await postForm<Body>(edgeUrl, '/gateway?service=push_endpoint.register', { ...who, provider, token })).body.errorCode).toBe('');
    }
    return { mac, tag: String(info.tag), uuid: user.uuid, fcmToken };
  }

  /** Posts one alarm until the platform answers it (a camera retries what was not answered); the message id. */
  async function postUntilAccepted(cam: Camera, type: number, time: number): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const values = { mac: cam.mac, type: String(type), time: String(time), timestamp: String(Math.floor(Date.now() / 1000)) };
      try {
        const res = await fetch(`${edgeUrl}${ALARM_PATH}?${new URLSearchParams({ ...values, signature: signAlarm(cam.tag, values) })}`, { method: 'POST' });
        const body = (await res.json()) as Body;
        if (body.errorCode === '000000') return String((body.data as Body).messageId);
      } catch {
        // the edge was reachable but the answer was lost: post again
      }
      if (attempt > 200) throw new Error(`alarm ${cam.mac}/${type} never accepted`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('every accepted alarm reaches every phone of its user; each delivery is sent and announced once', async () => {
    const cameras: Camera[] = [];
    for (let i = 0; i < USERS; i++) cameras.push(await camera(i));
    const work = cameras.flatMap((cam) => Array.from({ length: TYPES }, (_v, t) => ({ cam, type: t + 1 })));
    const time = Math.floor(Date.now() / 1000) - 5;
    const accepted: string[] = [];
    let killed = 0;
    const kills: Promise<unknown>[] = [];
    const killAt = (count: number) => {
      // FCM hangs from the 50th alarm: at the 55th kill, its pushes are in flight (unanswered) for sure.
      if (count === 50) fcm.stall(true);
      if ((count === 20 || count === 55 || count === 80) && killed < 3) {
        killed++;
        kills.push(apps.push.kill9().then(() => fcm.stall(false)));
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < work.length) {
          const { cam, type } = work[next++];
          accepted.push(await postUntilAccepted(cam, type, time));
          killAt(accepted.length);
        }
      }),
    );
    await Promise.all(kills);
    expect(killed).toBe(3);
    expect(apps.push.exits.map((e) => e.signal)).toEqual(['SIGKILL', 'SIGKILL', 'SIGKILL']);

    const messages = new Set(accepted);
    expect(messages.size).toBe(USERS * TYPES);
    const pushes = await sandbox!.pushes.waitFor((p) => new Set(p.map((x) => x.params.messageId)).size >= messages.size, 'every message at the push server', 90_000);
    await fcm.waitForMessages((m) => messages.has(m.message.data?.messageId ?? ''), messages.size, 90_000);
    expect(new Set(pushes.map((p) => p.params.messageId))).toEqual(messages);
    // Each user's pushes went to that user's recipient only.
    for (const p of pushes) expect(p.params.token).toBe(`recipient-${cameras.findIndex((c) => c.uuid === p.params.uuid)}`);
    expect(pushes.every((p) => p.verified)).toBe(true);

    // In the platform's records: every delivery sent, each announced once.
    const states = await waitUntil(
      async () => (await pg!.query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM "push"."push_delivery" GROUP BY state`)).rows,
      (rows) => rows.length === 1 && rows[0].state === 'sent',
      30_000,
      'every delivery sent',
    );
    expect(states).toEqual([{ state: 'sent', n: 2 * messages.size }]);
    const announced = await pg!.query<{ id: string; n: number }>(
      `SELECT payload->'data'->>'deliveryId' AS id, count(*)::int AS n FROM "push"."outbox_event" WHERE subject = 'dcp.push.alarm.delivered.v1' GROUP BY 1`,
    );
    expect(announced.rows).toHaveLength(2 * messages.size);
    expect(announced.rows.every((r) => r.n === 1)).toBe(true);

    // At least once: a push in flight at a kill may arrive again, under the same deliveryId.
    const repeats = pushes.reduce((sum, p) => sum + p.arrivals - 1, 0);
    const fcmRepeats = fcm.messages.length - new Set(fcm.messages.map((m) => m.message.data?.messageId)).size;
    process.stdout.write(`push kill -9: ${messages.size} messages, ${pushes.length} webhook deliveries (${repeats} repeated arrival(s)), FCM ${fcm.messages.length} (${fcmRepeats} repeated)\n`);
    expect(repeats).toBeLessThanOrEqual(killed * DELIVERY_CONCURRENCY);
    expect(fcmRepeats).toBeLessThanOrEqual(killed * DELIVERY_CONCURRENCY);
  }, 240_000);
});
