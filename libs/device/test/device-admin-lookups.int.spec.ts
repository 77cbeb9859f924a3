/**
 * The operator look-ups of device-service (ADMIN_LOOKUP_RPC.getDevice / listUserDevices) and its outbox
 * backlog contract, against real PostgreSQL: devices bound through the gateway operation, read back with
 * their manufacturer's name and never their password, paged per user.
 */
import { ADMIN_LOOKUP_RPC, ErrorCode, type AuthenticatedUser, outboxBacklogContract } from '@dcp/contracts';
import { describeWithInfra } from '@dcp/testing';
import { type DeviceHarness, newUser, randomMac, rejection, startDeviceHarness } from './device-harness';

describeWithInfra(['postgres'], 'device: operator look-ups (PostgreSQL)', () => {
  let h: DeviceHarness;
  let oemCode: string;
  beforeAll(async () => {
    h = await startDeviceHarness();
    oemCode = (await h.createManufacturer()).oemCode;
  });
  afterAll(() => h?.close());

  const bind = (user: AuthenticatedUser, macAddr: string, extra: Record<string, string> = {}) =>
    h.gateway('user_ipc_setting_v2_0.addOemDevice', {
      macAddr,
      deviceName: 'Porch',
      username: 'admin',
      password: 'ENC(s3cr3t==)',
      hasusertag: '2',
      supportStore: '1',
      supportRichMedia: '0',
      productName: 'CAM-2000',
      oemCode,
      ...extra,
    }, user);

  it('reads a bound device by canonical MAC with its manufacturer\'s name and bind time, never its password', async () => {
    const user = newUser();
    const mac = randomMac();
    await bind(user, mac.toLowerCase().match(/../g)!.join(':'));
    const view = await h.rpc(ADMIN_LOOKUP_RPC.getDevice, { macAddr: mac });
    expect(view).toEqual({
      macAddr: mac,
      userId: user.userId,
      deviceName: 'Porch',
      productName: 'CAM-2000',
      oemCode,
      manufacturerName: expect.any(String),
      username: 'admin',
      hasusertag: 2,
      supportStore: 1,
      supportRichMedia: 0,
      boundAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const { rows } = await h.sql.query('SELECT created_at FROM device.device WHERE mac_addr = $1', [mac]);
    expect(view.boundAt).toBe((rows[0].created_at as Date).toISOString());
    expect(JSON.stringify(view)).not.toContain('s3cr3t');
  });

  it('names no manufacturer when none is registered under the oemCode', async () => {
    const mac = randomMac();
    await bind(newUser(), mac, { oemCode: 'UNREGISTERED' });
    expect((await h.rpc(ADMIN_LOOKUP_RPC.getDevice, { macAddr: mac })).manufacturerName).toBeNull();
  });

  it('answers ADMIN_NOT_FOUND for a MAC nobody has bound', async () => {
    const err = await rejection(h.rpc(ADMIN_LOOKUP_RPC.getDevice, { macAddr: randomMac() }));
    expect(err).toMatchObject({ code: ErrorCode.ADMIN_NOT_FOUND });
  });

  it('pages a user\'s devices in the order they were bound, with the total; others\' devices are not listed', async () => {
    const user = newUser();
    const macs = [randomMac(), randomMac(), randomMac()];
    for (const mac of macs) await bind(user, mac);
    await bind(newUser(), randomMac());
    const all = await h.rpc(ADMIN_LOOKUP_RPC.listUserDevices, { userId: user.userId });
    expect(all.total).toBe(3);
    expect(all.items.map((d) => d.macAddr)).toEqual(macs);
    const second = await h.rpc(ADMIN_LOOKUP_RPC.listUserDevices, { userId: user.userId, limit: 1, offset: 1 });
    expect(second).toEqual({ items: [all.items[1]], total: 3, totalIsEstimate: false, nextCursor: expect.any(String) });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.listUserDevices, { userId: user.userId, limit: 5, cursor: second.nextCursor })).toEqual({ items: [all.items[2]], total: 3, totalIsEstimate: false, nextCursor: null });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.listUserDevices, { userId: newUser().userId })).toEqual({ items: [], total: 0, totalIsEstimate: false, nextCursor: null });
    // A cursor is good for the user it was answered for only.
    await expect(h.rpc(ADMIN_LOOKUP_RPC.listUserDevices, { userId: newUser().userId, cursor: second.nextCursor })).rejects.toMatchObject({ failureDetails: expect.stringMatching(/^invalid field cursor: issued for other filters/) });
  });

  it('answers its outbox backlog: events written and not yet published', async () => {
    const backlog = await h.rpc(outboxBacklogContract('device'), {});
    const { rows } = await h.sql.query('SELECT count(*)::int AS n FROM device.outbox_event WHERE published_at IS NULL');
    expect(backlog.pending).toBe(rows[0].n);
    expect(backlog.oldestAgeSeconds).toBeGreaterThanOrEqual(0);
    // A row the relay has not published yet (written behind its back) is counted, with its age.
    await h.sql.query(`INSERT INTO device.outbox_event (id, subject, payload, created_at) VALUES (gen_random_uuid(), 'dcp.test.ignored.v1', '{}'::jsonb, now() - interval '90 seconds')`);
    const after = await h.rpc(outboxBacklogContract('device'), {});
    expect(after.pending).toBeGreaterThanOrEqual(1);
    expect(after.oldestAgeSeconds).toBeGreaterThanOrEqual(90);
  });
});
