/**
 * push-service against real PostgreSQL: which endpoints a new message is delivered to (device sets, the most
 * specific switch; decisions PS8, PS9), what unbinding and user deletion leave of endpoints and switches, and the
 * message retention per merchant (PS6).
 */
import { randomInt } from 'node:crypto';
import type { AuthenticatedUser } from '@dcp/contracts';
import { buildEvent } from '@dcp/messaging';
import { Collector, describeWithInfra, onIncrement } from '@dcp/testing';
import { ProviderCredentials } from '../src/providers/provider-credentials';
import { MessageRetentionJob } from '../src/retention/message-retention.job';
import { type PushHarness, merchantOf, startPushHarness } from './push-harness';

const DAY_S = 86_400;
let macCounter = 0;
const newMac = () => `0F${(Date.now() % 0xffffff).toString(16).padStart(6, '0')}${(++macCounter).toString(16).padStart(4, '0')}`.toUpperCase();

describeWithInfra(['postgres'], 'push-service: endpoints, switches, purges and retention (PostgreSQL)', () => {
  let h: PushHarness;
  const consumed = new Collector<string>();
  /** Attempts that ended in a retry, as dcp_push_deliveries_total counts them. */
  const retried = new Collector<string>();

  beforeAll(async () => {
    h = await startPushHarness({ PUSH_ALARM_COOLDOWN_SECONDS: '0' });
    onIncrement(h.runtime.metrics, (name, labels) => {
      if (name === 'dcp_events_consumed_total' && labels.outcome === 'applied') consumed.push(labels.subject);
      if (name === 'dcp_push_deliveries_total' && labels.outcome === 'retried') retried.push(labels.provider);
    });
    // A webhook no push can reach (the SSRF guard refuses loopback): deliveries are written and retried, never sent.
    for (const clientId of [merchantOf(0), merchantOf(1)]) await h.module.get(ProviderCredentials).set(clientId, 'webhook', { url: 'http://127.0.0.1:9/push' });
  });
  afterAll(() => h?.close());

  /** A user of merchant-0 or merchant-1 (the stand-in sso-service's merchantOf: the user id's parity). */
  function newUser(merchant: 0 | 1 = randomInt(2) as 0 | 1): AuthenticatedUser {
    const userId = 2 * randomInt(500_000, 1_000_000_000) + merchant;
    return { userId, openId: `open${userId}`, clientId: merchantOf(userId), uuid: `uuid-${userId}` };
  }
  const camera = (user: AuthenticatedUser) => {
    const mac = newMac();
    h.owners.set(mac, user.userId);
    return mac;
  };
  const register = async (user: AuthenticatedUser, token: string, devIds = '') => {
    // A refusal would throw (the bus carries it as a PlatformError).
    return h.gateway('push_endpoint.register', { provider: 'webhook', token, devIds }, user);
  };
  const setSwitch = (user: AuthenticatedUser, params: Record<string, string>) => h.gateway('push_switch.set', params, user);
  /** The tokens a message was delivered to (whatever became of the deliveries). */
  const deliveredTo = async (messageId: string) =>
    (
      await h.sql.query(`SELECT e.token FROM push.push_delivery d JOIN push.push_endpoint e ON e.id = d.endpoint_id WHERE d.message_id = $1 ORDER BY e.token`, [messageId])
    ).rows.map((r) => r.token as string);
  const endpointsOf = async (userId: number) =>
    (await h.sql.query(`SELECT token, mac_addrs FROM push.push_endpoint WHERE user_id = $1 ORDER BY token`, [userId])).rows.map((r) => [r.token, r.mac_addrs]);
  const applied = (subject: string, from: number) => consumed.until((items) => items.slice(from).includes(subject), `push applying ${subject}`, 15_000);

  it('delivers a new message to the endpoints covering its device, as the most specific switch says', async () => {
    const user = newUser();
    const [d1, d2] = [camera(user), camera(user)];
    await register(user, 'everything');
    await register(user, 'only-d1', d1.toLowerCase());
    // Everything off; d1 on, but not its doorbell; sound on everywhere.
    await setSwitch(user, { enabled: '0' });
    await setSwitch(user, { enabled: '1', devId: d1 });
    await setSwitch(user, { enabled: '0', devId: d1, type: '4' });
    await setSwitch(user, { enabled: '1', type: '2' });

    const cases: Array<[string, number, string[]]> = [
      [d1, 1, ['everything', 'only-d1']], // the device's switch beats "everything off"
      [d1, 4, []], // the device's type's switch beats the device's
      [d1, 2, ['everything', 'only-d1']], // device on; sound on
      [d2, 2, ['everything']], // the type's switch beats "everything off"; only-d1 does not cover d2
      [d2, 1, []], // everything off
    ];
    for (const [mac, type, expected] of cases) {
      const stored = await h.alarm(mac, type);
      expect([mac === d1 ? 'd1' : 'd2', type, await deliveredTo(stored.messageId)]).toEqual([mac === d1 ? 'd1' : 'd2', type, expected]);
    }
  });

  it('a push server at a private address is never called: the SSRF guard refuses it and the delivery waits for a retry', async () => {
    const user = newUser();
    const mac = camera(user);
    await register(user, `guarded-${user.userId}`);
    let seen = retried.items.length;
    const { messageId } = await h.alarm(mac, 1);
    const delivery = async () => (await h.sql.query(`SELECT state, attempts, last_error FROM push.push_delivery WHERE message_id = $1`, [messageId])).rows[0];
    // Earlier tests' deliveries to the same guarded address retry too: wait for retries until this one's is among them.
    let row = await delivery();
    while (row.last_error === null) {
      await retried.until((items) => items.length > seen, 'an attempt ending in a retry');
      seen = retried.items.length;
      row = await delivery();
    }
    expect(row).toMatchObject({ state: 'pending', last_error: 'merchant address 127.0.0.1 is not allowed (loopback)' });
  });

  it('a token registered by another user moves to them: the first user\'s alarms stop going there', async () => {
    const [first, second] = [newUser(0), newUser(0)];
    const mac = camera(first);
    const token = `shared-phone-${first.userId}`;
    await register(first, token);
    await register(second, token);
    expect(await endpointsOf(first.userId)).toEqual([]);
    expect(await endpointsOf(second.userId)).toEqual([[token, []]]);
    expect(await deliveredTo((await h.alarm(mac, 1)).messageId)).toEqual([]);
  });

  it('a merged alarm (storm) gets no new delivery', async () => {
    const merging = await startPushHarness({ PUSH_ALARM_COOLDOWN_SECONDS: '600' });
    try {
      await merging.module.get(ProviderCredentials).set(merchantOf(3), 'webhook', { url: 'http://127.0.0.1:9/push' });
      const user: AuthenticatedUser = { userId: 3, openId: 'open3', clientId: merchantOf(3), uuid: 'uuid-3' };
      const mac = newMac();
      merging.owners.set(mac, 3);
      await merging.gateway('push_endpoint.register', { provider: 'webhook', token: 'phone' }, user);
      const first = await merging.alarm(mac, 1);
      const second = await merging.alarm(mac, 1);
      expect([second.messageId, second.merged]).toEqual([first.messageId, true]);
      const { rows } = await merging.sql.query(`SELECT count(*)::int AS n FROM push.push_delivery WHERE message_id = $1`, [first.messageId]);
      expect(rows[0].n).toBe(1);
    } finally {
      await merging.close();
    }
  });

  it('unbinding takes the device out of the endpoints\' sets (an endpoint for it alone goes) and drops its switches', async () => {
    const user = newUser();
    const [d1, d2] = [camera(user), camera(user)];
    await register(user, 'a-all');
    await register(user, 'b-d1', d1);
    await register(user, 'c-both', `${d1},${d2}`);
    await setSwitch(user, { enabled: '0', devId: d1 });
    await setSwitch(user, { enabled: '0', devId: d2 });
    const from = consumed.items.length;
    await h.runtime.events.publish(buildEvent('deviceUnbound', { macAddr: d1, userId: user.userId, reason: 'user' }));
    await applied('dcp.device.device.unbound.v1', from);
    expect(await endpointsOf(user.userId)).toEqual([
      ['a-all', []],
      ['c-both', [d2]],
    ]);
    const switches = await h.gateway('push_switch.list', {}, user);
    expect((switches.data as { list: unknown[] }).list).toEqual([{ devId: d2, type: -1, enabled: false }]);
  });

  it('a deleted user\'s endpoints and switches go; another user\'s stay', async () => {
    const [user, bystander] = [newUser(), newUser()];
    await register(user, `gone-${user.userId}`);
    await setSwitch(user, { enabled: '0' });
    await register(bystander, `kept-${bystander.userId}`);
    const from = consumed.items.length;
    await h.runtime.events.publish(buildEvent('userDeleted', { userId: user.userId, openId: user.openId, clientId: user.clientId, uuid: user.uuid }));
    await applied('dcp.sso.user.deleted.v1', from);
    expect(await endpointsOf(user.userId)).toEqual([]);
    expect((await h.sql.query(`SELECT count(*)::int AS n FROM push.push_switch WHERE user_id = $1`, [user.userId])).rows[0].n).toBe(0);
    expect(await endpointsOf(bystander.userId)).toEqual([[`kept-${bystander.userId}`, []]]);
  });

  it('keeps messages for their merchant\'s retention, the default for merchants without one', async () => {
    const [short, long] = [newUser(0), newUser(1)];
    const [shortMac, longMac] = [camera(short), camera(long)];
    await h.sql.query(`INSERT INTO push.push_merchant_setting (client_id, retention_days, updated_at) VALUES ($1, 1, now()) ON CONFLICT (client_id) DO UPDATE SET retention_days = 1`, [short.clientId]);
    await h.sql.query(`DELETE FROM push.push_merchant_setting WHERE client_id = $1`, [long.clientId]);
    const shortMessage = await h.alarm(shortMac, 1);
    const longMessage = await h.alarm(longMac, 1);
    const exists = async (id: string) => (await h.sql.query(`SELECT 1 FROM push.alarm_message WHERE id = $1`, [id])).rowCount === 1;
    h.clock.advance(2 * DAY_S);
    try {
      await h.module.get(MessageRetentionJob).purgeOnce();
      expect([await exists(shortMessage.messageId), await exists(longMessage.messageId)]).toEqual([false, true]);
      h.clock.advance(6 * DAY_S);
      await h.module.get(MessageRetentionJob).purgeOnce();
      expect(await exists(longMessage.messageId)).toBe(false);
    } finally {
      h.clock.advance(-8 * DAY_S);
    }
  });
});
