/**
 * The storage-service consumer against real PostgreSQL: device.unbound purges that device's recordings under
 * that owner, user.deleted every recording of the user, each a purge job written in the inbox transaction
 * (applied once: the same event again changes nothing) and worked off by the sweeper (CS21), objects deleted
 * after each batch; events about unknown devices or users
 * are a no-op; dead letters are served for operators.
 */
import { randomUUID } from 'node:crypto';
import { EVENTS, colonMac, deadLetterContracts } from '@dcp/contracts';
import { buildEvent } from '@dcp/messaging';
import { describeWithInfra } from '@dcp/testing';
import { type StorageHarness, newMac, newUserId, startStorageHarness } from './storage-harness';

describeWithInfra(['postgres'], 'storage: purge on device.unbound and user.deleted (PostgreSQL)', () => {
  let h: StorageHarness;

  beforeAll(async () => {
    h = await startStorageHarness();
  });
  afterAll(async () => h?.close());

  const nowS = () => Math.floor(h.clock.now() / 1000);
  /** A device plan as a camera upload records it (CU6). */
  const recordPlan = (mac: string, userId: number) =>
    h.sql.query(`INSERT INTO storage.device_plan (mac_addr, user_id, retention_days, plan_ends_at) VALUES ($1, $2, 7, now() + interval '30 days')`, [mac, userId]);
  const plansOf = async (where: string, params: unknown[]) => (await h.sql.query(`SELECT mac_addr, user_id FROM storage.device_plan WHERE ${where} ORDER BY mac_addr, user_id`, params)).rows;
  const segmentsOf = async (where: string, params: unknown[]) => (await h.sql.query(`SELECT mac_addr, user_id FROM storage.segment WHERE ${where} ORDER BY mac_addr, user_id`, params)).rows;
  const user = (userId: number) => ({ userId, openId: `open${userId}`, clientId: 'client-1', uuid: `uuid-${userId}` });

  it('device.unbound (any reason) purges that device under that owner only; objects go after the commit', async () => {
    const [mac, otherMac] = [newMac(), newMac()];
    const [previous, owner] = [newUserId(), newUserId()];
    h.bind(mac, previous);
    const old = await h.ingest(mac, nowS() - 500);
    h.bind(mac, owner);
    const mine = [await h.ingest(mac, nowS() - 400), await h.ingest(mac, nowS() - 300)];
    h.bind(otherMac, owner);
    const other = await h.ingest(otherMac, nowS() - 200);

    for (const [m, u] of [[mac, previous], [mac, owner], [otherMac, owner]] as const) await recordPlan(m, u);

    h.bind(mac, undefined);
    expect(await h.deliver('deviceUnbound', { macAddr: mac, userId: owner, reason: 'force' })).toBe('applied');
    await h.sweeper.sweep(); // works off the purge job (CS21)
    expect(await segmentsOf('user_id = $1', [owner])).toEqual([{ mac_addr: otherMac, user_id: owner }]);
    expect(await plansOf('user_id IN ($1, $2)', [previous, owner])).toEqual([{ mac_addr: mac, user_id: previous }, { mac_addr: otherMac, user_id: owner }].sort((x, y) => x.mac_addr.localeCompare(y.mac_addr)));
    expect(await segmentsOf('mac_addr = $1', [mac])).toEqual([{ mac_addr: mac, user_id: previous }]);
    await h.sweeper.sweep();
    const files = h.objectFiles();
    for (const s of mine) expect(files).not.toContain(`${s.segmentId}.ts`);
    for (const s of [old, other]) expect(files).toContain(`${s.segmentId}.ts`);
  });

  it('user.deleted purges every recording of the user on every device; other users keep theirs', async () => {
    const [a, b, c] = [newMac(), newMac(), newMac()];
    const [gone, kept] = [newUserId(), newUserId()];
    h.bind(a, gone);
    h.bind(b, gone);
    h.bind(c, kept);
    for (const mac of [a, b, c]) await h.ingest(mac, nowS() - 100);
    for (const [mac, u] of [[a, gone], [b, gone], [c, kept]] as const) await recordPlan(mac, u);
    expect(await h.deliver('userDeleted', user(gone))).toBe('applied');
    await h.sweeper.sweep();
    expect(await segmentsOf('user_id = $1', [gone])).toEqual([]);
    expect(await plansOf('user_id IN ($1, $2)', [gone, kept])).toEqual([{ mac_addr: c, user_id: kept }]);
    expect(await segmentsOf('user_id = $1', [kept])).toEqual([{ mac_addr: c, user_id: kept }]);
    const { rows } = await h.sql.query(`SELECT count(*)::int AS n FROM storage.inbox_event WHERE durable = 'storage-service'`);
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
  });

  it('applied once: the same event again (an operator replaying it from the dead letters) spares what was stored since', async () => {
    const mac = newMac();
    const owner = newUserId();
    h.bind(mac, owner);
    await h.ingest(mac, nowS() - 100);
    const envelope = buildEvent('deviceUnbound', { macAddr: mac, userId: owner, reason: 'user' });
    expect(await h.deliver('deviceUnbound', envelope.data, envelope)).toBe('applied');
    // Bound again by the same user, recorded again: a second application would purge it.
    await h.ingest(mac, nowS() - 50);
    const id = randomUUID();
    await h.sql.query(
      `INSERT INTO storage.dead_letter_event (id, durable, subject, event_id, payload, deliveries, error) VALUES ($1, 'storage-service', $2, $3, $4, 5, 'boom')`,
      [id, envelope.type, envelope.id, JSON.stringify(envelope)],
    );
    expect(await h.rpc(deadLetterContracts('storage').resolve, { id, body: { replay: true } })).toMatchObject({ id, resolvedAt: expect.any(String) });
    await h.sweeper.sweep();
    expect(await segmentsOf('mac_addr = $1', [mac])).toEqual([{ mac_addr: mac, user_id: owner }]);
  });

  it('a dead letter never applied is applied by the replay', async () => {
    const mac = newMac();
    const owner = newUserId();
    h.bind(mac, owner);
    await h.ingest(mac, nowS() - 100);
    const envelope = buildEvent('deviceUnbound', { macAddr: mac, userId: owner, reason: 'force' });
    const id = randomUUID();
    await h.sql.query(
      `INSERT INTO storage.dead_letter_event (id, durable, subject, event_id, payload, deliveries, error) VALUES ($1, 'storage-service', $2, $3, $4, 5, 'boom')`,
      [id, envelope.type, envelope.id, JSON.stringify(envelope)],
    );
    const open = await h.rpc(deadLetterContracts('storage').list, {});
    expect(open.items).toContainEqual(expect.objectContaining({ id, durable: 'storage-service', resolvedAt: null }));
    await h.rpc(deadLetterContracts('storage').resolve, { id, body: { replay: true } });
    await h.sweeper.sweep();
    expect(await segmentsOf('mac_addr = $1', [mac])).toEqual([]);
  });

  it('a dead letter recorded in the colon form before the canonical MAC changed purges the canonical device', async () => {
    const mac = newMac();
    const owner = newUserId();
    h.bind(mac, owner);
    await h.ingest(mac, nowS() - 100);
    const envelope = { id: randomUUID(), type: EVENTS.deviceUnbound.subject, occurredAt: new Date().toISOString(), source: 'device-service', data: { macAddr: colonMac(mac), userId: owner, reason: 'force' } };
    const id = randomUUID();
    await h.sql.query(
      `INSERT INTO storage.dead_letter_event (id, durable, subject, event_id, payload, deliveries, error) VALUES ($1, 'storage-service', $2, $3, $4, 5, 'boom')`,
      [id, envelope.type, envelope.id, JSON.stringify(envelope)],
    );
    await h.rpc(deadLetterContracts('storage').resolve, { id, body: { replay: true } });
    await h.sweeper.sweep();
    expect(await segmentsOf('mac_addr = $1', [mac])).toEqual([]);
  });

  it('events about devices or users without recordings are a no-op, not a failure', async () => {
    expect(await h.deliver('deviceUnbound', { macAddr: newMac(), userId: newUserId(), reason: 'user-deleted' })).toBe('applied');
    expect(await h.deliver('userDeleted', user(newUserId()))).toBe('applied');
  });

});

