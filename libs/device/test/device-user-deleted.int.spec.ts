/**
 * The user.deleted consumer against real PostgreSQL: a deleted user's devices are removed, each with
 * device.unbound (reason user-deleted), in the inbox transaction — so the same event delivered again (to
 * another replica, or replayed by an operator from the dead letters) changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { type AuthenticatedUser, EVENTS, type EventEnvelope, deadLetterContracts } from '@dcp/contracts';
import { buildEvent } from '@dcp/messaging';
import { describeWithInfra, expectEvent } from '@dcp/testing';
import { type DeviceHarness, newUser, randomMac, startDeviceHarness } from './device-harness';

describeWithInfra(['postgres'], 'device: user.deleted consumer (PostgreSQL)', () => {
  let h: DeviceHarness;
  let replica: DeviceHarness;

  beforeAll(async () => {
    h = await startDeviceHarness();
    replica = await startDeviceHarness({ databaseUrl: h.databaseUrl, secretsKey: h.secretsKey, clock: h.clock });
  });
  afterAll(async () => {
    await replica?.close();
    await h?.close();
  });

  async function bind(user: AuthenticatedUser, mac = randomMac()): Promise<string> {
    await h.gateway(
      'user_ipc_setting_v2_0.addOemDevice',
      { macAddr: mac, deviceName: 'd', username: 'u', password: 'p', hasusertag: '2', supportStore: '1', supportRichMedia: '0', productName: 'CAM', oemCode: 'ACME' },
      user,
    );
    return mac;
  }
  const devicesOf = async (userId: number) => (await h.sql.query('SELECT mac_addr FROM device.device WHERE user_id = $1 ORDER BY id', [userId])).rows.map((r) => r.mac_addr as string);
  const unboundEvents = async (userId: number) =>
    (await h.sql.query(`SELECT count(*)::int AS n FROM device.outbox_event WHERE subject = $1 AND (payload->'data'->>'userId')::int = $2`, [EVENTS.deviceUnbound.subject, userId])).rows[0].n as number;
  const userDeleted = (user: AuthenticatedUser) => buildEvent('userDeleted', user);

  /** device.unbound for this MAC, published by either replica's relay (they share the outbox). */
  async function expectUnbound(mac: string): Promise<{ arrived: Promise<EventEnvelope> }> {
    const expectations = await Promise.all([h, replica].map((x) => expectEvent(x.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { macAddr: string }).macAddr === mac)));
    const arrived = Promise.any(expectations.map((e) => e.arrived)).finally(() => expectations.forEach((e) => void e.cancel()));
    arrived.catch(() => undefined);
    return { arrived };
  }

  it('removes every device of the deleted user with device.unbound (reason user-deleted) each; others keep theirs', async () => {
    const user = newUser();
    const bystander = newUser();
    const macs = [await bind(user), await bind(user), await bind(user)];
    const kept = await bind(bystander);
    const arrivals = await Promise.all(macs.map(expectUnbound));
    await h.runtime.events.publish(userDeleted(user));
    const events = await Promise.all(arrivals.map((a) => a.arrived));
    expect(events.map((e) => e.data)).toEqual(macs.map((macAddr) => ({ macAddr, userId: user.userId, reason: 'user-deleted' })));
    expect(await devicesOf(user.userId)).toEqual([]);
    expect(await devicesOf(bystander.userId)).toEqual([kept]);
  });

  it('a user without devices: the event is consumed and nothing is published', async () => {
    const nobody = newUser();
    const marker = newUser();
    const markerMac = await bind(marker);
    const arrived = await expectUnbound(markerMac);
    await h.runtime.events.publish(userDeleted(nobody));
    await h.runtime.events.publish(userDeleted(marker));
    await arrived.arrived; // the consumer handles one event at a time, in order: the first one is done too
    expect(await unboundEvents(nobody.userId)).toBe(0);
    const { rows } = await h.sql.query(`SELECT count(*)::int AS n FROM device.inbox_event WHERE durable = 'device-service'`);
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
  });

  it('the same event delivered again — to another replica, or replayed from the dead letters — changes nothing', async () => {
    const user = newUser();
    const mac = await bind(user);
    const envelope = userDeleted(user);
    const first = await expectUnbound(mac);
    await h.runtime.events.publish(envelope);
    await first.arrived;
    // The user's id is bound again after the deletion: a second application would remove this device.
    const later = await bind(user);

    // Redelivery to the other replica (its own bus, the shared database), followed by a marker event.
    const marker = newUser();
    const markerMac = await bind(marker);
    const markerDone = await expectUnbound(markerMac);
    await replica.runtime.events.publish(envelope);
    await replica.runtime.events.publish(userDeleted(marker));
    await markerDone.arrived;
    expect(await replica.runtime.metrics.render()).toContain('dcp_events_consumed_total{service="device",subject="dcp.sso.user.deleted.v1",outcome="duplicate"} 1');
    expect(await devicesOf(user.userId)).toEqual([later]);
    expect(await unboundEvents(user.userId)).toBe(1);

    // An operator replays it from the dead letters: resolved, still no effect.
    const id = randomUUID();
    await h.sql.query(
      `INSERT INTO device.dead_letter_event (id, durable, subject, event_id, payload, deliveries, error) VALUES ($1, 'device-service', $2, $3, $4, 5, 'boom')`,
      [id, envelope.type, envelope.id, JSON.stringify(envelope)],
    );
    const resolved = await h.rpc(deadLetterContracts('device').resolve, { id, body: { replay: true } });
    expect(resolved).toMatchObject({ id, resolvedAt: expect.any(String) });
    expect(await devicesOf(user.userId)).toEqual([later]);
    expect(await unboundEvents(user.userId)).toBe(1);
  });

  it('serves its open dead letters to operators', async () => {
    const id = randomUUID();
    await h.sql.query(`INSERT INTO device.dead_letter_event (id, durable, subject, payload, deliveries, error) VALUES ($1, 'device-service', 'dcp.sso.user.deleted.v1', '"garbage"', 1, 'unparseable')`, [id]);
    const list = await h.rpc(deadLetterContracts('device').list, {});
    expect(list.items).toContainEqual(expect.objectContaining({ id, durable: 'device-service', error: 'unparseable', resolvedAt: null }));
    expect(list.total).toBe(list.items.length);
  });
});
