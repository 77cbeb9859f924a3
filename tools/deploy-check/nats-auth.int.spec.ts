/**
 * The generated NATS users (k8s/base/nats-auth.conf) on a real server: a private nats-server started with
 * exactly what renderAuthorization() produces. Each app's connection, made the way the runtime makes it
 * (createBus with NATS_USER, NATS_PASSWORD and its own inbox prefix), does its own work — an RPC round trip from
 * push-service to sso-service, an event sso-service publishes that device-service's durable consumes — and the
 * server refuses what belongs to another service: subscribing to its RPC subjects or its replies, publishing its
 * events or requests it may not make (permissions violations, nothing delivered).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENTS, type EventEnvelope } from '@dcp/contracts';
import { buildEvent, createBus, userInboxPrefix, type Bus } from '@dcp/messaging';
import { freePort, natsServerBinary, startNatsServer, stopNatsServer } from '@dcp/testing';
import { natsUsers, renderAuthorization } from '../nats-auth/nats-permissions';

const bin = natsServerBinary();
const run = bin || process.env.REQUIRE_INFRA === '1' ? describe : describe.skip;
if (!bin && process.env.REQUIRE_INFRA !== '1') process.stderr.write('\n*** SKIPPED "NATS users on a real server": no nats-server binary. Set REQUIRE_INFRA=1 to make this a failure. ***\n');

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const password = (user: string) => `pw-${user}-0123456789abcdef`;

run('NATS users on a real server (generated authorization)', () => {
  let server: ChildProcess;
  let url: string;
  const buses: Bus[] = [];
  const raw: NatsConnection[] = [];

  beforeAll(async () => {
    if (!bin) throw new Error('REQUIRE_INFRA=1 but no nats-server binary (apt-get install nats-server)');
    const dir = mkdtempSync(join(tmpdir(), 'nats-auth-'));
    // In k8s the server reads each password from its environment (the Secret device-cloud-nats); here they are
    // written in, the rest of the generated configuration unchanged.
    const byVariable = new Map(natsUsers().map((u) => [u.passwordVariable, password(u.user)]));
    writeFileSync(join(dir, 'nats.conf'), renderAuthorization().replace(/\$(NATS_PASSWORD_\w+)/g, (_, v: string) => JSON.stringify(byVariable.get(v))));
    const port = await freePort();
    url = `nats://127.0.0.1:${port}`;
    server = await startNatsServer(bin, port, join(dir, 'js'), ['-c', join(dir, 'nats.conf')]);
  });

  afterAll(async () => {
    for (const b of buses) await b.close().catch(() => undefined);
    for (const nc of raw) await nc.close().catch(() => undefined);
    if (server) await stopNatsServer(server);
  });

  /** A bus as the runtime builds it for NATS_USER=user (libs/runtime busConfigFor). */
  async function busOf(user: string): Promise<Bus> {
    const bus = await createBus({ kind: 'nats', url, name: user, user, password: password(user), inboxPrefix: userInboxPrefix(user), requestTimeoutMs: 1500, logger: silent });
    buses.push(bus);
    return bus;
  }

  /** A plain connection of the user, collecting the permission violations the server reports. */
  async function rawOf(user: string): Promise<{ nc: NatsConnection; violations: string[] }> {
    const nc = await connect({ servers: url, user, pass: password(user), inboxPrefix: userInboxPrefix(user) });
    raw.push(nc);
    const violations: string[] = [];
    void (async () => {
      for await (const s of nc.status()) if (s.type === 'error') violations.push(String((s as { error?: Error }).error?.message ?? s));
    })();
    return { nc, violations };
  }

  const waitFor = async (cond: () => boolean, ms = 3000) => {
    for (const end = Date.now() + ms; Date.now() < end; ) {
      if (cond()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('refuses a wrong password and an unknown user', async () => {
    await expect(connect({ servers: url, user: 'sso-service', pass: 'wrong' })).rejects.toThrow(/authoriz/i);
    await expect(connect({ servers: url, user: 'intruder', pass: 'x' })).rejects.toThrow(/authoriz/i);
    await expect(connect({ servers: url })).rejects.toThrow(/authoriz/i);
  });

  it('lets push-service call sso-service, and sso-service answer (RPC round trip)', async () => {
    const sso = await busOf('sso-service');
    const push = await busOf('push-service');
    sso.rpcServer.handle('dcp.rpc.sso.user-push-tag', async (payload) => ({ echoed: payload }));
    await sso.flush();
    await expect(push.rpcClient.requestRaw('dcp.rpc.sso.user-push-tag', { userId: 7 }, { owner: 'sso' })).resolves.toEqual({ echoed: { userId: 7 } });
  });

  it('lets the edge call a gateway operation its owner serves', async () => {
    const device = await busOf('device-service');
    const edge = await busOf('gateway-edge');
    device.rpcServer.handle('dcp.gateway.user_ipc_setting_v2_0.addOemDevice', async () => ({ ok: true }), { queue: 'device' });
    await device.flush();
    await expect(edge.rpcClient.requestRaw('dcp.gateway.user_ipc_setting_v2_0.addOemDevice', {}, { owner: 'device' })).resolves.toEqual({ ok: true });
  });

  it('lets sso-service publish its event and device-service consume it with its durable', async () => {
    const sso = await busOf('sso-service');
    const device = await busOf('device-service');
    const seen: EventEnvelope[] = [];
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const consumer = await device.events.consume(
      { durable: 'device-service', subjects: [EVENTS.userDeleted.subject], ackWaitMs: 5000 },
      async (e) => {
        seen.push(e);
        await held;
      },
      async () => 'recorded',
    );
    const event = buildEvent('userDeleted', { userId: 7, openId: 'o-7', clientId: 'c-1', uuid: 'u-7' });
    await sso.events.publish(event);
    await waitFor(() => seen.length > 0, 8000);
    // Its lag (metrics, admin API) reads the consumer's info and the unacknowledged message (STREAM.MSG.GET).
    await expect(consumer.lag()).resolves.toEqual(expect.objectContaining({ pending: 0, ackPending: 1 }));
    release();
    await consumer.stop();
    expect(seen.map((e) => e.id)).toEqual([event.id]);
  });

  it('refuses publishing another service\'s event (the stream never stores it)', async () => {
    const push = await busOf('push-service');
    await expect(push.events.publish(buildEvent('userDeleted', { userId: 8, openId: 'o-8', clientId: 'c-1', uuid: 'u-8' }))).rejects.toThrow();
    const { nc, violations } = await rawOf('push-service');
    nc.publish(EVENTS.deviceBound.subject, '{}');
    await nc.flush();
    await waitFor(() => violations.length > 0);
    expect(violations.join('\n')).toMatch(/Permissions Violation for Publish to "dcp\.device\.device\.bound\.v1"/);
  });

  it('refuses subscribing to another service\'s RPC subjects, its replies and its gateway operations', async () => {
    const { nc } = await rawOf('push-service');
    for (const subject of ['dcp.rpc.sso.>', '_INBOX.sso-service.>', '_INBOX.>', 'dcp.gateway.user_ipc_setting_v2_0.addOemDevice']) {
      const sub = nc.subscribe(subject);
      let timer: NodeJS.Timeout | undefined;
      const closed = await Promise.race([sub.closed, new Promise((r) => (timer = setTimeout(() => r('still open'), 3000)))]);
      clearTimeout(timer);
      expect({ subject, closed: String(closed) }).toEqual({ subject, closed: expect.stringMatching(/Permissions Violation for Subscription/) });
    }
  });

  it('refuses a request push-service may not make: storage-service never sees it', async () => {
    const storage = await busOf('storage-service');
    let reached = 0;
    storage.rpcServer.handle('dcp.rpc.storage.probe', async () => {
      reached += 1;
      return {};
    });
    await storage.flush();
    const { nc, violations } = await rawOf('push-service');
    nc.publish('dcp.rpc.storage.probe', '{}');
    await nc.flush();
    await waitFor(() => violations.length > 0);
    expect(violations.join('\n')).toMatch(/Permissions Violation for Publish to "dcp\.rpc\.storage\.probe"/);
    expect(reached).toBe(0);
  });

  it('refuses driving another service\'s durable consumer', async () => {
    const { nc, violations } = await rawOf('firmware-service');
    nc.publish('$JS.API.CONSUMER.INFO.DCP_EVENTS.device-service', '');
    await nc.flush();
    await waitFor(() => violations.length > 0);
    expect(violations.join('\n')).toMatch(/Permissions Violation for Publish to "\$JS\.API\.CONSUMER\.INFO\.DCP_EVENTS\.device-service"/);
  });
});