describeWithInfra(['postgres', 'nats'], 'storage: device.unbound published in the colon form before the canonical MAC changed (JetStream, PostgreSQL)', () => {
  let h: StorageHarness;

  beforeAll(async () => {
    h = await startStorageHarness({ jetstream: true });
  });
  afterAll(async () => h?.close());

  const nowS = () => Math.floor(h.clock.now() / 1000);

  it.each(['colon', 'lower-case dash'])('an event in the stream carrying the MAC in %s form purges that device under that owner only', async (form) => {
    const [mac, otherMac] = [newMac(), newMac()];
    const owner = newUserId();
    h.bind(mac, owner);
    const mine = await h.ingest(mac, nowS() - 300);
    h.bind(otherMac, owner);
    const other = await h.ingest(otherMac, nowS() - 200);
    h.bind(mac, undefined);

    const spelled = form === 'colon' ? colonMac(mac)! : colonMac(mac)!.toLowerCase().replace(/:/g, '-');
    expect(await h.deliverRaw('deviceUnbound', { macAddr: spelled, userId: owner, reason: 'user' })).toBe('applied');
    await h.sweeper.sweep();
    expect((await h.sql.query(`SELECT id::text FROM storage.segment WHERE user_id = $1`, [owner])).rows).toEqual([{ id: other.segmentId }]);
    await h.sweeper.sweep();
    expect(h.objectFiles()).not.toContain(`${mine.segmentId}.ts`);
    expect(h.objectFiles()).toContain(`${other.segmentId}.ts`);
    expect((await h.rpc(deadLetterContracts('storage').list, {})).total).toBe(0);
  });
});
