/**
 * delOemDeviceForce (spec 4.4) against real PostgreSQL: the order of its checks, the ±300 s window in
 * seconds and milliseconds, the sign in either hex case, a manufacturer's own devices only, and replay
 * protection shared by two replicas of device-service over one database.
 */
import { DEVICE_RPC, ErrorCode, EVENTS, type AuthenticatedUser, type ManufacturerWithDelKey, colonMac } from '@dcp/contracts';
import { md5Hex } from '@dcp/signing';
import { describeWithInfra, expectEvent } from '@dcp/testing';
import { type DeviceHarness, newUser, randomMac, rejection, startDeviceHarness } from './device-harness';

const FORCE = 'user_ipc_setting_v2_0.delOemDeviceForce';

describeWithInfra(['postgres'], 'device: force unbind (PostgreSQL)', () => {
  let h: DeviceHarness;
  let replica: DeviceHarness;
  let maker: ManufacturerWithDelKey;

  beforeAll(async () => {
    h = await startDeviceHarness();
    replica = await startDeviceHarness({ databaseUrl: h.databaseUrl, secretsKey: h.secretsKey, clock: h.clock });
    maker = await h.createManufacturer();
  });
  afterAll(async () => {
    await replica?.close();
    await h?.close();
  });

  const seconds = () => String(Math.floor(h.clock.now() / 1000));
  const signed = (mac: string, timeStamp: string, oemCode = maker.oemCode, delKey = maker.delKey) => ({ mac, timeStamp, oemCode, sign: md5Hex(`${mac}${timeStamp}${delKey}`) });
  const force = (params: Record<string, string>, on: DeviceHarness = h) => on.gateway(FORCE, params);

  async function bind(mac: string, oemCode = maker.oemCode, user: AuthenticatedUser = newUser()): Promise<AuthenticatedUser> {
    await h.gateway(
      'user_ipc_setting_v2_0.addOemDevice',
      { macAddr: mac, deviceName: 'd', username: 'u', password: 'p', hasusertag: '0', supportStore: '1', supportRichMedia: '1', productName: 'CAM', oemCode },
      user,
    );
    return user;
  }
  const bound = async (mac: string) => (await h.sql.query('SELECT count(*)::int AS n FROM device.device WHERE mac_addr = $1', [mac])).rows[0].n === 1;

  it('unbinds the manufacturer\'s device and publishes device.unbound (reason force)', async () => {
    const mac = randomMac();
    const user = await bind(mac);
    const unbound = await expectEvent(h.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { macAddr: string }).macAddr === mac);
    await expect(force(signed(mac, seconds()))).resolves.toEqual({});
    expect((await unbound.arrived).data).toEqual({ macAddr: mac, userId: user.userId, reason: 'force' });
    expect(await bound(mac)).toBe(false);
  });

  it('accepts the MAC in any accepted form (signed as sent), a millisecond timeStamp and an upper-case sign', async () => {
    const mac = randomMac();
    await bind(mac);
    const sent = colonMac(mac)!.toLowerCase().replace(/:/g, '-');
    const params = signed(sent, String(h.clock.now()));
    await expect(force({ ...params, sign: params.sign.toUpperCase() })).resolves.toEqual({});
    expect(await bound(mac)).toBe(false);
  });

  it('answers DV0040 for an unknown oemCode, before judging timeStamp or sign', async () => {
    const err = await rejection(force({ mac: randomMac(), timeStamp: 'not-a-number', oemCode: 'NOBODY', sign: 'x' }));
    expect(err.code).toBe(ErrorCode.DEVICE_FORCE_OEM_UNKNOWN);
    expect(err.failureDetails).toContain('NOBODY');
  });

  it.each([
    ['301 s behind', -301],
    // One second more than the bound: the server's clock may tick between signing and checking.
    ['302 s ahead', 302],
    ['an hour behind', -3600],
  ])('answers DV0042 for a timeStamp %s (seconds and milliseconds)', async (_label, offset) => {
    const mac = randomMac();
    await bind(mac);
    expect((await rejection(force(signed(mac, String(Math.floor(h.clock.now() / 1000) + offset))))).code).toBe(ErrorCode.DEVICE_FORCE_TIMESTAMP_OUT_OF_WINDOW);
    expect((await rejection(force(signed(mac, String(h.clock.now() + offset * 1000))))).code).toBe(ErrorCode.DEVICE_FORCE_TIMESTAMP_OUT_OF_WINDOW);
    expect(await bound(mac)).toBe(true);
  });

  it('accepts a timeStamp 298 s off in either direction', async () => {
    // Two seconds inside the bound: the server's clock may tick between signing and checking.
    for (const offset of [-298, 298]) {
      const mac = randomMac();
      await bind(mac);
      await expect(force(signed(mac, String(Math.floor(h.clock.now() / 1000) + offset)))).resolves.toEqual({});
    }
  });

  it('answers 000006 naming timeStamp when it is not a number, and naming mac when it is not a MAC', async () => {
    expect(await rejection(force(signed(randomMac(), '2026-01-01')))).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: expect.stringContaining('timeStamp') });
    expect(await rejection(force(signed('AA:BB:CC', seconds())))).toMatchObject({
      code: ErrorCode.FC_INVALID_PARAMETER,
      failureDetails: 'parameter mac is not a MAC address (12 hex digits, optionally separated by ":" or "-")',
    });
  });

  it('answers DV0043 for a sign over other values or under another key, and leaves the device bound', async () => {
    const mac = randomMac();
    await bind(mac);
    const ts = seconds();
    const good = signed(mac, ts);
    for (const params of [
      { ...good, sign: md5Hex(`${mac}${ts}wrong-key`) },
      { ...good, sign: md5Hex(`${colonMac(mac)}${ts}${maker.delKey}`) },
      { ...good, sign: good.sign.slice(0, 31) },
      { ...good, sign: 'z'.repeat(32) },
    ]) {
      expect((await rejection(force(params))).code).toBe(ErrorCode.DEVICE_FORCE_SIGN_MISMATCH);
    }
    expect(await bound(mac)).toBe(true);
  });

  it('answers DV0044 for a sign used before — in another letter case, and on another replica', async () => {
    const mac = randomMac();
    await bind(mac);
    const params = signed(mac, seconds());
    await expect(force(params)).resolves.toEqual({});
    await bind(mac);
    expect((await rejection(force(params))).code).toBe(ErrorCode.DEVICE_FORCE_SIGN_REPLAYED);
    expect((await rejection(force({ ...params, sign: params.sign.toUpperCase() }, replica))).code).toBe(ErrorCode.DEVICE_FORCE_SIGN_REPLAYED);
    expect(await bound(mac)).toBe(true);
  });

  it('concurrent uses of one sign on two replicas: exactly one is accepted', async () => {
    const mac = randomMac();
    await bind(mac);
    const params = signed(mac, seconds());
    const results = await Promise.allSettled([force(params), force(params, replica), force(params), force(params, replica)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe(ErrorCode.DEVICE_FORCE_SIGN_REPLAYED);
  });

  it('answers 020041 for a MAC that is not bound and for another manufacturer\'s device, which stays bound', async () => {
    expect((await rejection(force(signed(randomMac(), seconds())))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    const other = await h.createManufacturer();
    const mac = randomMac();
    await bind(mac, other.oemCode);
    expect((await rejection(force(signed(mac, seconds()))))).toMatchObject({ code: ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS, failureDetails: expect.stringContaining(maker.oemCode) });
    expect(await bound(mac)).toBe(true);
    await expect(force(signed(mac, seconds(), other.oemCode, other.delKey))).resolves.toEqual({});
    expect(await bound(mac)).toBe(false);
  });

  it('stores used signs lower-case per manufacturer until the window has passed, and drops expired ones', async () => {
    const mac = randomMac();
    await bind(mac);
    const ts = seconds();
    const params = signed(mac, ts);
    await force({ ...params, sign: params.sign.toUpperCase() });
    const { rows } = await h.sql.query('SELECT sign, expires_at FROM device.used_force_sign WHERE oem_code = $1 AND sign = $2', [maker.oemCode, params.sign]);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].expires_at).getTime()).toBe((Number(ts) + 360) * 1000);
    // Once its time has passed, the next sign of the manufacturer removes it.
    h.clock.advance(400);
    const later = randomMac();
    await bind(later);
    await force(signed(later, seconds()));
    expect((await h.sql.query('SELECT count(*)::int AS n FROM device.used_force_sign WHERE sign = $1', [params.sign])).rows[0].n).toBe(0);
  });

  it('stops verifying the old delKey as soon as it is rotated', async () => {
    const m = await h.createManufacturer();
    const rotated = await h.rpc(DEVICE_RPC.rotateDelKey, { oemCode: m.oemCode });
    const mac = randomMac();
    await bind(mac, m.oemCode);
    expect((await rejection(force(signed(mac, seconds(), m.oemCode, m.delKey)))).code).toBe(ErrorCode.DEVICE_FORCE_SIGN_MISMATCH);
    await expect(force(signed(mac, seconds(), m.oemCode, rotated.delKey))).resolves.toEqual({});
  });
});
